// content:check reads every consent-banner entry the way the site does: a wording the site
// would refuse is reported, and no published entry at all is a warning.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkConsentBanners, NO_PUBLISHED_BANNER_WARNING } from "../../scripts/check-consent";
import { copySnapshot, editEntryWith, removeSnapshot } from "../support/snapshot-copy";

let dir: string;

beforeEach(async () => {
  dir = await copySnapshot("consent-check");
});

afterEach(() => removeSnapshot(dir));

async function statusId(label: string): Promise<string> {
  const statuses = path.join(dir, "statuses");
  for (const file of await readdir(statuses)) {
    const status = JSON.parse(await readFile(path.join(statuses, file), "utf8"));
    if (status.label === label) return status._id;
  }
  throw new Error(`no status ${label}`);
}

const BANNER = '"cookie-banner"';

describe("checkConsentBanners", () => {
  it("finds no problem in the seed", async () => {
    expect(await checkConsentBanners(dir)).toEqual({ banners: 1, problems: [], warnings: [] });
  });

  it("names what the site would refuse: a bad version, a missing label, a draft policy page", async () => {
    await editEntryWith(dir, BANNER, (text) =>
      text.replace('"2026-11"', '"November 2026"').replace('"Reject all"', '" "'),
    );
    const [published, draft] = await Promise.all([statusId("Published"), statusId("Draft")]);
    await editEntryWith(dir, '"/trust/cookie-policy"', (text) => text.replace(published, draft));
    const { problems, warnings } = await checkConsentBanners(dir);
    expect(problems.map((p) => p.entry)).toEqual([
      "cookie-banner",
      "cookie-banner",
      "cookie-banner",
    ]);
    expect(problems.map((p) => p.message)).toEqual([
      `version must be letters, digits, '.', '-' or '_', at most 32 characters (got "November 2026")`,
      "reject_label is required",
      expect.stringMatching(/^policy_page [0-9a-f]{24} is not a published page$/),
    ]);
    expect(warnings).toEqual([]);
  });

  it("warns, without failing, when no consent-banner entry is published", async () => {
    const [published, draft] = await Promise.all([statusId("Published"), statusId("Draft")]);
    await editEntryWith(dir, BANNER, (text) => text.replace(published, draft));
    expect(await checkConsentBanners(dir)).toEqual({
      banners: 1,
      problems: [],
      warnings: [NO_PUBLISHED_BANNER_WARNING],
    });
  });
});
