import { describe, expect, it } from "vitest";
import {
  buildSrcSet,
  deriveHeight,
  formatSrcSet,
  isImageMediaType,
  mediaNotImageMessage,
  parseSizeTransform,
  pickSizeTransform,
} from "./image";

const transforms = ["350x233", "650x433", "1024x683", "1440x960", "1920x1280", "2400x1600"];

describe("parseSizeTransform", () => {
  it("parses WxH and Wx-1", () => {
    expect(parseSizeTransform("350x233")).toEqual({ width: 350, height: 233 });
    expect(parseSizeTransform(" 350 x -1 ")).toEqual({ width: 350, height: -1 });
  });

  it("rejects malformed strings", () => {
    for (const bad of [
      "",
      "350",
      "x233",
      "350x",
      "0x10",
      "10x0",
      "-5x10",
      "10x-2",
      "1.5x2",
      "axb",
      350,
      null,
    ]) {
      expect(parseSizeTransform(bad)).toBeNull();
    }
  });
});

describe("pickSizeTransform", () => {
  it("picks the width closest to width × device pixel ratio", () => {
    expect(pickSizeTransform({ sizeTransforms: transforms, width: 600 })?.sizeTransform).toBe(
      "650x433",
    );
    expect(pickSizeTransform({ sizeTransforms: transforms, width: 400 })?.sizeTransform).toBe(
      "350x233",
    );
    expect(
      pickSizeTransform({ sizeTransforms: transforms, width: 400, devicePixelRatio: 2 })
        ?.sizeTransform,
    ).toBe("650x433");
    expect(
      pickSizeTransform({ sizeTransforms: transforms, width: 700, devicePixelRatio: 3 })
        ?.sizeTransform,
    ).toBe("1920x1280");
  });

  it("reaches the largest transform (the last one) for wide requests", () => {
    expect(pickSizeTransform({ sizeTransforms: transforms, width: 5000 })).toEqual({
      sizeTransform: "2400x1600",
      width: 2400,
      height: 1600,
    });
  });

  it("prefers the larger one on a tie, whatever the order", () => {
    expect(pickSizeTransform({ sizeTransforms: ["100x10", "200x20"], width: 150 })?.width).toBe(
      200,
    );
    expect(pickSizeTransform({ sizeTransforms: ["200x20", "100x10"], width: 150 })?.width).toBe(
      200,
    );
  });

  it("derives a -1 height from the original aspect ratio", () => {
    expect(
      pickSizeTransform({
        sizeTransforms: ["800x-1"],
        width: 800,
        originalWidth: 1600,
        originalHeight: 900,
      }),
    ).toEqual({ sizeTransform: "800x-1", width: 800, height: 450 });
    expect(pickSizeTransform({ sizeTransforms: ["800x-1"], width: 800 })?.height).toBeNull();
    expect(deriveHeight(100, -1, -1)).toBeNull();
  });

  it("is robust to empty, missing and malformed transforms and bad inputs", () => {
    expect(pickSizeTransform({ sizeTransforms: [], width: 300 })).toBeNull();
    expect(pickSizeTransform({ sizeTransforms: undefined, width: 300 })).toBeNull();
    expect(pickSizeTransform({ sizeTransforms: ["junk", 12, null], width: 300 })).toBeNull();
    expect(
      pickSizeTransform({ sizeTransforms: ["junk", "500x300", "x"], width: 300 })?.sizeTransform,
    ).toBe("500x300");
    expect(
      pickSizeTransform({ sizeTransforms: transforms, width: Number.NaN })?.sizeTransform,
    ).toBe("2400x1600");
    expect(
      pickSizeTransform({ sizeTransforms: transforms, width: 600, devicePixelRatio: 0 })
        ?.sizeTransform,
    ).toBe("650x433");
  });
});

describe("srcset", () => {
  it("builds key-free candidates on the given URL base, narrowest first", () => {
    const candidates = buildSrcSet({
      urlBase: "/media/",
      mediaId: "m1",
      filename: "cover photo.jpg",
      sizeTransforms: ["650x433", "350x233", "bad", "350x999", "800x-1"],
      originalWidth: 2400,
      originalHeight: 1600,
    });
    expect(candidates.map((c) => [c.url, c.width, c.height])).toEqual([
      ["/media/m1/cover%20photo.jpg?sizeT=350x233", 350, 233],
      ["/media/m1/cover%20photo.jpg?sizeT=650x433", 650, 433],
      ["/media/m1/cover%20photo.jpg?sizeT=800x-1", 800, 533],
    ]);
    expect(formatSrcSet(candidates.slice(0, 2))).toBe(
      "/media/m1/cover%20photo.jpg?sizeT=350x233 350w, /media/m1/cover%20photo.jpg?sizeT=650x433 650w",
    );
    for (const candidate of candidates) expect(candidate.url).not.toMatch(/apiKey|token/);
  });

  it("asks for WebP under a .webp name", () => {
    const [first] = buildSrcSet({
      urlBase: "https://site.example/media",
      mediaId: "m1",
      filename: "a.b.png",
      sizeTransforms: ["350x233"],
      webp: true,
    });
    expect(first?.url).toBe("https://site.example/media/m1/a.b.webp?webp=t&sizeT=350x233");
  });

  it("returns no candidates without usable transforms", () => {
    expect(
      buildSrcSet({ urlBase: "/m", mediaId: "x", filename: "a.svg", sizeTransforms: [] }),
    ).toEqual([]);
  });
});

describe("image media types", () => {
  it("accepts IMG and SVG only", () => {
    expect(isImageMediaType("IMG")).toBe(true);
    expect(isImageMediaType("SVG")).toBe(true);
    expect(isImageMediaType("VID")).toBe(false);
    expect(mediaNotImageMessage("VID")).toBe("Media of type VID cannot be used as an image");
  });
});
