import { describe, expect, it } from "vitest";
import { TEST_MODIFIED_AT, testImage, testLocalEntry } from "../../tests/support/content";
import { COVER_WIDTH, cardDate, toCard } from "./cards.server";

const pathOf = (slug: string) => `/things/${slug}`;

describe("toCard", () => {
  it("links the card by slug and keeps the template's own fields before the cover", () => {
    const card = toCard(
      testLocalEntry("thing", {
        title: "A thing",
        slug: "a-thing",
        description: "About it",
        cover: testImage("c".repeat(24)),
      }),
      pathOf,
      { kind: "guide" },
    );
    expect(card).toMatchObject({
      slug: "a-thing",
      href: "/things/a-thing",
      title: "A thing",
      description: "About it",
      kind: "guide",
      cover: { mediaType: "IMG" },
    });
    // Page data is serialised in key order; the cover comes last on every card.
    expect(Object.keys(card ?? {})).toEqual([
      "slug",
      "href",
      "title",
      "description",
      "kind",
      "modifiedAt",
      "cover",
    ]);
    expect(card?.cover?.width).toBeLessThanOrEqual(1024);
    expect(COVER_WIDTH).toBe(720);
  });

  it("addresses an entry without a slug by its id, and makes no card without a title", () => {
    const untitled = testLocalEntry("thing", { slug: "x" });
    expect(toCard(untitled, pathOf, {})).toBeUndefined();
    const card = toCard(testLocalEntry("thing", { title: "T" }), pathOf, {});
    expect(card).toEqual({
      slug: "e".repeat(24),
      href: `/things/${"e".repeat(24)}`,
      title: "T",
      description: "",
      modifiedAt: TEST_MODIFIED_AT,
    });
  });

  it("carries when the entry last changed, whole seconds in UTC, only when the CMS says", () => {
    const entry = testLocalEntry("thing", { title: "T" });
    const card = (updatedAt: number) => toCard({ ...entry, updatedAt }, pathOf, {});
    expect(card(Date.parse("2026-03-12T09:30:00.250Z"))?.modifiedAt).toBe("2026-03-12T09:30:00Z");
    expect(card(0)).not.toHaveProperty("modifiedAt");
  });
});

describe("cardDate", () => {
  it("gives the ISO day and the label people read", () => {
    expect(cardDate(new Date("2026-03-12T10:00:00Z"))).toEqual({
      date: "2026-03-12",
      dateLabel: "12 March 2026",
    });
  });
});
