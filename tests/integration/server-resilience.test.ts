import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RENDER_RETRY_AFTER_SECONDS, STALE_HEADER } from "../../server/rendering/render";
import { DEFAULT_ADMISSION } from "../../server/rendering/render-admission";
import { loadServerBuild, type SiteRequestHandler } from "../../server/rendering/server-build";
import { inlineScriptHashes } from "../../server/security/script-hashes";
import { CONTENT_SERVER_START_MS } from "../support/content-server-process";
import type { GatedProxy } from "../support/gated-proxy";
import { type RawResponse, rawRequest } from "../support/raw-request";
import { renderFigures } from "../support/render-metrics";
import {
  REAL_SITE_START_MS,
  type RealSiteOnContent,
  retitleConsentBanner,
  SITE_BUILD_DIR,
  serveRealBuildOnContent,
} from "../support/site-build";
import { editEntryWith } from "../support/snapshot-copy";

/** The service's watcher and socket, then the 404 page prepared again, on a busy machine. */
const CHANGE_DEADLINE_MS = 30_000;
/** Preparing the 404 answers: a few renders on a busy 2-core machine. */
const PREPARE_DEADLINE_MS = 60_000;
/** What a test does besides its waits: its own timeout covers both, so a wait fails with its message. */
const TEST_MARGIN_MS = 30_000;

let real: RealSiteOnContent | undefined;
/** The app's own handler, loaded in this process from the build the site serves. */
let handler: SiteRequestHandler | undefined;
/** The contact page's entry, and the site's reads of its template's content (not of versions). */
const CONTACT_ENTRY = "8ed7a137547fac2fa7a2739b";
const PAGE_READS = /(8654ca526943fa4a9bb273d2|\/page)\/entry\/.*pars/;

const get = (
  pathWithQuery: string,
  headers: Record<string, string> = {},
  method = "GET",
): Promise<RawResponse> =>
  rawRequest((real as RealSiteOnContent).port, pathWithQuery, { headers, method });

/** The access-log source of the last request for `path`. */
function sourceOf(path: string): unknown {
  const lines = (real as RealSiteOnContent).logs.lines.filter(
    (line) => line.message === "request" && line.fields.path === path,
  );
  return lines.at(-1)?.fields.source;
}

/** Renders `path` through the app itself, as the server would without the prepared page. */
async function renderOf(path: string): Promise<string> {
  const response = await (handler as SiteRequestHandler)(new Request(`http://localhost${path}`));
  return response.text();
}

/**
 * The page without the bodies of the scripts the app writes from its own functions' source
 * (consent, attribution, first paint): the test runner transforms the copy of the build it
 * loads here, and with it that source. The scripts a page carries are checked against its
 * CSP instead; the hydration data, which holds the path, is compared as it is.
 */
const withoutFunctionScripts = (html: string) =>
  html.replace(/<script>(try\{)?\(function [\s\S]*?<\/script>/g, "<script></script>");

function cspHashes(response: RawResponse): string[] {
  const header = String(response.headers["content-security-policy"] ?? "");
  return header.match(/'sha256-[^']+'/g) ?? [];
}

/** Renders admitted so far: a visitor's request that renders takes a turn. */
const admitted = async () => (await renderFigures()).admitted;

beforeAll(
  async () => {
    real = await serveRealBuildOnContent("resilience", { logLevel: "info", throughProxy: true });
    ({ handler } = await loadServerBuild(SITE_BUILD_DIR, {}, { env: real.env, logger: real.logs }));
    // Each route's 404 answers are prepared at start: the catch-all's, and each route whose
    // slugs name entries.
    await (real as RealSiteOnContent).logs.waitFor(
      (lines) => lines.some((line) => line.message === "404 answers prepared at start"),
      PREPARE_DEADLINE_MS,
    );
  },
  REAL_SITE_START_MS + CONTENT_SERVER_START_MS + PREPARE_DEADLINE_MS,
);

/** One unknown address per route: each route has its own 404 page. */
const FIRST_UNKNOWN = [
  "/first-unknown-address",
  "/news/first-unknown-article",
  "/events/first-unknown-event",
  "/resources/first-unknown-resource",
  "/universal-id/first-unknown-partner",
  "/news/page/1000",
];

/** Resolves once both 404 answers of `routes` routes were prepared after log line `since`. */
function preparedSince(since: number, routes: number): Promise<void> {
  return (real as RealSiteOnContent).logs.waitFor(
    (lines) =>
      new Set(
        lines
          .slice(since)
          .filter((line) => line.message === "404 answer prepared" && line.fields.kind === "data")
          .map((line) => line.fields.route),
      ).size >= routes,
    PREPARE_DEADLINE_MS,
  );
}

/** Resolves once `condition` holds, looked at on every turn of the event loop; fails with `what` after the deadline. */
async function until(condition: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + CHANGE_DEADLINE_MS;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not reached in ${CHANGE_DEADLINE_MS} ms: ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

afterAll(async () => {
  await real?.close();
});

describe("an address the site does not have", () => {
  it("is answered without rendering from the first one after start, for every route", async () => {
    const before = await admitted();
    for (const first of FIRST_UNKNOWN) {
      expect((await get(first)).status, first).toBe(404);
      expect(sourceOf(first), first).toBe("not-found");
    }
    expect(await admitted()).toBe(before);
  });

  const unknown = [
    "/wp-login.php",
    "/.env",
    "/news/no-such-article",
    "/events/no-such-event",
    "/resources/no-such-report",
    "/universal-id/no-such-partner",
    "/news/page/999",
    "/a/b/c&d'e(f)",
  ];

  it("is answered 404 with the error page, without a render", async () => {
    const before = await admitted();
    for (const path of unknown) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(response.text, path).toContain("<title>Page Not Found");
      expect(sourceOf(path), path).toBe("not-found");
    }
    const data = await get("/news/no-such-article.data");
    expect(data.status).toBe(404);
    expect(data.text).toContain('"Page Not Found: /news/no-such-article"');
    expect(await admitted()).toBe(before);
  });

  it("is the page the app renders for that path, with its own CSP and no other path in it", async () => {
    for (const path of ["/no/such/page", "/news/what&is'this", "/x%3Cscript%3Ealert(1)"]) {
      const response = await get(path);
      const body = response.text;
      expect(withoutFunctionScripts(body), path).toBe(withoutFunctionScripts(await renderOf(path)));
      expect(body).toContain(
        `Page Not Found: ${path.replace(/&/g, "&amp;").replace(/'/g, "&#x27;")}`,
      );
      expect(body).not.toMatch(/zzsplice/);
      // Every inline script it runs is allowed by its own header, and nothing more.
      expect(cspHashes(response).sort()).toEqual(inlineScriptHashes(body).sort());
      expect(response.headers["cache-tag"]).not.toMatch(/zzsplice/);
    }
  });

  it("is compressed, and answers HEAD and If-None-Match as any 404", async () => {
    const plain = await get("/no-such-thing");
    const gzipped = await get("/no-such-thing", { "accept-encoding": "gzip, deflate, br" });
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzipped.body).toString("utf8")).toBe(plain.text);
    expect(gzipped.body.byteLength).toBeLessThan(plain.body.byteLength / 2);
    const etag = String(plain.headers.etag);
    expect(etag).not.toBe(String((await get("/no-such-other")).headers.etag));
    // A validator makes no 304 of a 404 (as for every answer made from a body).
    const revalidated = await get("/no-such-thing", { "if-none-match": etag });
    expect(revalidated.status).toBe(404);
    expect(revalidated.text).toBe(plain.text);
    const head = await get("/no-such-thing", {}, "HEAD");
    expect(head.status).toBe(404);
    expect(head.body.byteLength).toBe(0);
    expect(head.headers["content-length"]).toBe(plain.headers["content-length"]);
  });

  it("is never an address the server or the router answers itself", async () => {
    expect((await get("/healthz")).status).toBe(200);
    expect((await get("/readyz")).text).not.toContain("Page Not Found");
    // Route discovery on client navigation (React Router's lazy manifest).
    const version = /"version": ?"([0-9a-f]+)"/.exec((await get("/about")).text)?.[1];
    expect(version).toBeDefined();
    const manifest = await get(`/__manifest?paths=%2Fnews%2C%2Fcontact&version=${version}`);
    expect(manifest.status).toBe(200);
    expect(manifest.headers["content-type"]).toMatch(/json/);
    expect(manifest.text).toContain('"routes/news-index"');
    const other = await get(`/__manifest?paths=%2Fjobs&version=${version}`);
    expect(other.text).toContain('"routes/jobs"');
  });

  it("still consults the redirect table and the files first", async () => {
    const redirected = await get("/product");
    expect(redirected.status).toBe(301);
    expect(redirected.headers.location).toMatch(/\/technology$/);
    expect((await get("/favicon.svg")).status).toBe(200);
    expect((await get("/news/..%2f..%2fpackage.json")).status).toBe(400);
  });
});

describe("a query no route reads", () => {
  it("is answered from the prerendered file, and the canonical URL never carries it", async () => {
    const before = await admitted();
    const about = await get("/about");
    for (const query of ["?r=8124", "?gclid=1&utm_source=x", "?ref=crawler&page=3"]) {
      const response = await get(`/about${query}`);
      expect(response.status).toBe(200);
      expect(response.text).toBe(about.text);
    }
    expect(about.text).toContain('<link rel="canonical" href="https://id5.io/about"/>');
    expect(await admitted()).toBe(before);
  });

  it("is honoured when the route reads it", async () => {
    const before = await admitted();
    const response = await get("/contact?sent=contact");
    expect(response.status).toBe(200);
    expect(sourceOf("/contact")).toBe("render");
    expect(await admitted()).toBe(before + 1);
    expect(response.text).toContain('<link rel="canonical" href="https://id5.io/contact"/>');
  });
});

describe("renders past the bound", () => {
  it(
    "get an older version or a quick 503, and prerendered pages keep answering",
    async () => {
      // The contact page is edited, and the site's reads of it are held from the moment it
      // has heard of the edit: its renders of the page are then in flight until released.
      const site = real as RealSiteOnContent;
      const since = site.logs.lines.length;
      await editEntryWith(site.snapshot, CONTACT_ENTRY, (text) =>
        text.replace(
          /"updatedAt": (\d+)/,
          (_, at: string) => `"updatedAt": ${Number(at) + 60_000}`,
        ),
      );
      await site.logs.waitFor(
        (lines) => lines.slice(since).some((line) => line.message === "content changed"),
        CHANGE_DEADLINE_MS,
      );
      const held = (site.proxy as GatedProxy).hold(PAGE_READS, CHANGE_DEADLINE_MS);
      // From one client: the renders it may run at once (one while visitors are being served,
      // else four), then the ones it may have waiting; any beyond get their stale page.
      const asked = DEFAULT_ADMISSION.concurrency + DEFAULT_ADMISSION.perClient;
      const pending = Array.from({ length: asked }, (_, i) => get(`/contact?sent=held-${i}`));
      await held.arrived;
      await until(async () => {
        const load = await renderFigures();
        return load.running >= 1 && load.waiting === DEFAULT_ADMISSION.perClient;
      }, "a render running and the client's renders waiting");

      // A page with an older version: its prerendered file, marked stale.
      const stale = await get("/contact?sent=over-the-bound");
      expect(stale.status).toBe(200);
      expect(stale.headers[STALE_HEADER]).toBe("1");
      expect(stale.text).toContain('<link rel="canonical" href="https://id5.io/contact"/>');

      // A render with nothing older: 503 at once, with Retry-After.
      const refused = await get("/universal-id/site-agreement.pdf");
      expect(refused.status).toBe(503);
      expect(refused.headers["retry-after"]).toBe(String(RENDER_RETRY_AFTER_SECONDS));

      // Meanwhile a prerendered page answers.
      const about = await get("/about");
      expect(about.status).toBe(200);

      held.release();
      for (const response of await Promise.all(pending)) expect(response.status).toBe(200);
      expect(await renderFigures()).toMatchObject({ running: 0, waiting: 0 });
    },
    // Three waits in turn: the change heard, the held read, the renders queued.
    3 * CHANGE_DEADLINE_MS + TEST_MARGIN_MS,
  );
});

// Last: the edit has every page rendered again in the background.
describe("the 404 page", () => {
  it(
    "is prepared again when content it shows changes (the consent banner)",
    async () => {
      const { heading: edited, since } = await retitleConsentBanner(
        real as RealSiteOnContent,
        CHANGE_DEADLINE_MS,
      );
      await preparedSince(since, 1);
      const response = await get("/after-the-edit");
      expect(response.status).toBe(404);
      expect(response.text).toContain(edited);
      expect(sourceOf("/after-the-edit")).toBe("not-found");
    },
    CHANGE_DEADLINE_MS + PREPARE_DEADLINE_MS + TEST_MARGIN_MS,
  );
});
