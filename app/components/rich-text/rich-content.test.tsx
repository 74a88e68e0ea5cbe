import { describe, expect, it } from "vitest";
import type { ContentBlock, RichNode } from "~/content/models";
import { unhandledWidgetMessage } from "~/widgets/unhandled-widget";
import { renderMarkup } from "../../../tests/support/markup";
import { paragraph, rasterImage } from "../../../tests/support/widgets";
import { FIGURE_SIZES, RichContent } from "./rich-content";
import { RichNodes } from "./rich-nodes";

const nodes = (...n: RichNode[]) => renderMarkup(<RichNodes nodes={n} />);

describe("RichNodes", () => {
  it("renders elements and escapes text (no HTML injection)", () => {
    const html = nodes({
      tag: "p",
      children: ["ID5 <script>alert(1)</script> ", { tag: "strong", children: ["matters"] }],
    });
    expect(html).toBe("<p>ID5 &lt;script&gt;alert(1)&lt;/script&gt; <strong>matters</strong></p>");
  });

  it("keeps heading ids for anchors and lang attributes", () => {
    const html = nodes(
      { tag: "h2", attrs: { id: "why-id5" }, children: ["Why ID5"] },
      { tag: "p", attrs: { lang: "ja" }, children: ["ID5について"] },
    );
    expect(html).toBe('<h2 id="why-id5">Why ID5</h2><p lang="ja">ID5について</p>');
  });

  it("renders void elements without children and nested lists", () => {
    const html = nodes(
      { tag: "p", children: ["one", { tag: "br", children: [] }, "two"] },
      { tag: "hr", children: [] },
      {
        tag: "ul",
        children: [
          { tag: "li", children: ["a"] },
          { tag: "li", children: ["b"] },
        ],
      },
    );
    expect(html).toBe("<p>one<br/>two</p><hr/><ul><li>a</li><li>b</li></ul>");
  });

  it("renders internal links as router links with a real href", () => {
    const html = nodes({
      tag: "p",
      children: [
        "See ",
        { tag: "a", attrs: { href: "/technology#id5-graph" }, children: ["the graph"] },
      ],
    });
    expect(html).toMatch(/^<p>See <a href="\/technology#id5-graph"[^>]*data-discover="true"/);
    expect(html).toContain(">the graph</a></p>");
  });

  it("renders hash links as plain anchors", () => {
    const html = nodes({ tag: "a", attrs: { href: "#values" }, children: ["Values"] });
    expect(html).toBe('<a href="#values">Values</a>');
  });

  it("keeps target on external links and forces rel on new-tab links", () => {
    const html = nodes(
      {
        tag: "a",
        attrs: { href: "https://iabtechlab.com/", target: "_blank" },
        children: ["IAB Tech Lab"],
      },
      { tag: "a", attrs: { href: "https://prebid.org/", rel: "nofollow" }, children: ["Prebid"] },
      { tag: "a", attrs: { href: "mailto:privacy@id5.io" }, children: ["email"] },
    );
    expect(html).toBe(
      '<a href="https://iabtechlab.com/" target="_blank" rel="noopener noreferrer">IAB Tech Lab</a>' +
        '<a href="https://prebid.org/" rel="nofollow">Prebid</a>' +
        '<a href="mailto:privacy@id5.io">email</a>',
    );
  });

  it("does not treat protocol-relative URLs as internal", () => {
    const html = nodes({ tag: "a", attrs: { href: "//evil.example/" }, children: ["x"] });
    expect(html).toBe('<a href="//evil.example/">x</a>');
  });
});

describe("RichContent", () => {
  it("renders rich, widget, image and unhandled blocks in order", () => {
    const blocks: ContentBlock[] = [
      {
        type: "rich",
        nodes: [{ tag: "h2", attrs: { id: "our-mission" }, children: ["Our mission"] }],
      },
      { type: "widget", widget: { name: "cta", href: "/contact", label: "Talk to us" } },
      {
        type: "image",
        image: rasterImage("team-offsite", 1600, 1067, "The ID5 team"),
        caption: "The team in London",
      },
      { type: "unhandled", name: "carousel" },
      paragraph("The end."),
    ];
    const html = renderMarkup(<RichContent blocks={blocks} className="page-body" />);
    expect(html.startsWith('<div class="rich-content page-body"><h2 id="our-mission">')).toBe(true);
    const order = ["our-mission", 'data-widget="cta"', "<figure", "carousel", "The end."].map((s) =>
      html.indexOf(s),
    );
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(html).toContain('<figure class="rich-figure"><picture><source type="image/webp"');
    expect(html).toContain(`sizes="${FIGURE_SIZES}"`);
    expect(html).toContain('alt="The ID5 team"');
    expect(html).toContain("<figcaption>The team in London</figcaption></figure>");
    expect(html).toContain(
      `<div hidden="" data-widget-unhandled="carousel" data-message="${unhandledWidgetMessage("carousel")}">Widget carousel is not handled</div>`,
    );
  });

  it("omits the figcaption when there is no caption", () => {
    const html = renderMarkup(
      <RichContent blocks={[{ type: "image", image: rasterImage("chart", 800, 600) }]} />,
    );
    expect(html).toContain("<figure");
    expect(html).not.toContain("<figcaption");
  });

  it("shows a non-image media item as the media error", () => {
    const html = renderMarkup(
      <RichContent
        blocks={[{ type: "image", image: { ...rasterImage("clip"), mediaType: "VID" } }]}
      />,
    );
    expect(html).toContain('data-media-error="Media of type VID cannot be used as an image"');
  });

  it("degrades an unknown block type to the hidden placeholder instead of crashing", () => {
    const unknown = { type: "table", rows: [] } as unknown as ContentBlock;
    const html = renderMarkup(<RichContent blocks={[unknown]} />);
    expect(html).toContain('data-widget-unhandled="table"');
    expect(html).toContain("Widget table is not handled");
  });

  it("renders never a raw HTML string", () => {
    const html = renderMarkup(
      <RichContent blocks={[{ type: "rich", nodes: ["<img src=x onerror=alert(1)>"] }]} />,
    );
    expect(html).toBe('<div class="rich-content">&lt;img src=x onerror=alert(1)&gt;</div>');
  });
});
