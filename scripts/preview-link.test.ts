import { describe, expect, it } from "vitest";
import { parsePreviewArgs } from "./preview-link";

describe("parsePreviewArgs", () => {
  it("reads a link request, with hours or without", () => {
    expect(parsePreviewArgs(["news-article", "my-slug"])).toEqual({
      action: "link",
      template: "news-article",
      entry: "my-slug",
      hours: 72,
    });
    expect(parsePreviewArgs(["news-article", "my-slug", "--hours", "12"])).toMatchObject({
      hours: 12,
    });
    expect(parsePreviewArgs(["--hours=0.5", "event", "an-event"])).toMatchObject({
      template: "event",
      hours: 0.5,
    });
  });

  it("reads revocations", () => {
    expect(parsePreviewArgs(["revoke", "news-article", "my-slug"])).toEqual({
      action: "revoke",
      template: "news-article",
      entry: "my-slug",
    });
    expect(parsePreviewArgs(["revoke", "--all"])).toEqual({ action: "revoke-all" });
  });

  it("says what is wrong with anything else", () => {
    expect(parsePreviewArgs([])).toBe("give a TEMPLATE and a SLUG-OR-ID");
    expect(parsePreviewArgs(["news-article"])).toBe("give a TEMPLATE and a SLUG-OR-ID");
    expect(parsePreviewArgs(["news-article", "a", "b"])).toBe("give a TEMPLATE and a SLUG-OR-ID");
    expect(parsePreviewArgs(["news-article", "a", "--hours"])).toMatch(
      /^--hours: hours must be a positive number/,
    );
    expect(parsePreviewArgs(["news-article", "a", "--hours", "721"])).toMatch(/at most 720/);
    expect(parsePreviewArgs(["news-article", "a", "--days", "2"])).toBe("unknown option --days");
    expect(parsePreviewArgs(["revoke"])).toBe("revoke takes TEMPLATE SLUG-OR-ID, or --all");
    expect(parsePreviewArgs(["revoke", "--all", "x"])).toBe(
      "revoke takes TEMPLATE SLUG-OR-ID, or --all",
    );
    expect(parsePreviewArgs(["revoke", "--all", "--hours", "2"])).toBe(
      "--hours goes with a new link, not with revoke",
    );
  });
});
