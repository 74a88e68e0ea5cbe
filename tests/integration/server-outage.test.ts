// A CMS outage is not a site outage, on the real build with its content service behind a
// proxy the test cuts: stale renderings (or the prerendered file) are served with
// `x-content-stale: 1`. (A page with neither, which gets the app's own 503 page, and a render
// that throws: server/rendering/render.test.ts; every page of the seed has a prerendered file.)
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { STALE_PAGE_CACHE_CONTROL } from "../../app/config/cache-control";
import { type GatedProxy, HOLD_ARRIVAL_MS } from "../support/gated-proxy";
import { type RawResponse, rawRequest } from "../support/raw-request";
import { pagesRefreshed } from "../support/server-log";
import {
  CONSENT_BANNER_HEADING,
  CONSENT_BANNER_READS,
  REAL_SITE_START_MS,
  type RealSiteOnContent,
  retitleConsentBanner,
  serveRealBuildOnContent,
} from "../support/site-build";

/** A page rendered on demand (the route reads `sent`), and one the build prerendered. */
const RENDERED = "/contact?sent=contact";
const PRERENDERED = "/about";
/** What a change, the outage and the refresh that meets it take, on a busy machine. */
const OUTAGE_DEADLINE_MS = 60_000;

let real: RealSiteOnContent;
const get = (pathWithQuery: string): Promise<RawResponse> => rawRequest(real.port, pathWithQuery);
const proxy = () => real.proxy as GatedProxy;

beforeEach(async () => {
  real = await serveRealBuildOnContent("server-outage", {
    logLevel: "info",
    throughProxy: true,
  });
  // The start's own reads of the CMS are over: what the test holds is the edit's.
  await real.logs.waitFor(
    (lines) => lines.some((line) => line.message === "404 answers prepared at start"),
    OUTAGE_DEADLINE_MS,
  );
}, REAL_SITE_START_MS);
afterEach(() => real.close());

/** The about page's entry, and the reads a render of it makes of its content. */
const ABOUT_ENTRY = "741109c8ad0a9d1745a72d1d";
const ABOUT_READS = /(8654ca526943fa4a9bb273d2|page)\/entry\/.*pars/;

/**
 * The banner is edited (the page rendered on demand is then out of date), and the CMS goes
 * down while the site reads the edit (before, the site would render from the content it
 * holds). `restore` ends the outage.
 */
async function editBannerThenOutage(): Promise<{ heading: string; restore(): void }> {
  // Its deadline covers the edit's wait before it.
  const reads = proxy().hold(CONSENT_BANNER_READS, OUTAGE_DEADLINE_MS + HOLD_ARRIVAL_MS);
  const { heading } = await retitleConsentBanner(real, OUTAGE_DEADLINE_MS);
  await reads.arrived;
  const outage = proxy().cut();
  reads.release();
  return { heading, restore: outage.restore };
}

/**
 * The about page is edited, and the CMS goes down while the site renders it again: the
 * refresh meets the outage. Resolves once that refresh is over (its page retired, not
 * rewritten); `restore` ends the outage.
 */
async function editPageThenOutage(): Promise<{ restore(): void }> {
  const reads = proxy().hold(ABOUT_READS, OUTAGE_DEADLINE_MS + HOLD_ARRIVAL_MS);
  const since = real.logs.lines.length;
  const file = path.join(real.snapshot, "entries", `${ABOUT_ENTRY}.json`);
  const text = await readFile(file, "utf8");
  await writeFile(file, text.replace(/"updatedAt": \d+/, `"updatedAt": ${Date.now()}`));
  await reads.arrived;
  const outage = proxy().cut();
  reads.release();
  await pagesRefreshed(real.logs, since, OUTAGE_DEADLINE_MS);
  return { restore: outage.restore };
}

describe("CMS outage", () => {
  it(
    "serves the last good rendering, stale, when a fresh render fails",
    async () => {
      const good = await get(RENDERED);
      expect(good.status).toBe(200);
      expect(good.text).toContain(CONSENT_BANNER_HEADING);
      const { heading, restore } = await editBannerThenOutage();
      const res = await get(RENDERED);
      expect(res.status).toBe(200);
      expect(res.headers["x-content-stale"]).toBe("1");
      expect(res.headers["cache-control"]).toBe(STALE_PAGE_CACHE_CONTROL);
      expect(res.text).toContain(CONSENT_BANNER_HEADING);
      expect(
        real.logs.lines.some((l) => l.level === "warn" && l.message === "serving stale content"),
      ).toBe(true);
      // Recovers by itself once the CMS answers again (its socket open again, its content
      // read again).
      restore();
      await vi.waitFor(
        async () => {
          const back = await get(RENDERED);
          expect(back.headers["x-content-stale"]).toBeUndefined();
          expect(back.text).toContain(heading);
        },
        { timeout: OUTAGE_DEADLINE_MS, interval: 250 },
      );
    },
    3 * OUTAGE_DEADLINE_MS,
  );

  it(
    "falls back to the prerendered file of a page never rendered",
    async () => {
      const prerendered = await get(PRERENDERED);
      expect(prerendered.headers["x-content-stale"]).toBeUndefined();
      const prerenderedData = await get(`${PRERENDERED}.data`);
      await editPageThenOutage();
      const res = await get(PRERENDERED);
      expect(res.status).toBe(200);
      expect(res.headers["x-content-stale"]).toBe("1");
      expect(res.text).toBe(prerendered.text);
      const data = await get(`${PRERENDERED}.data`);
      expect(data.status).toBe(200);
      expect(data.text).toBe(prerenderedData.text);
    },
    3 * OUTAGE_DEADLINE_MS,
  );
});
