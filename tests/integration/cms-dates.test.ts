// One entry's date out of range, as an editor's typo writes it (a `publish_at` of 1e300 and
// an `unpublish_at` of 1), replayed against the real build served from a content service:
// that entry's schedule is refused in one line naming the entry and the prop, counted, and
// every other page, the contact form and the redirects answer as before.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registry } from "../../server/metrics/site-metrics";
import { STALE_HEADER } from "../../server/rendering/render";
import { editEntryProps } from "../support/hostile-content";
import { type RawResponse, rawRequest } from "../support/raw-request";
import { caughtUp } from "../support/server-log";
import {
  REAL_SITE_START_MS,
  type RealSiteOnContent,
  serveRealBuildOnContent,
} from "../support/site-build";

/** A news article of the seed, and its DATE props. */
const ARTICLE = {
  id: "5c4f77dfaff57e2525b0440f",
  slug: "meridian-streaming-brings-id5-id-to-ctv-apps",
};
const ARTICLE_DATES = {
  publish_at: "6579cfaa-261a-539f-b867-9276e5b722a4",
  unpublish_at: "aa37ab96-95ff-5d72-b3f0-28875dce4910",
};
/** How long the start may take to read the CMS once: the catch-up's own deadline is longer. */
const READ_DEADLINE_MS = 60_000;

let real: RealSiteOnContent | undefined;

beforeAll(async () => {
  real = await serveRealBuildOnContent("cms-dates", {
    logLevel: "info",
    prepareSnapshot: (dir) =>
      editEntryProps(dir, ARTICLE.id, {
        [ARTICLE_DATES.publish_at]: [{ timestamp: 1e300, timezoneOffset: 0 }],
        [ARTICLE_DATES.unpublish_at]: [{ timestamp: 1, timezoneOffset: 0 }],
      }),
  });
  await caughtUp(real.logs, 0, READ_DEADLINE_MS);
}, REAL_SITE_START_MS);
afterAll(() => real?.close());

const site = () => real as RealSiteOnContent;
const get = (pathWithQuery: string): Promise<RawResponse> =>
  rawRequest(site().port, pathWithQuery, { headers: { Host: "id5.io" } });

describe("one date out of range breaks one entry only (finding 3, goal 1)", () => {
  it("answers every page, the redirects and the contact form without a 5xx or a stale page", async () => {
    for (const pathname of ["/", "/about", "/news", "/contact", `/news/${ARTICLE.slug}`]) {
      const answer = await get(pathname);
      expect(answer.status, pathname).toBeLessThan(500);
      expect(answer.headers[STALE_HEADER], pathname).toBeUndefined();
    }
    expect((await get("/partner-programme")).headers.location).toBe("/contact");
    const posted = await rawRequest(site().port, "/contact", {
      method: "POST",
      headers: {
        Host: "id5.io",
        Origin: "https://id5.io",
        "Content-Type": "application/x-www-form-urlencoded",
      },
    });
    expect(posted.status).toBeLessThan(500);
    const failures = site().logs.lines.filter((line) =>
      /request failed|redirects unreadable|cannot be read/.test(line.message),
    );
    expect(failures.map((line) => line.message)).toEqual([]);
  });

  it("refuses the entry's schedule in one line naming the entry and the prop, and counts it", async () => {
    const lines = site().logs.lines.filter(
      (line) => line.message.startsWith("schedule refused") && line.fields.entry === ARTICLE.id,
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]?.fields).toMatchObject({ prop: "publish_at" });
    expect(await registry.metrics()).toMatch(/id5_cms_values_refused_total\{kind="date"\} [1-9]/);
  });
});
