import { describe, expect, it } from "vitest";
import {
  computeSizeTransforms,
  hasValidSizeTransforms,
  parseSizeTransform,
} from "./size-transforms";

describe("computeSizeTransforms", () => {
  it("lists default widths below the original, then the original", () => {
    expect(computeSizeTransforms(2400, 1600)).toEqual([
      "350x233",
      "650x433",
      "1024x683",
      "1440x960",
      "1920x1280",
      "2400x1600",
    ]);
    expect(computeSizeTransforms(800, 400)).toEqual(["350x175", "650x325", "800x400"]);
    expect(computeSizeTransforms(350, 100)).toEqual(["350x100"]);
    expect(computeSizeTransforms(200, 100)).toEqual(["200x100"]);
  });

  it("gives nothing for unknown sizes", () => {
    expect(computeSizeTransforms(-1, -1)).toEqual([]);
    expect(computeSizeTransforms(0, 10)).toEqual([]);
  });
});

describe("parseSizeTransform", () => {
  it("accepts only WxH with positive integers", () => {
    expect(parseSizeTransform("350x233")).toEqual({ width: 350, height: 233 });
    for (const bad of ["350", "x233", "0x10", "10x0", "-1x5", "350x233x1", "1e3x5", " 350x233"]) {
      expect(parseSizeTransform(bad)).toBeUndefined();
    }
    expect(hasValidSizeTransforms(["1x1"])).toBe(true);
    expect(hasValidSizeTransforms([])).toBe(false);
    expect(hasValidSizeTransforms(["1x1", "nope"])).toBe(false);
  });
});
