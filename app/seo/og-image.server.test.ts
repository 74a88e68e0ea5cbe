import { describe, expect, it } from "vitest";
import { HERO_THEME_COLORS } from "~/components/hero/hero-theme";
import { childrenNamed, parseXmlStrict, type XmlElement } from "../../tests/support/xml-document";
import {
  DEFAULT_CARD_TITLE,
  layoutTitle,
  OG_FONT_FAMILY,
  OG_IMAGE_HEIGHT,
  OG_IMAGE_WIDTH,
  shareCardSvg,
  textWidth,
  wrapText,
} from "./og-image.server";

const LONG_TITLE =
  "One year after the TrueData acquisition: mobile signals now power the ID5 Graph across Europe, Asia-Pacific and the Americas, with more to come next year";

/** Every <text> of the card, in order, as what it shows. */
function texts(svg: string): XmlElement[] {
  return childrenNamed(parseXmlStrict(svg), "text");
}

describe("wrapText", () => {
  it("breaks at spaces, never past the width", () => {
    const { lines, fits } = wrapText(LONG_TITLE, 60, 1040, 10);
    expect(fits).toBe(true);
    expect(lines.join(" ")).toBe(LONG_TITLE);
    for (const line of lines) expect(textWidth(line, 60)).toBeLessThanOrEqual(1040);
    // Greedy: the next word would not have fitted on any line but the last.
    lines.slice(0, -1).forEach((line, i) => {
      const next = lines[i + 1]?.split(" ")[0] ?? "";
      expect(textWidth(`${line} ${next}`, 60)).toBeGreaterThan(1040);
    });
  });

  it("cuts what does not fit in the lines allowed, ending with an ellipsis", () => {
    const { lines, fits } = wrapText(LONG_TITLE, 72, 1040, 2);
    expect(fits).toBe(false);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/\S…$/);
    expect(textWidth(lines[1] ?? "", 72)).toBeLessThanOrEqual(1040);
  });

  it("splits a word longer than a line", () => {
    const word = "W".repeat(40);
    const { lines } = wrapText(word, 72, 1040, 4);
    expect(lines.join("")).toBe(word);
    for (const line of lines) expect(textWidth(line, 72)).toBeLessThanOrEqual(1040);
  });

  it("counts wide and CJK characters as wide", () => {
    expect(textWidth("mmmm", 10)).toBeGreaterThan(textWidth("iiii", 10) * 2);
    expect(textWidth("プライバシー", 10)).toBeGreaterThan(textWidth("privacy", 10));
  });
});

describe("layoutTitle", () => {
  it("sets a short title large, a long one smaller, and cuts only what no size fits", () => {
    expect(layoutTitle("Partner roundup: Q4 2026")).toMatchObject({ size: 72, fits: true });
    const long = layoutTitle(LONG_TITLE);
    expect(long.size).toBeLessThan(72);
    expect(long.lines.length).toBeLessThanOrEqual(4);
    const endless = layoutTitle(`${LONG_TITLE} ${LONG_TITLE} ${LONG_TITLE}`);
    expect(endless).toMatchObject({ size: 52, fits: false });
    expect(endless.lines.at(-1)).toMatch(/…$/);
  });
});

describe("shareCardSvg", () => {
  const svg = shareCardSvg({
    title: "Partner roundup: Q4 2026",
    kicker: "Partnerships · 19 October 2026",
    footer: "id5.io",
  });

  it("is a 1200×630 SVG document", () => {
    const root = parseXmlStrict(svg);
    expect(root.name).toBe("svg");
    expect(root.attributes).toMatchObject({
      xmlns: "http://www.w3.org/2000/svg",
      width: String(OG_IMAGE_WIDTH),
      height: String(OG_IMAGE_HEIGHT),
    });
    expect([OG_IMAGE_WIDTH, OG_IMAGE_HEIGHT]).toEqual([1200, 630]);
  });

  it("shows the kicker (in capitals), the title and the site", () => {
    expect(texts(svg).map((t) => t.text)).toEqual([
      "PARTNERSHIPS · 19 OCTOBER 2026",
      "Partner roundup: Q4 2026",
      "id5.io",
    ]);
    const long = texts(shareCardSvg({ title: LONG_TITLE, kicker: "News", footer: "id5.io" }));
    const lines = long.slice(1, -1);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.map((t) => t.text).join(" ")).toBe(layoutTitle(LONG_TITLE).lines.join(" "));
    // One below the other.
    const ys = lines.map((t) => Number(t.attributes.y));
    expect(ys).toEqual([...ys].sort((a, b) => a - b));
  });

  it("uses the brand's colours and fonts that fall back to the system's sans-serif", () => {
    for (const color of [HERO_THEME_COLORS["blue-dark"], HERO_THEME_COLORS.mint]) {
      expect(svg).toContain(color);
    }
    expect(OG_FONT_FAMILY).toMatch(/'Liberation Sans'.*sans-serif$/);
    for (const t of texts(svg)) expect(t.attributes["font-family"]).toBe(OG_FONT_FAMILY);
  });

  it("escapes the title: markup in it is text on the card", () => {
    const nasty = `"</text><script>x</script>" & <b>`;
    const card = shareCardSvg({ title: nasty, footer: "id5.io" });
    const shown = texts(card).map((t) => t.text);
    expect(shown.slice(0, -1).join(" ")).toBe(nasty);
    expect(card).not.toContain("<script");
  });

  it("draws the default card without a kicker", () => {
    const card = shareCardSvg({ title: DEFAULT_CARD_TITLE, footer: "id5.io" });
    const shown = texts(card).map((t) => t.text);
    expect(shown.slice(0, -1).join(" ")).toBe(DEFAULT_CARD_TITLE);
    expect(shown.at(-1)).toBe("id5.io");
  });
});
