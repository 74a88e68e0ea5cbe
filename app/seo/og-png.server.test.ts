import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { HOUR_CACHE_CONTROL } from "../config/cache-control";
import { OG_FONT_FAMILY, shareCardSvg, textWidth } from "./og-image.server";
import { PNG_CONTENT_TYPE, SHARE_PNG_MAX_BYTES, sharePng, sharePngResponse } from "./og-png.server";
import { escapeXml } from "./xml";

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe("sharePng", () => {
  it("renders the card to a 1200×630 PNG", async () => {
    const png = await sharePng(
      shareCardSvg({ title: "Launch", kicker: "Product", footer: "id5.io" }),
    );
    expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    const meta = await sharp(png).metadata();
    expect(meta).toMatchObject({ format: "png", width: 1200, height: 630 });
  });

  it("keeps a card with a long title under its byte budget", async () => {
    const png = await sharePng(
      shareCardSvg({
        title: "Publishers reach more of their audience with an interoperable ID (note 4821)",
        kicker: "Partnerships · 3 February 2025",
        footer: "id5.io",
      }),
    );
    expect(png.byteLength).toBeLessThan(SHARE_PNG_MAX_BYTES);
  });

  it("renders the same card once, and another title anew", async () => {
    const svg = shareCardSvg({ title: "Kept", footer: "id5.io" });
    const first = sharePng(svg);
    expect(sharePng(svg)).toBe(first);
    const other = await sharePng(shareCardSvg({ title: "Edited", footer: "id5.io" }));
    expect(other.equals(await first)).toBe(false);
  });

  it("draws the title: a different title gives different pixels", async () => {
    const pixels = async (title: string) =>
      sharp(await sharePng(shareCardSvg({ title, footer: "id5.io" })))
        .raw()
        .toBuffer();
    const [a, b] = await Promise.all([pixels("Alpha"), pixels("Omega launches")]);
    expect(a.equals(b)).toBe(false);
  });
});

describe("sharePngResponse", () => {
  it("answers with the PNG, its length and a cache policy", async () => {
    const response = await sharePngResponse(shareCardSvg({ title: "Launch", footer: "id5.io" }));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe(PNG_CONTENT_TYPE);
    expect(response.headers.get("cache-control")).toBe(HOUR_CACHE_CONTROL);
    const body = Buffer.from(await response.arrayBuffer());
    expect(response.headers.get("content-length")).toBe(String(body.byteLength));
    expect(body.subarray(0, 8)).toEqual(PNG_SIGNATURE);
  });
});

describe("the title's width estimate, against the fonts installed here", () => {
  /** The width of `text` as rendered, in pixels: black on white, trimmed. */
  async function renderedWidth(text: string, size: number): Promise<number> {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="2400" height="${size * 2}"><rect width="100%" height="100%" fill="#fff"/><text x="10" y="${size * 1.4}" font-family="${escapeXml(OG_FONT_FAMILY)}" font-size="${size}" font-weight="700">${escapeXml(text)}</text></svg>`;
    const { info } = await sharp(Buffer.from(svg))
      .trim({ background: "#fff" })
      .toBuffer({ resolveWithObject: true });
    return info.width;
  }

  it("errs on the wide side, so a line measured to fit is not cut off", async () => {
    for (const line of [
      "One year after the TrueData acquisition:",
      "Partner roundup: Q4 2026",
      "WWW MMM www mmm @@@ %%%",
      "illicit little jilt, fit lift",
      "THE ID5 GRAPH ADDS HOUSEHOLD SCORES",
      "0123456789 0123456789",
    ]) {
      const rendered = await renderedWidth(line, 72);
      // The estimate is made for Liberation Sans Bold: a machine without it (Debian:
      // fonts-liberation) renders a wider fallback and fails here.
      expect(textWidth(line, 72), `${line} (is Liberation Sans installed?)`).toBeGreaterThanOrEqual(
        rendered,
      );
      // ...but not so wide that titles wrap long before they need to.
      expect(textWidth(line, 72), line).toBeLessThan(rendered * 1.35);
    }
  });
});
