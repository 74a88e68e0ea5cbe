// The restart case, on one instance with the default store (SQLite), as measured from
// outside: the real site (`npm start`'s command, in an instance project holding a copy of
// the shared build, stamped for the CMS address it reads) on a content service that runs as
// its own process over a copy of the seed snapshot.
// The site is stopped, an article is edited through the content service's API while it is
// down, and the site is started again: /readyz is 503 while the site catches up, and the
// first answer after it says ready shows the edit. A start with nothing changed re-renders
// nothing. The content service is reached through a pass-through proxy that can hold the
// catch-up's first read, so the test looks at /readyz while the catch-up is known to run.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SiteProcess } from "../../scripts/site-process";
import type { ContentApi } from "../support/content-api";
import { CONTENT_SERVER_START_MS } from "../support/content-server-process";
import type { GatedProxy } from "../support/gated-proxy";
import { readLogLines } from "../support/log-file";
import { REAL_SITE_START_MS } from "../support/site-build";
import type { InstanceProject } from "../support/site-instance";
import { type SiteInstances, startSiteInstances } from "../support/site-instances";

const ARTICLE = {
  id: "359e533091ae2e0a5c53132f",
  page: "/news/brightwave-exchange-passes-id5-id-by-default",
  title: "Brightwave Exchange passes the ID5 ID to buyers by default",
};
/** The catch-up's first read of the CMS (a lite list of entries). */
const CATCH_UP_READ = /\/entry\/all\/lite$/;
/** The CMS's socket being opened (the upgrade request). */
const SOCKET_OPEN = /\/api\/v3\/socket/;
/** Each state the site reaches by itself: a start, ready, a log line. */
const READY_TIMEOUT_MS = 120_000;
/** The shared build, should this file be the one to make it, then a start and its readiness. */
const START_TIMEOUT_MS = REAL_SITE_START_MS + CONTENT_SERVER_START_MS + READY_TIMEOUT_MS;
/**
 * A graceful stop (SIGKILL after 15 s), then up to four waits of READY_TIMEOUT_MS in turn (the
 * start, connecting, ready, the catch-up's line), on a busy machine.
 */
const RESTART_TIMEOUT_MS = 5 * READY_TIMEOUT_MS;

let instances: SiteInstances;
let project: InstanceProject;
let proxy: GatedProxy;
let api: ContentApi;
let site: SiteProcess | undefined;
let logFile: string;

interface LogLine {
  msg: string;
  [field: string]: unknown;
}

async function logLines(): Promise<LogLine[]> {
  return readLogLines<LogLine>(logFile);
}

async function startSite(): Promise<SiteProcess> {
  // Started again on the port of its first start (picked then): a restart at the same address.
  site = await instances.start("site", {
    project,
    port: site?.port,
    env: { LOG_LEVEL: "info" },
    startTimeoutMs: READY_TIMEOUT_MS,
  });
  return site;
}

/** Well inside the 20 ms the site gathers its stdout lines for (app/logging/logger.server.ts). */
const READY_POLL_MS = 5;
const readyz = async (url: string) => {
  const response = await fetch(`${url}/readyz`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

/**
 * Asks /readyz until it says ready; returns every answer it gave before. Asked often: a
 * test reading the log at once then is within the moment the catch-up's line would still be
 * gathered in memory, if /readyz did not write it first.
 */
async function untilReady(url: string): Promise<number[]> {
  const statuses: number[] = [];
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const { status } = await readyz(url);
    if (status === 200) return statuses;
    statuses.push(status);
    await new Promise((resolve) => setTimeout(resolve, READY_POLL_MS));
  }
  throw new Error(`not ready after ${READY_TIMEOUT_MS} ms: ${statuses.slice(-5).join(",")}`);
}

/** Asks /readyz until it says ready, or that the site waits for its socket to the CMS. */
async function untilReadyOrConnecting(url: string): Promise<"ready" | "connecting"> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const { status, body } = await readyz(url);
    if (status === 200) return "ready";
    if (body.catchUp === "connecting") return "connecting";
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`neither ready nor connecting after ${READY_TIMEOUT_MS} ms`);
}

/** The first line named `msg` after `since` lines, once written (lines are written in batches). */
async function logLine(msg: string, since: number): Promise<LogLine | undefined> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const line = (await logLines()).slice(since).find((l) => l.msg === msg);
    if (line) return line;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return undefined;
}

/**
 * The `content caught up` line of the latest start (after `since` lines), read once: a site
 * that says ready has written every line logged before (what an operator reads then).
 */
const caughtUpLine = async (since: number) =>
  (await logLines()).slice(since).find((l) => l.msg === "content caught up");

beforeAll(async () => {
  // The site's build and its runs name one CMS origin: the proxy's, for the test's life.
  instances = await startSiteInstances("site-restart-content", { throughProxy: true });
  proxy = instances.proxy as GatedProxy;
  project = await instances.project();
  logFile = instances.logFile("site");
  api = instances.api;
  const first = await startSite();
  await untilReady(first.url);
}, START_TIMEOUT_MS);

afterAll(() => instances?.close());

describe("a restart after content changed while the site was down", () => {
  it(
    "finds nothing to re-render when nothing changed since the build",
    async () => {
      const line = await caughtUpLine(0);
      expect(line).toMatchObject({ updated: 0, added: 0, deleted: 0, tags: 0, refreshed: 0 });
      const article = await fetch(`${site?.url}${ARTICLE.page}`);
      expect(await article.text()).toContain(ARTICLE.title);
    },
    2 * READY_TIMEOUT_MS,
  );

  it(
    "is not ready until it has caught up, and its first answer after shows the edit",
    async () => {
      await site?.stop();
      const edited = `${ARTICLE.title} (edited while the site was down ${Date.now()})`;
      await api.retitle("news-article", ARTICLE.id, edited);

      const since = (await logLines()).length;
      // The start, then the catch-up's first read.
      const gate = proxy.hold(CATCH_UP_READ, 2 * READY_TIMEOUT_MS);
      try {
        const restarted = await startSite();
        await gate.arrived;
        // The CMS answers, the catch-up is under way: not ready.
        const during = await readyz(restarted.url);
        expect(during.status).toBe(503);
        expect(during.body).toMatchObject({ status: "starting", content: "HTTP 200" });
        expect((await fetch(`${restarted.url}/healthz`)).status).toBe(200);
      } finally {
        gate.release();
      }
      const url = site?.url ?? "";
      await untilReady(url);
      const line = await caughtUpLine(since);
      const first = await fetch(`${url}${ARTICLE.page}`);
      expect(first.status).toBe(200);
      expect(await first.text()).toContain(edited);

      expect(line).toMatchObject({ updated: 1, added: 0, deleted: 0 });
      // Exactly the pages that show the article: itself, its share image, the feed, the lists
      // that show it; not the site.
      expect(Number(line?.refreshed)).toBeGreaterThan(0);
      expect(Number(line?.refreshed)).toBeLessThan(10);
    },
    RESTART_TIMEOUT_MS,
  );

  it(
    "shows an edit made while it starts, before its socket to the CMS is open",
    async () => {
      await site?.stop();
      const since = (await logLines()).length;
      const edited = `${ARTICLE.title} (edited while the site started ${Date.now()})`;
      // The site's socket is held at its opening; the edit is made then, so the CMS tells
      // no one of it. A site that read the CMS's versions before opening its socket would
      // have read them without this edit, said it is ready, and never hear of it; this one
      // says it is connecting, and reads them once the socket is open.
      const socket = proxy.hold(SOCKET_OPEN, 2 * READY_TIMEOUT_MS);
      try {
        const starting = await startSite();
        await socket.arrived;
        // Either way the site has had its chance to read the versions before the edit.
        await untilReadyOrConnecting(starting.url);
        await api.retitle("news-article", ARTICLE.id, edited);
      } finally {
        socket.release();
      }
      const url = site?.url ?? "";
      await untilReady(url);
      expect(await (await fetch(`${url}${ARTICLE.page}`)).text()).toContain(edited);
      expect(await caughtUpLine(since)).toMatchObject({ updated: 1 });
    },
    RESTART_TIMEOUT_MS,
  );

  it(
    "remembers what it caught up with: the next start re-renders nothing",
    async () => {
      await site?.stop();
      const since = (await logLines()).length;
      const again = await startSite();
      await untilReady(again.url);
      const line = await caughtUpLine(since);
      expect(line).toMatchObject({ updated: 0, added: 0, deleted: 0, tags: 0, refreshed: 0 });
    },
    RESTART_TIMEOUT_MS,
  );

  it(
    "records live edits with their pages: a start after one re-renders nothing",
    async () => {
      const url = site?.url ?? "";
      const edited = `${ARTICLE.title} (edited while the site runs ${Date.now()})`;
      const before = (await logLines()).length;
      await api.retitle("news-article", ARTICLE.id, edited);
      // The socket's event has every page that shows the article rendered again in the
      // background; the batch's line says they are all written.
      expect(await logLine("pages refreshed", before)).toBeDefined();
      expect(await (await fetch(`${url}${ARTICLE.page}`)).text()).toContain(edited);
      // SIGTERM: the record of what was rendered is written before the process exits.
      await site?.stop();
      const since = (await logLines()).length;
      const again = await startSite();
      await untilReady(again.url);
      const line = await caughtUpLine(since);
      expect(line).toMatchObject({ updated: 0, added: 0, deleted: 0, tags: 0, refreshed: 0 });
      expect(await (await fetch(`${again.url}${ARTICLE.page}`)).text()).toContain(edited);
    },
    RESTART_TIMEOUT_MS,
  );
});
