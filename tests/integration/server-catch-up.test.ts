// The start's catch-up on the real site, as an operator sees it: the about page was edited
// while the site was down (its snapshot copy edited before the content service starts). The
// site reaches the CMS through an address that lets nothing through until the test has set
// what the proxy behind it holds, so each test looks at the site while the catch-up is known
// to read the CMS's versions: /readyz is 503 meanwhile; then the edited page is written
// again (the others keep their files) and the record on disk moves forward; an unreadable
// CMS is asked again. (The entries a catch-up finds and the pages it renders again:
// server-content-catch-up.test.ts; a start that finds nothing renders nothing:
// server-restart-catch-up.test.ts.)
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import type { ContentVersions } from "../../app/content/content-versions";
import { CONTENT_VERSIONS_FILE } from "../../server/refresh/content-ledger";
import { CONTENT_SERVER_START_MS } from "../support/content-server-process";
import { type GatedProxy, HOLD_ARRIVAL_MS } from "../support/gated-proxy";
import { type LateOrigin, startLateOrigin } from "../support/late-origin";
import { rawRequest } from "../support/raw-request";
import { ABOUT_DESCRIPTION, aboutUpdatedAt, editAboutDescription } from "../support/seed-pages";
import { answerSource, CATCH_UP_DEADLINE_MS, caughtUp } from "../support/server-log";
import {
  REAL_SITE_START_MS,
  type RealSiteOnContent,
  serveRealBuildOnContent,
} from "../support/site-build";

/** The catch-up's reads of the CMS's versions (lite lists of entries). */
const VERSION_READS = /\/entry\/all\/lite$/;
const ABOUT_ENTRY_ID = "741109c8ad0a9d1745a72d1d";
/**
 * A start with the build it may make, then the held read's arrival and three waits in turn
 * (the catch-up twice, readiness).
 */
const CATCH_UP_TEST_MS =
  REAL_SITE_START_MS + CONTENT_SERVER_START_MS + HOLD_ARRIVAL_MS + 3 * CATCH_UP_DEADLINE_MS;

interface Started {
  real: RealSiteOnContent;
  proxy: GatedProxy;
  edited: string;
  get: (pathWithQuery: string) => ReturnType<typeof rawRequest>;
  readyz: () => Promise<{ status: number; body: Record<string, unknown> }>;
  /** The about entry's update time as the site has recorded it in its copy of the build. */
  recorded: () => Promise<number | undefined>;
  close(): Promise<void>;
}

/**
 * A site started on a snapshot whose about page was edited since the build. `hold` sets what
 * the proxy holds before any of the site's calls reach the CMS.
 */
async function start(name: string, hold: (proxy: GatedProxy) => void): Promise<Started> {
  const edited = `About, edited while the site was down ${Date.now()}`;
  let origin: LateOrigin | undefined = await startLateOrigin();
  let real: RealSiteOnContent | undefined;
  try {
    real = await serveRealBuildOnContent(name, {
      logLevel: "info",
      throughProxy: true,
      variables: { BCMS_ORIGIN: origin.url },
      prepareSnapshot: (dir) => editAboutDescription(dir, edited),
    });
    const proxy = real.proxy as GatedProxy;
    hold(proxy);
    origin.forwardTo(proxy.url);
  } catch (error) {
    await real?.close();
    await origin.close();
    throw error;
  }
  const site = real;
  const get = (pathWithQuery: string) => rawRequest(site.port, pathWithQuery);
  return {
    real: site,
    proxy: site.proxy as GatedProxy,
    edited,
    get,
    async readyz() {
      const response = await get("/readyz");
      return { status: response.status, body: JSON.parse(response.text) };
    },
    async recorded() {
      const versions = JSON.parse(
        await readFile(path.join(site.buildDir, CONTENT_VERSIONS_FILE), "utf8"),
      ) as ContentVersions;
      return versions.entries[ABOUT_ENTRY_ID]?.updatedAt;
    },
    async close() {
      await site.close();
      await origin?.close();
      origin = undefined;
    },
  };
}

/** Resolves once /readyz says the catch-up is in `state`; it is not ready meanwhile. */
async function untilCatchUp(t: Started, state: string): Promise<void> {
  await vi.waitFor(
    async () => {
      const answer = await t.readyz();
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({ status: "starting", catchUp: state });
    },
    { timeout: CATCH_UP_DEADLINE_MS, interval: 50 },
  );
}

/**
 * Resolves once /readyz says ready. Readiness has conditions besides the catch-up (the
 * redirects' first read, which an outage can fail too), so "caught up" alone is not "ready".
 */
async function untilReady(t: Started): Promise<void> {
  await vi.waitFor(
    async () => {
      const answer = await t.readyz();
      expect(answer.body).toMatchObject({ status: "ready" });
      expect(answer.status).toBe(200);
    },
    { timeout: CATCH_UP_DEADLINE_MS, interval: 50 },
  );
}

describe("catching up with the CMS at start", () => {
  it(
    "is not ready while it reads the CMS's versions, then shows the edit from a rewritten file and records it",
    async () => {
      let reads: { arrived: Promise<void>; release(): void } | undefined;
      const t = await start("server-catch-up", (proxy) => {
        reads = proxy.hold(VERSION_READS);
      });
      try {
        const builtAt = await t.recorded();
        await reads?.arrived;
        await untilCatchUp(t, "reading");
        expect((await t.get("/healthz")).status).toBe(200);
        reads?.release();

        const caught = await caughtUp(t.real.logs, 0, CATCH_UP_DEADLINE_MS);
        expect(caught).toMatchObject({ updated: 1, added: 0, deleted: 0 });
        await untilReady(t);
        const about = await t.get("/about");
        expect(about.text).toContain(t.edited);
        expect(about.text).not.toContain(ABOUT_DESCRIPTION);
        expect(answerSource(t.real.logs, "/about")).toBe("prerendered");
        // Not read by the edited page: still its file, never rendered again.
        expect((await t.get("/trust/privacy-policy")).status).toBe(200);
        expect(answerSource(t.real.logs, "/trust/privacy-policy")).toBe("prerendered");

        // Recorded once the files are written: the next start finds nothing.
        await t.real.site.close();
        expect(await t.recorded()).toBe(await aboutUpdatedAt(t.real.snapshot));
        expect(await t.recorded()).not.toBe(builtAt);
      } finally {
        await t.close();
      }
    },
    CATCH_UP_TEST_MS,
  );

  it(
    "asks again while the CMS cannot be read, and is not ready meanwhile",
    async () => {
      let reads: { arrived: Promise<void>; release(): void } | undefined;
      const t = await start("server-catch-up-unreadable", (proxy) => {
        reads = proxy.hold(VERSION_READS);
      });
      try {
        await reads?.arrived;
        // The CMS goes away while its versions are read: the read fails.
        const outage = t.proxy.cut();
        reads?.release();
        await t.real.logs.waitFor(
          (lines) =>
            lines.some(
              (line) => line.message === "content catch-up: the CMS cannot be read, trying again",
            ),
          CATCH_UP_DEADLINE_MS,
        );
        expect((await t.readyz()).status).toBe(503);
        outage.restore();
        await caughtUp(t.real.logs, 0, CATCH_UP_DEADLINE_MS);
        await untilReady(t);
        expect((await t.get("/about")).text).toContain(t.edited);
      } finally {
        await t.close();
      }
    },
    CATCH_UP_TEST_MS,
  );
});
