import { describe, expect, it } from "vitest";
import { isoDateTime, newestOf } from "./read.server";

describe("isoDateTime", () => {
  it("writes an instant in UTC to the second", () => {
    expect(isoDateTime(new Date("2026-03-12T09:30:15.999Z"))).toBe("2026-03-12T09:30:15Z");
    expect(isoDateTime(new Date(0))).toBe("1970-01-01T00:00:00Z");
  });
});

describe("newestOf", () => {
  it("picks the latest, skipping the unknown; nothing known gives undefined", () => {
    expect(
      newestOf(["2026-01-02T00:00:00Z", undefined, "2026-03-01T10:00:00Z", "2025-12-31T23:59:59Z"]),
    ).toBe("2026-03-01T10:00:00Z");
    expect(newestOf([undefined])).toBeUndefined();
    expect(newestOf([])).toBeUndefined();
  });
});
