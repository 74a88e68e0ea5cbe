import { describe, expect, it } from "vitest";
import { rowsOf } from "./editors-desk.server";
import type { LocalEntry } from "./entries.server";

const NOW = Date.UTC(2026, 11, 2, 8, 0);
const HOUR = 3_600_000;

function entry(meta: Record<string, unknown>): LocalEntry {
  return {
    id: "e1",
    templateName: "news-article",
    meta: { title: "Partner roundup", slug: "partner-roundup", ...meta } as LocalEntry["meta"],
    content: [],
    updatedAt: NOW,
  };
}

const PUBLIC = { label: "Published", isPublic: true };
const DRAFT = { label: "Draft", isPublic: false };

describe("the desk's rows of an entry", () => {
  it("has none for an entry visitors see as the CMS holds it", () => {
    expect(rowsOf(entry({}), entry({}), PUBLIC, NOW)).toEqual([]);
  });

  it("names a draft, and a live entry's changes by field", () => {
    expect(rowsOf(entry({}), undefined, DRAFT, NOW).map((row) => [row.kind, row.detail])).toEqual([
      ["draft", "Not on the site (status: Draft)"],
    ]);
    const reworked = rowsOf(entry({ title: "Partner roundup, revised" }), entry({}), PUBLIC, NOW);
    expect(reworked.map((row) => [row.kind, row.detail])).toEqual([
      ["reworked", "Live, with changes not yet public (title; status: Published)"],
    ]);
  });

  it("lists times to come in UTC and the editor's offset, never a past one", () => {
    const times = {
      publish_at: { timestamp: NOW + HOUR, timezoneOffset: 60 },
      unpublish_at: { timestamp: NOW + 2 * HOUR, timezoneOffset: 0 },
    };
    const rows = rowsOf(entry(times), entry(times), PUBLIC, NOW);
    expect(rows.map((row) => [row.kind, row.at, row.timezoneOffset])).toEqual([
      ["publish", NOW + HOUR, 60],
      ["unpublish", NOW + 2 * HOUR, 0],
    ]);
    expect(rows[0]?.detail).toMatch(/^Goes live 2026-12-02 09:00 UTC \(.+\)$/);
    const past = entry({ publish_at: { timestamp: NOW - HOUR, timezoneOffset: 0 } });
    expect(rowsOf(past, past, PUBLIC, NOW)).toEqual([]);
  });

  it("lists a public entry whose time is to come only by its time", () => {
    const times = { publish_at: { timestamp: NOW + HOUR, timezoneOffset: 0 } };
    expect(rowsOf(entry(times), undefined, PUBLIC, NOW).map((row) => row.kind)).toEqual([
      "publish",
    ]);
    const gone = { unpublish_at: { timestamp: NOW - HOUR, timezoneOffset: 0 } };
    expect(rowsOf(entry(gone), undefined, PUBLIC, NOW).map((row) => row.detail)).toEqual([
      "Not on the site: its times keep it off",
    ]);
  });

  it("says a time changes nothing while the status is not public", () => {
    const rows = rowsOf(
      entry({ publish_at: { timestamp: NOW + HOUR, timezoneOffset: 0 } }),
      undefined,
      DRAFT,
      NOW,
    );
    expect(rows.find((row) => row.kind === "publish")?.detail).toContain(
      "nothing changes until its status is public (now: Draft)",
    );
  });

  it("names times the site refuses, and why, instead of listing them", () => {
    const rows = rowsOf(
      entry({ publish_at: { timestamp: -1 }, unpublish_at: { timestamp: NOW + HOUR } }),
      entry({}),
      PUBLIC,
      NOW,
    );
    expect(rows.map((row) => row.kind)).toEqual(["refused", "reworked"]);
    expect(rows[0]?.detail).toContain("publish_at has no usable timestamp");
  });
});
