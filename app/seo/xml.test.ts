import { Parser } from "htmlparser2";
import { describe, expect, it } from "vitest";
import { parseXmlStrict } from "../../tests/support/xml-document";
import { escapeXml } from "./xml";

/** The text and attribute a strict XML reading of `<a title="…">…</a>` gives back. */
function readBack(escaped: string): { text: string; title: string | undefined } {
  let text = "";
  let title: string | undefined;
  const parser = new Parser(
    {
      onopentag: (_name, attributes) => {
        title = attributes.title;
      },
      ontext: (chunk) => {
        text += chunk;
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(`<a title="${escaped}">${escaped}</a>`);
  parser.end();
  return { text, title };
}

describe("escapeXml", () => {
  it("escapes the five markup characters", () => {
    expect(escapeXml(`<b>"Tom" & 'Jerry'</b>`)).toBe(
      "&lt;b&gt;&quot;Tom&quot; &amp; &apos;Jerry&apos;&lt;/b&gt;",
    );
  });

  it("reads back as the same text, in an element and in an attribute", () => {
    const title = `Q&A: "</script>" <em>isn't</em> a tag]]>`;
    expect(readBack(escapeXml(title))).toEqual({ text: title, title });
  });

  it("drops what XML 1.0 cannot hold: control characters, U+FFFE/U+FFFF, lone surrogates", () => {
    expect(escapeXml("a\u0000b\u0007c\u001Fd\uFFFEe\uFFFF")).toBe("abcde");
    expect(escapeXml("cut \uD83D")).toBe("cut ");
    expect(escapeXml("\uDE00 alone")).toBe(" alone");
  });

  it("keeps tab, line breaks and every real character, astral ones included", () => {
    expect(escapeXml("a\tb\nc\rd")).toBe("a\tb\nc\rd");
    expect(escapeXml("プライバシー 😀 é")).toBe("プライバシー 😀 é");
  });
});

describe("the strict XML reading the tests use", () => {
  const title = `<em>"x" & y</em>`;

  it("accepts escaped content", () => {
    const root = parseXmlStrict(`<a t="${escapeXml(title)}"><b/>${escapeXml(title)}</a>`);
    expect(root.text).toBe(title);
    expect(root.attributes.t).toBe(title);
  });

  it("refuses what escaping prevents", () => {
    for (const broken of [
      `<a>${title}</a>`, // a bare & (and markup in the text)
      `<a t="<b>">x</a>`,
      "<a><b></a>",
      "<a></b></a>",
      "<a>",
      "<a/><a/>",
      "text<a/>",
    ]) {
      expect(() => parseXmlStrict(broken), broken).toThrow(/not well-formed/);
    }
  });
});
