// The server's outage, live-refresh, secret and shutdown claims on the real thing: the real
// build (build/) served by the production server as `npm start` serves it, reading the
// content service as its own process (behind a proxy the tests can hold) on a copy of the
// snapshot, which the tests start late, kill, edit and start again on the same port. The
// copy differs from what the build read in the consent banner, which every page shows: once
// the service is up, the start's catch-up renders every page again from it. server-outage,
// server-pages and server-lifecycle.test.ts prove the same rules more quickly; this file
// proves them with the app's own loaders.
import { randomBytes } from "node:crypto";
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { Parser } from "htmlparser2";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { STALE_PAGE_CACHE_CONTROL } from "../../app/config/cache-control";
import { LOCAL_CONTENT_IDENTITY, parseEnv } from "../../app/config/env.server";
import { SOCKET_RECONNECT_MAX_DELAY_MS } from "../../bcms/socket";
import { STALE_HEADER } from "../../server/rendering/render";
import { loadServerBuild } from "../../server/rendering/server-build";
import { PRECOMPRESSED_EXTENSIONS } from "../../server/serving/compression";
import type { SiteServer } from "../../server/site-server";
import { TEST_BUILD_SETTINGS } from "../support/build-settings";
import {
  CONTENT_SERVER_START_MS,
  type ContentServerProcess,
  LOCAL_CMS_VARIABLES,
  spawnContentServer,
} from "../support/content-server-process";
import { freePort } from "../support/free-port";
import { type GatedProxy, HOLD_ARRIVAL_MS, startGatedProxy } from "../support/gated-proxy";
import { type RawResponse, rawRequest } from "../support/raw-request";
import { renderFigures } from "../support/render-metrics";
import {
  answerSource,
  CATCH_UP_DEADLINE_MS,
  changesRefreshed,
  pagesRefreshed,
} from "../support/server-log";
import {
  BUILD_SITE_ORIGIN,
  CONSENT_BANNER_HEADING,
  CONSENT_BANNER_READS,
  consentBannerFile,
  ensureSiteBuild,
  type RealSite,
  SITE_BUILD_DIR,
  serveRealBuild,
} from "../support/site-build";
import { copySnapshot, editEntryWith, removeSnapshot } from "../support/snapshot-copy";
import { type RecordingLogger, recordingLogger } from "../support/webhook-receiver";

/** A key of this run only: any trace of it in what the site serves is a leak. */
const RUN_KEY = {
  id: randomBytes(12).toString("hex"),
  secret: `run-secret-${randomBytes(16).toString("hex")}`,
};
/** The site's CMS settings: the local identity with this run's key, which the service accepts. */
const CMS_IDENTITY = {
  ...LOCAL_CMS_VARIABLES,
  BCMS_API_KEY_ID: RUN_KEY.id,
  BCMS_API_KEY_SECRET: RUN_KEY.secret,
};
/** The /about hero's description in the snapshot, and what the test edits it into. */
const ABOUT_DESCRIPTION =
  "Why ID5 exists, who leads the company and the values that shape how we build identity technology.";
const EDITED_WHILE_DOWN = `Edited while the content service was down ${Date.now()}`;
const EDITED_LIVE = `Edited while the content service runs ${Date.now()}`;
const EDITED_AT_CLOSE = `Edited as the site closes ${Date.now()}`;
/** The consent banner's heading in the snapshot copy: content the build never saw, on every page. */
const BANNER_SINCE_BUILD = `Cookies, edited since the build ${Date.now()}`;
/** Every request to the content service but its socket: what the site reads. */
const CONTENT_READS = /^(?!\/api\/v3\/socket)/;
/** A URL of a page route that the test never asks for before the outage. */
const UNSEEN = "/universal-id/never-seen-before";
/** The content service starting (tsx on a busy 2-core machine) plus the longest socket backoff. */
const RECONNECT_DEADLINE_MS = SOCKET_RECONNECT_MAX_DELAY_MS + 20_000;
/** An edit told by the service's watcher and socket, or a render given its turn, when busy. */
const LIVE_EDIT_DEADLINE_MS = 60_000;
const POLL_MS = 250;
/** More than the site has: a crawl that goes past it is following generated links. */
const MAX_CRAWLED_URLS = 2_000;

let dir: string;
let contentPort: number;
let content: ContentServerProcess | undefined;
/** Between the site and the content service: holds the site's reads when a test says. */
let proxy: GatedProxy | undefined;
let site: SiteServer;
let real: RealSite | undefined;
/** The server's copy of the build's files: pages are rewritten as content changes. */
let buildCopy: string | undefined;
let sitePort: number;
let logs: RecordingLogger;
/** A page's data URL, as the app's prefetcher asks for it (app/navigation/preload-route.ts). */
let dataUrl: (path: string) => string;
const setVariables: Record<string, string | undefined> = {};

function setEnv(variables: Record<string, string>): void {
  for (const [name, value] of Object.entries(variables)) {
    if (!(name in setVariables)) setVariables[name] = process.env[name];
    process.env[name] = value;
  }
}

function get(pathWithQuery: string): Promise<RawResponse> {
  return rawRequest(sitePort, pathWithQuery);
}

async function startContent(): Promise<void> {
  content = await spawnContentServer(dir, `${dir}-cache`, contentPort, CMS_IDENTITY);
}

async function killContent(): Promise<void> {
  content?.child.kill("SIGKILL");
  await content?.exited;
  content = undefined;
}

/** Resolves once the server has applied a content event logged after `sinceLine`. */
function contentChanged(sinceLine: number, timeoutMs: number): Promise<void> {
  return logs.waitFor(
    (lines) => lines.slice(sinceLine).some((line) => line.message === "content changed"),
    timeoutMs,
  );
}

/** Asks for `pathWithQuery` until its page holds `text`; fails after `timeoutMs`. */
async function pollUntilPageHolds(
  pathWithQuery: string,
  text: string,
  timeoutMs: number,
): Promise<RawResponse> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await get(pathWithQuery);
    if (response.text.includes(text)) return response;
    if (Date.now() > deadline) {
      throw new Error(`${pathWithQuery} did not show "${text}" within ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

beforeAll(async () => {
  await ensureSiteBuild();
  dir = await copySnapshot("site-real-content", { withMediaFiles: true });
  const banner = await readFile(consentBannerFile(dir), "utf8");
  await writeFile(
    consentBannerFile(dir),
    banner
      .replace(CONSENT_BANNER_HEADING, BANNER_SINCE_BUILD)
      .replace(/"updatedAt": (\d+)/, (_, at: string) => `"updatedAt": ${Number(at) + 60_000}`),
  );
  contentPort = await freePort();
  proxy = await startGatedProxy(`http://127.0.0.1:${contentPort}`);
  // React must load in its production build (server/rendering/server-build.ts), before the build.
  setEnv({ NODE_ENV: "production" });
  // The settings the server hands to the build it loads (configureSite): the build reads
  // its CMS from them, not from the environment.
  const env = parseEnv({
    // The settings the build was made with: what the server renders matches its files.
    ...TEST_BUILD_SETTINGS,
    LOG_LEVEL: "error",
    BCMS_ORIGIN: proxy.url,
    ...CMS_IDENTITY,
  });
  // Loads React Router: after NODE_ENV is set.
  ({ dataUrl } = await import("../../app/navigation/preload-route"));
  // The service starts in the tests: the site comes up without it.
  logs = recordingLogger();
  real = await serveRealBuild(env, logs);
  ({ site, port: sitePort, buildDir: buildCopy } = real);
}, 15 * 60_000);

afterAll(async () => {
  await real?.close();
  await proxy?.close();
  await killContent();
  if (dir) await removeSnapshot(dir);
  for (const [name, value] of Object.entries(setVariables)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

/**
 * The modules a script imports, statically or dynamically, resolved against its URL. The pages
 * name only React Router's module script (held until the first paint, decision 0013); the
 * chunks come from its imports and theirs, as a browser finds them.
 */
function moduleImports(code: string, base: string): string[] {
  return [...code.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*["']([^"']+\.js)["']/g)].map((match) => {
    const url = new URL(match[1] ?? "", new URL(base, `${BUILD_SITE_ORIGIN}/`));
    return `${url.pathname}${url.search}`;
  });
}

/** Same-origin links of a page: pages to visit and the files it loads. */
function linksOf(html: string, page: string): string[] {
  const links: string[] = [];
  let moduleScript: string | null = null;
  const parser = new Parser({
    onopentag(name, attributes) {
      if (name === "script" && attributes.type === "module" && !attributes.src) moduleScript = "";
      const link =
        name === "a" || name === "link"
          ? attributes.href
          : name === "script"
            ? attributes.src
            : undefined;
      if (!link) return;
      const url = new URL(link, `${BUILD_SITE_ORIGIN}/`);
      if (url.origin === BUILD_SITE_ORIGIN) links.push(`${url.pathname}${url.search}`);
    },
    ontext(text) {
      if (moduleScript !== null) moduleScript += text;
    },
    onclosetag(name) {
      if (name !== "script" || moduleScript === null) return;
      links.push(...moduleImports(moduleScript, page));
      moduleScript = null;
    },
  });
  parser.write(html);
  parser.end();
  return links;
}

/** Bytes of the content service's media (images, video, downloads): not the site's text. */
const MEDIA_OR_BINARY = /^\/media\/|\.(png|jpe?g|webp|avif|gif|ico|woff2?|mp4|webm|pdf)(\?|$)/i;

/**
 * Every page reachable from the home page and the sitemap, its data, and every script and
 * style sheet the pages load, as the server answers them (headers and body).
 */
async function crawlSite(): Promise<{
  answers: Map<string, RawResponse>;
  sitemapPages: string[];
}> {
  const sitemap = await readFile(path.join(buildCopy ?? "", "client", "sitemap.xml"), "utf8");
  const sitemapPages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)]
    .map((match) => new URL(match[1] ?? "/", BUILD_SITE_ORIGIN))
    .map((url) => `${url.pathname}${url.search}`);
  const queue = ["/", ...sitemapPages];
  const answers = new Map<string, RawResponse>();
  const seen = new Set<string>();
  const visit = async (pathWithQuery: string) => {
    const response = await get(pathWithQuery);
    answers.set(pathWithQuery, response);
    const type = String(response.headers["content-type"]);
    const links = type.startsWith("text/html")
      ? [dataUrl(pathWithQuery), ...linksOf(response.text, pathWithQuery)]
      : type.includes("javascript")
        ? moduleImports(response.text, pathWithQuery)
        : [];
    for (const link of links) {
      if (!seen.has(link) && !MEDIA_OR_BINARY.test(link)) {
        seen.add(link);
        queue.push(link);
      }
    }
  };
  for (const link of queue) seen.add(link);
  // A few at a time, as visitors would.
  const worker = async () => {
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
      if (answers.size > MAX_CRAWLED_URLS) throw new Error("the crawl does not end");
      await visit(next);
    }
  };
  await Promise.all(Array.from({ length: 3 }, worker));
  return { answers, sitemapPages };
}

async function clientFiles(): Promise<string[]> {
  const clientDir = path.join(buildCopy ?? "", "client");
  const entries = await readdir(clientDir, { recursive: true, withFileTypes: true });
  const compressed = Object.values(PRECOMPRESSED_EXTENSIONS);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !compressed.some((ext) => file.endsWith(ext)));
}

describe("the real build on a content service process", () => {
  it("with the content service down from the start, serves the built pages and answers a page never seen with 503", async () => {
    // The site cannot know the content moved on since the build: its files are what it has.
    const about = await get("/about");
    expect(about.status).toBe(200);
    expect(about.text).toContain("<h1");
    expect(about.text).toContain(CONSENT_BANNER_HEADING);
    expect(answerSource(logs, "/about")).toBe("prerendered");
    // Its 404 pages are prepared once the start has caught up with the CMS: until then an
    // address it does not have is rendered, and that render needs the service.
    const unseen = await get(UNSEEN);
    expect(unseen.status).toBe(503);
    expect(unseen.text).toContain('data-status="503"');
    expect(unseen.text).toContain("Something went wrong");
    expect(unseen.text).not.toMatch(/at .*\.(ts|js):\d+/); // no stack trace
  });

  it(
    "when the content service comes up, the site catches up by itself",
    async () => {
      await startContent();
      const about = await pollUntilPageHolds("/about", BANNER_SINCE_BUILD, RECONNECT_DEADLINE_MS);
      expect(about.status).toBe(200);
      expect(about.headers[STALE_HEADER]).toBeUndefined();
      expect(about.text).not.toContain(CONSENT_BANNER_HEADING);
      await logs.waitFor(
        (lines) => lines.some((line) => line.message === "404 answers prepared at start"),
        RECONNECT_DEADLINE_MS,
      );
      expect((await get(UNSEEN)).status).toBe(404);
    },
    2 * RECONNECT_DEADLINE_MS + 10_000,
  );

  it("renders pages from the running content service", async () => {
    const before = (await renderFigures()).admitted;
    // A parameter the page reads (`sent`): rendered now, not served from its file.
    const about = await get("/about?sent=from-the-service");
    expect(about.status).toBe(200);
    expect(about.headers[STALE_HEADER]).toBeUndefined();
    expect(about.text).toContain(ABOUT_DESCRIPTION);
    expect(about.text).toContain(BANNER_SINCE_BUILD);
    expect(answerSource(logs, "/about")).toBe("render");
    expect((await renderFigures()).admitted).toBe(before + 1);
  });

  it("sends every section in place: none is held back for a script to move (works without JavaScript)", async () => {
    for (const page of ["/about", "/contact", "/trust"]) {
      // Rendered now, not the prerendered file: a parameter the page reads (`sent`) makes
      // the server render it, and the server's own render is what is checked.
      const answer = await get(`${page}?sent=sections-check`);
      expect(answer.status).toBe(200);
      // The page is split into Suspense boundaries (hydrated one at a time) ...
      expect(answer.text).toContain("<!--$-->");
      // ... and each is written where it belongs, not as a hidden segment and an inline
      // script that moves it (React's streaming form).
      expect(answer.text).not.toMatch(/<div hidden id="S:|\$RC\(|\$RV=/);
    }
  });

  it("leaves no timer of a finished render behind (each would hold the render's memory)", async () => {
    // The app's render, run here (the site's renders run on its render thread, whose timers
    // this thread cannot see): the build's own handler, loaded as the render thread loads it.
    const { handler } = await loadServerBuild(
      SITE_BUILD_DIR,
      {},
      { env: (real as RealSite).env, logger: logs },
    );
    // Every timer the app's server bundle starts (the render's code), until it fires or is
    // cleared. Timers of other code are left out: the fetch client keeps each idle connection
    // to the content service alive on a timer of its own, which is rightly pending.
    const appBundle = path.join(SITE_BUILD_DIR, "server");
    const pending = new Map<unknown, number>();
    let started = 0;
    const { setTimeout: realSet, clearTimeout: realClear } = globalThis;
    const tracked = ((callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
      const timer: ReturnType<typeof realSet> = realSet(
        (...fired: unknown[]) => {
          pending.delete(timer);
          callback(...fired);
        },
        ms,
        ...args,
      );
      // Frame 0 is this function; frame 1 the code that asked for the timer.
      const caller = new Error().stack?.split("\n")[2] ?? "";
      if (caller.includes(appBundle)) {
        started += 1;
        pending.set(timer, ms ?? 0);
      }
      return timer;
    }) as typeof setTimeout;
    globalThis.setTimeout = tracked;
    globalThis.clearTimeout = ((timer?: Parameters<typeof realClear>[0]) => {
      pending.delete(timer);
      realClear(timer);
    }) as typeof clearTimeout;
    try {
      try {
        for (let i = 0; i < 5; i++) {
          const page = await handler(
            new Request(`${BUILD_SITE_ORIGIN}/about?sent=timer-check-${i}`),
          );
          expect(page.status).toBe(200);
          // The render ends when its body has been read.
          expect(await page.text()).toContain(ABOUT_DESCRIPTION);
        }
      } finally {
        globalThis.setTimeout = realSet;
      }
      // The check can fail: the renders did start timers of their own.
      expect(started).toBeGreaterThanOrEqual(5);
      // Short timers (a log flush) come and go; none may outlive its render by seconds.
      expect([...pending.values()].filter((ms) => ms >= 1_000)).toEqual([]);
    } finally {
      globalThis.clearTimeout = realClear;
    }
  });

  it(
    "serves no part of the API key: not in any page, data, script or style, nor in the build",
    async () => {
      // Pages rewritten since the start (every one: the start's catch-up found the banner
      // changed) are part of the build the check reads.
      await pagesRefreshed(logs, 0);
      await changesRefreshed(logs);
      const { answers, sitemapPages } = await crawlSite();
      // The crawl reached the whole site: every page of the sitemap and its data, the scripts
      // and the styles.
      for (const page of sitemapPages) {
        expect(answers.get(page)?.status, page).toBe(200);
        expect(answers.get(dataUrl(page))?.status, dataUrl(page)).toBe(200);
      }
      const urls = [...answers.keys()];
      expect(urls.some((u) => /^\/assets\/.+\.js$/.test(u))).toBe(true);
      expect(urls.some((u) => /^\/assets\/.+\.css$/.test(u))).toBe(true);

      // The key the site runs with, and the one the build was made with (the embedded service's).
      const keyParts = [
        RUN_KEY.id,
        RUN_KEY.secret,
        LOCAL_CONTENT_IDENTITY.apiKeyId,
        LOCAL_CONTENT_IDENTITY.apiKeySecret,
      ];
      const served = [...answers].flatMap(([url, response]) => {
        const text = `${JSON.stringify(response.headers)}\n${response.text}`;
        return keyParts.filter((part) => text.includes(part)).map((part) => `${url}: ${part}`);
      });
      expect(served).toEqual([]);
      // And any the crawl had rewritten: a file is read whole, not mid-rename.
      await changesRefreshed(logs);
      const files = await clientFiles();
      expect(files.length).toBeGreaterThan(100);
      const built: string[] = [];
      for (const file of files) {
        const text = await readFile(file, "latin1");
        for (const part of keyParts) if (text.includes(part)) built.push(`${file}: ${part}`);
      }
      expect(built).toEqual([]);
      // Three waits for the refresher in turn, and two crawls of the whole site.
    },
    3 * CATCH_UP_DEADLINE_MS + 2 * 60_000,
  );

  it(
    "while the content service is down, serves what it could refresh fresh, the rest stale, and answers a slug it knows is not there with 404",
    async () => {
      await killContent();
      await editEntryWith(dir, '"/about"', (text) => {
        if (!text.includes(ABOUT_DESCRIPTION)) throw new Error("the /about entry has changed");
        return text.replace(ABOUT_DESCRIPTION, EDITED_WHILE_DOWN);
      });
      // A rendering stays fresh until a content event says it may be out of date. Coming back,
      // the service is such an event (changes may have been missed while it was away): the
      // site marks every rendering stale and empties its client's caches. Killed again right
      // then, the service is needed for every page seen so far.
      // The change (everything, after a reconnect) has every page rendered again in the
      // background: their reads of the service, held from the moment the site has heard of
      // the change until the service is gone, fail, and the pages that needed them are
      // retired (a refresh that lands first would serve its new file, fresh).
      const before = logs.lines.length;
      await startContent();
      await contentChanged(before, RECONNECT_DEADLINE_MS);
      const reads = (proxy as GatedProxy).hold(CONTENT_READS);
      await killContent();
      reads.release();
      await pagesRefreshed(logs, before);

      // What the site read while the service was back (the lists it compares addresses
      // with) is enough for some pages: /about shows the edit, fresh, from its new file.
      const about = await get("/about");
      expect(about.status).toBe(200);
      expect(about.text).toContain(EDITED_WHILE_DOWN);
      expect(about.headers[STALE_HEADER]).toBeUndefined();
      // The pages that needed the service are served from their last good answer, stale.
      const notRendered = logs.lines
        .slice(before)
        .filter((line) => line.message.startsWith("page refresh: not rendered"))
        .map((line) => String(line.fields?.page));
      expect(notRendered.length).toBeGreaterThan(0);
      for (const seen of notRendered.slice(0, 3).flatMap((page) => [page, dataUrl(page)])) {
        const response = await get(seen);
        expect(response.status, seen).toBe(200);
        expect(response.headers[STALE_HEADER], seen).toBe("1");
        expect(response.headers["cache-control"], seen).toBe(STALE_PAGE_CACHE_CONTROL);
      }
      expect(logs.lines.some((line) => line.message === "serving stale content")).toBe(true);

      // The lists read when the service came back say there is no such page: an answer,
      // not an outage. (A page that needs the service with nothing to fall back on answers
      // 503: the first test.)
      const unseen = await get(UNSEEN);
      expect(unseen.status).toBe(404);
      expect(unseen.headers[STALE_HEADER]).toBeUndefined();
      expect(unseen.text).not.toMatch(/ECONNREFUSED|at .*\.(ts|js):\d+/);
    },
    CONTENT_SERVER_START_MS + RECONNECT_DEADLINE_MS + CATCH_UP_DEADLINE_MS + 30_000,
  );

  it(
    "when the content service is back on its port, the edit made while it was down reaches the page",
    async () => {
      const restarted = logs.lines.length;
      await startContent();
      const about = await pollUntilPageHolds("/about", EDITED_WHILE_DOWN, RECONNECT_DEADLINE_MS);
      expect(about.status).toBe(200);
      expect(about.headers[STALE_HEADER]).toBeUndefined();
      expect((await get("/about.data")).text).toContain(EDITED_WHILE_DOWN);
      expect((await get("/")).headers[STALE_HEADER]).toBeUndefined();
      // The page never seen was missing content, not missing: a 404 now.
      expect((await get(UNSEEN)).status).toBe(404);
      // And the site watches the service again (its reconnection is a content event).
      await contentChanged(restarted, RECONNECT_DEADLINE_MS);
    },
    2 * RECONNECT_DEADLINE_MS + 30_000,
  );

  it(
    "an entry edited while the service runs reaches the page without a restart",
    async () => {
      const since = logs.lines.length;
      await editEntryWith(dir, '"/about"', (text) => text.replace(EDITED_WHILE_DOWN, EDITED_LIVE));
      // The service tells of the edit, and the site rewrites the pages that read the entry
      // (behind the reconnection's rewrite of every page, which may still be under way).
      await logs.waitFor(
        (lines) =>
          lines
            .slice(since)
            .some((line) => line.message === "content changed" && line.fields.event === "entry"),
        CATCH_UP_DEADLINE_MS,
      );
      await changesRefreshed(logs);
      const about = await get("/about");
      expect(about.text).toContain(EDITED_LIVE);
      expect(about.headers[STALE_HEADER]).toBeUndefined();
      // In-app navigation data is fresh too.
      expect((await get("/about.data")).text).toContain(EDITED_LIVE);
    },
    2 * CATCH_UP_DEADLINE_MS + 30_000,
  );

  it(
    "closes gracefully: refuses new connections, finishes the request in flight, then stops",
    async () => {
      // The banner is edited; the site's reads of it are held, so its next render of a page
      // stays in flight until released.
      const reads = (proxy as GatedProxy).hold(
        CONSENT_BANNER_READS,
        LIVE_EDIT_DEADLINE_MS + HOLD_ARRIVAL_MS,
      );
      const since = logs.lines.length;
      const banner = await readFile(consentBannerFile(dir), "utf8");
      await writeFile(consentBannerFile(dir), banner.replace(BANNER_SINCE_BUILD, EDITED_AT_CLOSE));
      await contentChanged(since, LIVE_EDIT_DEADLINE_MS);
      const inFlight = get("/about?sent=shutdown");
      await reads.arrived;
      // The visitor's render has its turn and is held: in flight.
      await vi.waitFor(async () => expect((await renderFigures()).running).toBeGreaterThan(0), {
        timeout: LIVE_EDIT_DEADLINE_MS,
        interval: POLL_MS,
      });
      const closed = site.close();
      await expect(get("/about")).rejects.toThrow(/ECONNREFUSED/);
      reads.release();
      const answered = await inFlight;
      expect(answered.status).toBe(200);
      expect(answered.text).toContain(EDITED_LIVE);
      expect(answered.text).toContain(EDITED_AT_CLOSE);
      expect(answered.text.trimEnd()).toMatch(/<\/html>$/);
      await closed;
    },
    2 * LIVE_EDIT_DEADLINE_MS + HOLD_ARRIVAL_MS + 30_000,
  );
});
