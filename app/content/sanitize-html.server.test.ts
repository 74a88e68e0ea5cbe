import { describe, expect, it } from "vitest";
import { safeHref, sanitizeHtml, slugifyAnchor } from "./sanitize-html.server";

describe("sanitizeHtml", () => {
  it("keeps allowed structure and text", () => {
    expect(sanitizeHtml("<p>Read <strong>the <i>docs</i></strong><br />now</p>")).toEqual([
      {
        tag: "p",
        children: [
          "Read ",
          { tag: "strong", children: ["the ", { tag: "em", children: ["docs"] }] },
          { tag: "br", children: [] },
          "now",
        ],
      },
    ]);
  });

  it("drops scripts, event handlers, styles and javascript: URLs", () => {
    const nodes = sanitizeHtml(
      '<p onclick="alert(1)" style="color:red">Hi<script>alert(1)</script>' +
        '<a href="javascript:alert(1)">x</a><img src=x onerror="alert(1)">' +
        '<a href=" JaVaScRiPt:alert(1)">y</a><iframe src="https://evil"></iframe></p>',
    );
    expect(nodes).toEqual([{ tag: "p", children: ["Hi", "x", "y"] }]);
    expect(JSON.stringify(nodes)).not.toMatch(/alert|onerror|onclick|style|iframe/);
  });

  it("keeps safe links and marks new-tab links noopener", () => {
    expect(
      sanitizeHtml(
        '<a href="https://example.org/a?b=1" target="_blank">e</a><a href="/news">n</a>',
      ),
    ).toEqual([
      {
        tag: "a",
        attrs: { href: "https://example.org/a?b=1", target: "_blank", rel: "noopener noreferrer" },
        children: ["e"],
      },
      { tag: "a", attrs: { href: "/news" }, children: ["n"] },
    ]);
  });

  it("gives headings anchor ids from their text and demotes h1", () => {
    expect(sanitizeHtml("<h1>Why ID5</h1><h3>ID5 Graph</h3>")).toEqual([
      { tag: "h2", attrs: { id: "why-id5" }, children: ["Why ID5"] },
      { tag: "h3", attrs: { id: "id5-graph" }, children: ["ID5 Graph"] },
    ]);
  });

  it("unwraps block elements in inline-only mode", () => {
    expect(sanitizeHtml("<p>Identity for the <em>open</em> web</p>", { inlineOnly: true })).toEqual(
      ["Identity for the ", { tag: "em", children: ["open"] }, " web"],
    );
  });

  it("decodes entities into plain text that React escapes later", () => {
    expect(sanitizeHtml("<p>a &lt;b&gt; &amp; c</p>")).toEqual([
      { tag: "p", children: ["a <b> & c"] },
    ]);
  });

  it("resolves BCMS internal links through the resolver, or unwraps them", () => {
    const html =
      '<a href="entry:abc@*_tpl:entry">known</a><a href="entry:zzz@*_tpl:entry">gone</a>';
    const nodes = sanitizeHtml(html, {
      resolveInternalHref: (href) => (href.startsWith("entry:abc") ? "/news/abc" : undefined),
    });
    expect(nodes).toEqual([
      { tag: "a", attrs: { href: "/news/abc" }, children: ["known"] },
      "gone",
    ]);
  });
});

describe("safeHref", () => {
  it.each([
    ["/about", "/about"],
    ["#values", "#values"],
    ["mailto:hello@id5.io", "mailto:hello@id5.io"],
    ["//evil.example/x", undefined],
    ["data:text/html,hi", undefined],
    ["vbscript:x", undefined],
  ])("%s → %s", (input, expected) => {
    expect(safeHref(input)).toBe(expected);
  });
});

describe("slugifyAnchor", () => {
  it("matches the footer anchors", () => {
    expect(slugifyAnchor("Why ID5")).toBe("why-id5");
    expect(slugifyAnchor("ID5 ID")).toBe("id5-id");
    expect(slugifyAnchor("US state privacy rights")).toBe("us-state-privacy-rights");
    expect(slugifyAnchor("Brands & agencies")).toBe("brands-and-agencies");
  });
});
