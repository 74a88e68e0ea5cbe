import { describe, expect, it } from "vitest";
import { escapeHtml, isSafeHref, nodesToPlainText, nodeToHtml } from "./rich-text-html";

const text = (value: string, marks?: unknown[]) => ({ type: "text", text: value, marks });

describe("nodeToHtml", () => {
  it("renders the upstream example, first mark innermost", () => {
    const html = nodeToHtml({
      type: "paragraph",
      content: [
        text("Read "),
        text("the docs", [
          { type: "link", attrs: { href: "https://example.org", target: "_blank" } },
          { type: "bold" },
        ]),
        { type: "hardBreak" },
        text("now"),
      ],
    });
    expect(html).toBe(
      '<p>Read <strong><a href="https://example.org" target="_blank" rel="noopener noreferrer">the docs</a></strong><br />now</p>',
    );
  });

  it("escapes text and attribute values (unlike upstream)", () => {
    expect(
      nodeToHtml({ type: "paragraph", content: [text('<img src=x onerror="alert(1)">&')] }),
    ).toBe("<p>&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;</p>");
    expect(
      nodeToHtml({
        type: "paragraph",
        content: [text("x", [{ type: "link", attrs: { href: '/a"><script>' } }])],
      }),
    ).toBe('<p><a href="/a&quot;&gt;&lt;script&gt;">x</a></p>');
  });

  it("drops unsafe link schemes and a missing target", () => {
    for (const href of [
      "javascript:alert(1)",
      " JaVaScRiPt:x",
      "java\tscript:x",
      "data:text/html,x",
      "vbscript:x",
    ]) {
      expect(isSafeHref(href)).toBe(false);
    }
    for (const href of [
      "https://a.b",
      "http://a",
      "/about",
      "#top",
      "?q",
      "mailto:a@b.c",
      "tel:+1",
      "entry:1@*_2:entry",
      "media:1@*_@*_:media",
      "about-us",
    ]) {
      expect(isSafeHref(href)).toBe(true);
    }
    expect(
      nodeToHtml({
        type: "paragraph",
        content: [text("x", [{ type: "link", attrs: { href: "javascript:alert(1)" } }])],
      }),
    ).toBe("<p><a>x</a></p>");
  });

  it("renders every block type of the converter table, hr included", () => {
    expect(nodeToHtml({ type: "heading", attrs: { level: 3 }, content: [text("T")] })).toBe(
      "<h3>T</h3>",
    );
    expect(nodeToHtml({ type: "heading", attrs: { level: 9 }, content: [text("T")] })).toBe(
      "<h1>T</h1>",
    );
    expect(nodeToHtml({ type: "heading", attrs: { level: 2 } })).toBe("");
    expect(nodeToHtml({ type: "paragraph" })).toBe("");
    expect(nodeToHtml({ type: "paragraph", content: [] })).toBe("");
    expect(
      nodeToHtml({
        type: "bulletList",
        content: [{ type: "listItem", content: [{ type: "paragraph", content: [text("a")] }] }],
      }),
    ).toBe("<ul><li><p>a</p></li></ul>");
    expect(
      nodeToHtml({ type: "orderedList", content: [{ type: "listItem", content: [text("b")] }] }),
    ).toBe("<ol><li>b</li></ol>");
    expect(
      nodeToHtml({ type: "codeBlock", attrs: { language: "ts" }, content: [text("a < b")] }),
    ).toBe("<pre><code>a &lt; b</code></pre>");
    expect(nodeToHtml({ type: "horizontalRule" })).toBe("<hr />");
    expect(nodeToHtml({ type: "hardBreak" })).toBe("<br />");
    expect(nodeToHtml({ type: "widget", attrs: {} })).toBe(
      '<div style="display: none" data-bcms-node-widget="true"></div>',
    );
    expect(nodeToHtml({ type: "media", attrs: { mediaId: "x" } })).toBe("");
    expect(nodeToHtml({ type: "somethingNew", content: [text("x")] })).toBe("");
    expect(nodeToHtml(null)).toBe("");
  });

  it("renders every mark", () => {
    const marks = ["bold", "italic", "strike", "underline", "inlineCode"].map((type) => ({ type }));
    expect(nodeToHtml(text("x", marks))).toBe(
      "<code><u><s><i><strong>x</strong></i></s></u></code>",
    );
  });

  it("survives absurd nesting", () => {
    let node: unknown = text("deep");
    for (let i = 0; i < 10_000; i++) node = { type: "listItem", content: [node] };
    expect(() => nodeToHtml(node)).not.toThrow();
  });
});

describe("nodesToPlainText", () => {
  it("gives one line per block", () => {
    expect(
      nodesToPlainText([
        { type: "heading", content: [text("Title")] },
        {
          type: "paragraph",
          content: [text("a "), text("b", [{ type: "bold" }]), { type: "hardBreak" }, text("c")],
        },
        { type: "paragraph" },
        {
          type: "bulletList",
          content: [{ type: "listItem", content: [{ type: "paragraph", content: [text("x")] }] }],
        },
      ]),
    ).toBe("Title\na b\nc\nx");
  });
});

describe("escapeHtml", () => {
  it("escapes the five special characters", () => {
    expect(escapeHtml(`<>&"'`)).toBe("&lt;&gt;&amp;&quot;&#39;");
  });
});
