import { describe, expect, it } from "vitest";
import type { RichNode } from "~/content/models";
import { byAttr, byClass, byTag, renderDom, text } from "../../../tests/support/markup";
import { Hero } from "./hero";

const section = (dom: ReturnType<typeof renderDom>) => dom.one(byTag("section"));

describe("Hero", () => {
  it("defaults to the blue-dark theme, full screen, with an h1 title", () => {
    const dom = renderDom(<Hero title="Identity for the open web" />);
    const hero = section(dom);
    expect(hero.attribs["data-theme"]).toBe("blue-dark");
    expect(hero.attribs.class).toContain("hero--full");
    const h1 = dom.one(byTag("h1"), hero);
    expect(text(h1)).toBe("Identity for the open web");
    expect(hero.attribs["aria-labelledby"]).toBe(h1.attribs.id);
  });

  it("renders each theme", () => {
    for (const theme of ["blue-light", "mint", "orange"] as const) {
      expect(section(renderDom(<Hero title="T" theme={theme} />)).attribs["data-theme"]).toBe(
        theme,
      );
    }
  });

  it("renders inline rich nodes in the title", () => {
    const title: RichNode[] = [
      "Reach ",
      { tag: "em", children: ["real people"] },
      { tag: "br", children: [] },
      { tag: "strong", children: ["everywhere"] },
      { tag: "a", attrs: { href: "/technology" }, children: ["!"] },
    ];
    const dom = renderDom(<Hero title={title} />);
    const h1 = dom.one(byTag("h1"));
    expect(dom.html).toContain("Reach <em>real people</em><br/><strong>everywhere</strong>");
    expect(dom.one(byTag("a"), h1).attribs.href).toBe("/technology");
  });

  it("unwraps block tags so the heading holds no paragraph", () => {
    const dom = renderDom(<Hero title={[{ tag: "p", children: ["Plain"] }]} />);
    expect(dom.all(byTag("p"), dom.one(byTag("h1")))).toHaveLength(0);
    expect(text(dom.one(byTag("h1")))).toBe("Plain");
  });

  it("staggers its text by 200 ms, in order", () => {
    const dom = renderDom(
      <Hero
        title="Title"
        description="Description"
        cta={{ label: "Talk to us", href: "/contact" }}
        body={<span>Body</span>}
        footer={<span>Footer</span>}
      />,
    );
    const targets = dom.all(byAttr("data-hero-animate"));
    expect(targets.map((el) => [el.attribs["data-hero-animate"], el.attribs.style])).toEqual([
      ["title", "animation-delay:0ms"],
      ["description", "animation-delay:200ms"],
      ["cta", "animation-delay:400ms"],
      ["body", "animation-delay:600ms"],
      ["footer", "animation-delay:800ms"],
    ]);
  });

  it("puts the animation timings from the constants on the section", () => {
    const style = section(renderDom(<Hero title="T" />)).attribs.style;
    expect(style).toContain("--hero-duration:1000ms");
    expect(style).toContain("--hero-gradient-cycle:10000ms");
  });

  it("renders a string description as a paragraph and rich content as given", () => {
    const plain = renderDom(<Hero title="T" description="Simple words" />);
    expect(plain.one(byClass("hero__description")).name).toBe("p");
    const rich = renderDom(<Hero title="T" description={<p>Rich words</p>} />);
    const description = rich.one(byClass("hero__description"));
    expect(description.name).toBe("div");
    expect(text(description)).toBe("Rich words");
  });

  it("leaves out what it is not given", () => {
    const dom = renderDom(<Hero title="T" />);
    expect(dom.all(byClass("hero__description"))).toHaveLength(0);
    expect(dom.all(byClass("hero__actions"))).toHaveLength(0);
    expect(dom.all(byClass("hero__footer"))).toHaveLength(0);
  });

  it("links an internal call to action in-app and an http one in a new tab", () => {
    const internal = renderDom(<Hero title="T" cta={{ label: "Go", href: "/contact" }} />);
    expect(internal.one(byTag("a")).attribs).toMatchObject({ href: "/contact" });
    expect(internal.one(byTag("a")).attribs.target).toBeUndefined();
    const external = renderDom(
      <Hero title="T" cta={{ label: "Docs", href: "https://docs.id5.io" }} />,
    );
    expect(external.one(byTag("a")).attribs).toMatchObject({
      href: "https://docs.id5.io",
      target: "_blank",
      rel: "noopener noreferrer",
    });
  });

  it("renders the footer slot in its bordered bottom band", () => {
    const dom = renderDom(<Hero title="T" footer={<span>Trusted by publishers</span>} />);
    expect(text(dom.one(byClass("hero__footer")))).toBe("Trusted by publishers");
  });

  it("supports an h2 title and a non-full-screen layout", () => {
    const dom = renderDom(<Hero title="Secondary" headingLevel={2} fullScreen={false} />);
    expect(dom.all(byTag("h1"))).toHaveLength(0);
    expect(text(dom.one(byTag("h2")))).toBe("Secondary");
    expect(section(dom).attribs.class).not.toContain("hero--full");
  });
});

describe("Hero image", () => {
  it("renders the CMS image with priority beside the text", () => {
    const dom = renderDom(
      <Hero
        title="T"
        image={{
          mediaType: "IMG",
          src: "/media/1/hero.png",
          width: 1200,
          height: 900,
          alt: "Identity graph",
          sources: [{ type: "image/webp", srcset: "/media/1/hero.webp 1200w" }],
        }}
      />,
    );
    const media = dom.one(byClass("hero__media"));
    expect(media.attribs["data-hero-animate"]).toBe("media");
    const img = dom.one(byTag("img"), media);
    expect(img.attribs).toMatchObject({ alt: "Identity graph", width: "1200", height: "900" });
    expect(img.attribs.fetchpriority).toBe("high");
    expect(section(dom).attribs.class).toContain("hero--media");
  });
});
