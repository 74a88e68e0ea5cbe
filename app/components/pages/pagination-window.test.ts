import { describe, expect, it } from "vitest";
import { paginationItems } from "./pagination-window";

describe("paginationItems", () => {
  it("lists every page of a short list", () => {
    expect(paginationItems(1, 1)).toEqual([1]);
    expect(paginationItems(2, 6)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(paginationItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("shows the first, the last and two either side of the page, with gaps", () => {
    expect(paginationItems(1, 1112)).toEqual([1, 2, 3, "gap", 1112]);
    expect(paginationItems(500, 1112)).toEqual([1, "gap", 498, 499, 500, 501, 502, "gap", 1112]);
    expect(paginationItems(1112, 1112)).toEqual([1, "gap", 1110, 1111, 1112]);
  });

  it("shows a single left-out number instead of a gap", () => {
    expect(paginationItems(5, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, "gap", 20]);
    expect(paginationItems(16, 20)).toEqual([1, "gap", 14, 15, 16, 17, 18, 19, 20]);
  });

  it("never shows more than nine items", () => {
    for (const pageCount of [1, 9, 10, 100, 1112]) {
      for (let page = 1; page <= pageCount; page += 7) {
        expect(paginationItems(page, pageCount).length).toBeLessThanOrEqual(9);
      }
    }
  });
});
