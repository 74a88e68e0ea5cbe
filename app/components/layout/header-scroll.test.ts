import { describe, expect, it } from "vitest";
import { HEADER_COMPACT_THRESHOLD, isHeaderCompact } from "./header-scroll";

describe("isHeaderCompact", () => {
  it("uses the 50 px threshold", () => {
    expect(HEADER_COMPACT_THRESHOLD).toBe(50);
  });
  it("stays expanded up to and including 50 px", () => {
    expect(isHeaderCompact(0)).toBe(false);
    expect(isHeaderCompact(49)).toBe(false);
    expect(isHeaderCompact(50)).toBe(false);
  });
  it("compacts only above 50 px", () => {
    expect(isHeaderCompact(50.5)).toBe(true);
    expect(isHeaderCompact(51)).toBe(true);
    expect(isHeaderCompact(4000)).toBe(true);
  });
  it("treats overscroll (negative scrollY) as expanded", () => {
    expect(isHeaderCompact(-20)).toBe(false);
  });
});
