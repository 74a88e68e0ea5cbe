import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RENDER_RETRY_AFTER_SECONDS, STALE_HEADER } from "../../server/rendering/render";
import { DEFAULT_ADMISSION } from "../../server/rendering/render-admission";
import type { SiteRequestHandler } from "../../server/rendering/server-build";
import { inlineScriptHashes } from "../../server/security/script-hashes";
import { type RawResponse, rawRequest } from "../support/raw-request";
import { requestGates } from "../support/request-gates";
import {
  type RealSiteOnContent,
  retitleConsentBanner,
  serveRealBuildOnContent,
} from "../support/site-build";

/** The service's watcher and socket, then the 404 page prepared again, on a busy machine. */
const CHANGE_DEADLINE_MS = 30_000;
/** Preparing the 404 answers: a few renders on a busy 2-core machine. */
const PREPARE_DEADLINE_MS = 60_000;
/** What a test does besides its waits: its own timeout covers both, so a wait fails with its message. */
const TEST_MARGIN_MS = 30_000;

let real: RealSiteOnContent | undefined;
let handler: SiteRequestHandler | undefined;
/** What the app rendered, request by request ("/path?query"). */
const rendered: string[] = [];
const gates = requestGates();

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

function cspHashes(response: RawResponse): string[] {
  const header = String(response.headers["content-security-policy"] ?? "");
  return header.match(/'sha256-[^']+'/g) ?? [];
}

beforeAll(async () => {
  real = await serveRealBuildOnContent("resilience", {
    logLevel: "info",
    wrapHandler: (inner) => {
      handler = inner;
      return async (request, facts) => {
        const url = new URL(request.url);
        rendered.push(`${url.pathname}${url.search}`);
        await gates.pass(`${url.pathname}${url.search}`);
        return inner(request, facts);
      };
    },
  });
  // Each route's 404 answers are prepared at start: the catch-all's, and each route whose
  // slugs name entries.
  await (real as RealSiteOnContent).logs.waitFor(
    (lines) => lines.some((line) => line.message === "404 answers prepared at start"),
    PREPARE_DEADLINE_MS,
  );
}, 600_000);

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

/** Resolves once `condition` holds, checked after each turn of the event loop. */
/** Resolves once `condition` holds, looked at on every turn of the event loop; fails with `what` after the deadline. */
async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + CHANGE_DEADLINE_MS;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not reached in ${CHANGE_DEADLINE_MS} ms: ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

afterAll(async () => {
  await real?.close();
});

describe("an address the site does not have", () => {
  it("is answered without rendering from the first one after start, for every route", async () => {
    const before = rendered.length;
    for (const first of FIRST_UNKNOWN) {
      expect((await get(first)).status, first).toBe(404);
      expect(sourceOf(first), first).toBe("not-found");
    }
    expect(rendered.slice(before)).toEqual([]);
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
    const before = rendered.length;
    for (const path of unknown) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(response.text, path).toContain("<title>Page Not Found");
      expect(sourceOf(path), path).toBe("not-found");
    }
    const data = await get("/news/no-such-article.data");
    expect(data.status).toBe(404);
    expect(data.text).toContain('"Page Not Found: /news/no-such-article"');
    expect(rendered.slice(before)).toEqual([]);
  });

  it("is the page the app renders for that path, with its own CSP and no other path in it", async () => {
    for (const path of ["/no/such/page", "/news/what&is'this", "/x%3Cscript%3Ealert(1)"]) {
      const response = await get(path);
      const body = response.text;
      expect(body, path).toBe(await renderOf(path));
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
    const before = rendered.length;
    const about = await get("/about");
    for (const query of ["?r=8124", "?gclid=1&utm_source=x", "?ref=crawler&page=3"]) {
      const response = await get(`/about${query}`);
      expect(response.status).toBe(200);
      expect(response.text).toBe(about.text);
    }
    expect(about.text).toContain('<link rel="canonical" href="https://id5.io/about"/>');
    expect(rendered.slice(before)).toEqual([]);
  });

  it("is honoured when the route reads it", async () => {
    const before = rendered.length;
    const response = await get("/contact?sent=contact");
    expect(response.status).toBe(200);
    expect(rendered.slice(before).filter((p) => p.startsWith("/contact"))).toEqual([
      "/contact?sent=contact",
    ]);
    expect(response.text).toContain('<link rel="canonical" href="https://id5.io/contact"/>');
  });
});

describe("renders past the bound", () => {
  it("get an older version or a quick 503, and prerendered pages keep answering", async () => {
    const held = gates.hold("/contact?sent=held-");
    // From one client: the renders it may run at once (one while visitors are being served,
    // else four), then the ones it may have waiting; any beyond get their stale page.
    const asked = DEFAULT_ADMISSION.concurrency + DEFAULT_ADMISSION.perClient;
    const pending = Array.from({ length: asked }, (_, i) => get(`/contact?sent=held-${i}`));
    await gates.received("/contact?sent=held-0");
    await until(() => {
      const load = (real as RealSiteOnContent).site.renderLoad();
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
    expect((real as RealSiteOnContent).site.renderLoad()).toEqual({ running: 0, waiting: 0 });
  });
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
