import { describe, expect, it } from "vitest";
import type { ContentVersions } from "../../app/content/cms-update-times";
import type { ContentChange } from "../../app/content/content-changes.server";
import { changeIdentity } from "./content-change";

const versions = (updatedAt: number): ContentVersions => ({
  format: 1,
  entries: { e1: { template: "news-article", updatedAt } },
  media: {},
  schema: {},
  orders: {},
});

const edit = (updatedAt: number, tags = ["entry:e1", "template:news-article"]): ContentChange => ({
  event: { name: "entry", type: "update", id: "e1", templateId: "t1" },
  tags,
  addedPaths: [],
  removedPaths: [],
  versions: versions(updatedAt),
});

describe("changeIdentity", () => {
  it("names one save alike on every instance, and two saves apart", () => {
    expect(changeIdentity(edit(1000))).toBe(
      changeIdentity(edit(1000, ["template:news-article", "entry:e1"])),
    );
    expect(changeIdentity(edit(1000))).not.toBe(changeIdentity(edit(2000)));
    expect(changeIdentity(edit(1000))).not.toBe(changeIdentity(edit(1000, ["*"])));
    const deleted = { ...edit(1000), event: { ...edit(1000).event, type: "delete" as const } };
    deleted.versions = { ...versions(0), entries: {} };
    expect(changeIdentity(deleted)).not.toBe(changeIdentity(edit(1000)));
  });

  it("names nothing it cannot tell apart: an event without an item, or without versions", () => {
    expect(changeIdentity({ ...edit(1000), event: { ...edit(1000).event, id: null } })).toBe(
      undefined,
    );
    expect(changeIdentity({ ...edit(1000), versions: undefined })).toBeUndefined();
  });
});
