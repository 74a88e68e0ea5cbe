import { describe, expect, it } from "vitest";
import { entryStatus, isPublicEntry } from "./public-status.server";

const PUBLISHED_ID = "630c1ec745bf6da97c014608";
const DRAFT_ID = "674d3b303cf1a6c963208902";

function entry(statuses: unknown[]) {
  return { statuses } as never;
}

describe("isPublicEntry", () => {
  it("takes an entry with no status at all as public", () => {
    expect(isPublicEntry(entry([]), "en", "Published")).toBe(true);
    expect(isPublicEntry({ statuses: undefined } as never, "en", "Published")).toBe(true);
  });

  it("matches the public status by label, without regard to case", () => {
    const published = entry([{ lng: "en", id: PUBLISHED_ID, label: "Published" }]);
    expect(isPublicEntry(published, "en", "Published")).toBe(true);
    expect(isPublicEntry(published, "en", "published")).toBe(true);
    expect(isPublicEntry(published, "en", " PUBLISHED ")).toBe(true);
    expect(
      isPublicEntry(entry([{ lng: "en", id: DRAFT_ID, label: "Draft" }]), "en", "Published"),
    ).toBe(false);
  });

  it("matches the public status by id", () => {
    const live = entry([{ lng: "en", id: PUBLISHED_ID, label: "Live" }]);
    expect(isPublicEntry(live, "en", PUBLISHED_ID)).toBe(true);
    expect(isPublicEntry(live, "en", PUBLISHED_ID.toUpperCase())).toBe(true);
    expect(isPublicEntry(live, "en", DRAFT_ID)).toBe(false);
  });

  it("reads the status of the language asked for", () => {
    const mixed = entry([
      { lng: "en", id: DRAFT_ID, label: "Draft" },
      { lng: "ja", id: PUBLISHED_ID, label: "Published" },
    ]);
    expect(isPublicEntry(mixed, "en", "Published")).toBe(false);
    expect(isPublicEntry(mixed, "ja", "Published")).toBe(true);
    // Statuses in other languages only: not public in this one.
    expect(isPublicEntry(mixed, "de", "Published")).toBe(false);
  });

  it("does not take a label that merely contains the public one", () => {
    const unpublished = entry([{ lng: "en", id: DRAFT_ID, label: "Unpublished" }]);
    expect(isPublicEntry(unpublished, "en", "Published")).toBe(false);
  });

  it("ignores malformed statuses", () => {
    expect(isPublicEntry(entry([null, "x"]), "en", "Published")).toBe(false);
    expect(entryStatus(entry([{ lng: "en", id: 3 }]), "en")).toEqual({
      id: undefined,
      label: undefined,
    });
  });
});
