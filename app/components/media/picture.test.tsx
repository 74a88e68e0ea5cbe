import { describe, expect, it } from "vitest";
import { renderMarkup } from "../../../tests/support/markup";
import { rasterImage, svgLogo } from "../../../tests/support/widgets";
import { mediaErrorMessage } from "./media-error";
import { DEFAULT_SIZES, orderSources, Picture } from "./picture";

describe("Picture", () => {
  const image = rasterImage("audience-reach", 1600, 900, "Audience reach across publishers");

  it("renders <picture> with WebP first, srcset and default sizes, and a sized lazy <img>", () => {
    const html = renderMarkup(<Picture image={image} />);
    // React serialises srcSet/fetchPriority in camel case; HTML attribute names are case-insensitive.
    expect(html).toContain(
      `<picture><source type="image/webp" srcSet="${image.sources[0]?.srcset}"`,
    );
    expect(image.sources[0]?.srcset).toContain(
      "/media/65f2c1a9e4b0/audience-reach-960x540.webp 960w",
    );
    expect(html).toContain(`sizes="${DEFAULT_SIZES}"`);
    expect(DEFAULT_SIZES).toBe("100vw");
    expect(html.indexOf('type="image/webp"')).toBeLessThan(html.indexOf('type="image/png"'));
    expect(html).toContain(`src="${image.src}"`);
    expect(html).toContain('width="1600"');
    expect(html).toContain('height="900"');
    expect(html).toContain('alt="Audience reach across publishers"');
    expect(html).toContain('loading="lazy"');
    expect(html).toContain('decoding="async"');
    expect(html.toLowerCase()).not.toContain("fetchpriority");
  });

  it("passes custom sizes to every source", () => {
    const html = renderMarkup(<Picture image={image} sizes="(min-width: 48rem) 50vw, 100vw" />);
    expect(html.match(/sizes="\(min-width: 48rem\) 50vw, 100vw"/g)).toHaveLength(2);
  });

  it("priority loads eagerly with fetchpriority=high", () => {
    const html = renderMarkup(<Picture image={image} priority />);
    expect(html).toContain('loading="eager"');
    expect(html).toContain('fetchPriority="high"');
  });

  it("lazy={false} loads eagerly without raising the priority", () => {
    const html = renderMarkup(<Picture image={image} lazy={false} />);
    expect(html).toContain('loading="eager"');
    expect(html.toLowerCase()).not.toContain("fetchpriority");
  });

  it("always sets width and height, even without sources", () => {
    const html = renderMarkup(<Picture image={{ ...image, sources: [] }} className="hero-img" />);
    expect(html).toBe(
      `<picture><img class="media-img hero-img" src="${image.src}" width="1600" height="900" alt="Audience reach across publishers" loading="lazy" decoding="async"/></picture>`,
    );
  });

  it("puts WebP sources first whatever the model order", () => {
    const ordered = orderSources([
      { type: "image/jpeg", srcset: "a.jpg 1x" },
      { type: "image/webp", srcset: "a.webp 1x" },
    ]);
    expect(ordered.map((s) => s.type)).toEqual(["image/webp", "image/jpeg"]);
  });

  it("inlines SVG markup with role=img and the alt as accessible name", () => {
    const html = renderMarkup(<Picture image={svgLogo("id5-logo", "ID5")} />);
    expect(html).toMatch(/^<span class="media-svg" role="img" aria-label="ID5"><svg /);
    expect(html).not.toContain("<picture");
  });

  it("hides decorative inline SVG from assistive technology", () => {
    const html = renderMarkup(<Picture image={svgLogo("pattern", "")} />);
    expect(html).toContain('aria-hidden="true"');
    expect(html).not.toContain('role="img"');
  });

  it("renders an SVG without inline markup as a regular image", () => {
    const html = renderMarkup(<Picture image={svgLogo("id5-logo", "ID5", false)} />);
    expect(html).toContain('<img class="media-img" src="/media/65f2c1a9e4b1/id5-logo.svg"');
  });

  it.each(["VID", "PDF", "DIR"])("refuses media of type %s with the exact message", (type) => {
    const html = renderMarkup(<Picture image={{ ...image, mediaType: type }} />);
    expect(mediaErrorMessage(type)).toBe(`Media of type ${type} cannot be used as an image`);
    expect(html).toBe(`<span hidden="" data-media-error="${mediaErrorMessage(type)}"></span>`);
  });
});
