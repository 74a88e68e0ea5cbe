// How the server attaches the Content-Security-Policy to every kind of answer, on the fake
// build (tests/integration/csp.test.ts does the same on the real one): hashes of the body's
// own inline scripts for prerendered files and renderings (the same header for a 304,
// HEAD and every encoding), no hashes for the server's own pages and streamed bodies,
// the tag manager's hosts with GTM_ID, the embeddable page's framing, report-to by scheme.
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_EMBED_FRAME_ANCESTORS } from "../../app/config/env.server";
import type { LoadedBuild } from "../../server/rendering/server-build";
import {
  ContentSecurityPolicies,
  REPORTING_ENDPOINTS,
  TAG_MANAGER_SCRIPT_SOURCES,
} from "../../server/security/content-security-policy";
import { scriptHashSource } from "../../server/security/script-hashes";
import {
  ASSET_NAME,
  CLIENT_FILES,
  type RunningTestSite,
  startTestSite,
  testEnv,
} from "../support/fake-site-build";
import type { RawResponse } from "../support/raw-request";

const SCRIPTS = ["window.dataLayer=window.dataLayer||[];", 'console.log("second")'];
const EMBEDDED = "/legal/id5-id-agreement/current-embedded";

const withScripts = (title: string, scripts = SCRIPTS) =>
  `<!doctype html><html><head><title>${title}</title>${scripts
    .map((s) => `<script>${s}</script>`)
    .join("")}<script type="module" src="/${ASSET_NAME}"></script>` +
  `<script type="application/ld+json">{"@type":"Thing"}</script></head>` +
  `<body>${"<p>filler text for compression</p>".repeat(60)}</body></html>`;

const files = {
  ...CLIENT_FILES,
  "about/index.html": withScripts("prerendered about"),
};

/** A handler that renders pages with inline scripts (the fake build's pages have none). */
function scriptedBuild(): LoadedBuild {
  return {
    async handler(request) {
      const { pathname } = new URL(request.url);
      if (pathname === "/boom") throw new Error("render crashed");
      if (pathname === "/huge") {
        // Larger than the server buffers: passed through as a stream, never scanned.
        const body = `<!doctype html><script>huge()</script>${"x".repeat(6 * 1024 * 1024)}`;
        return new Response(body, {
          headers: {
            "Content-Type": "text/html; charset=utf-8",
            "Content-Length": String(Buffer.byteLength(body)),
          },
        });
      }
      if (pathname === "/missing") {
        return new Response(withScripts("not found", [`notFound("${pathname}")`]), {
          status: 404,
          headers: { "Content-Type": "text/html; charset=utf-8" },
        });
      }
      return new Response(withScripts(`rendered ${pathname}`, [`page("${pathname}")`]), {
        headers: { "Content-Type": "text/html; charset=utf-8" },
      });
    },
  };
}

const policies = (options: { tagManager?: boolean; embed?: readonly string[] } = {}) =>
  new ContentSecurityPolicies({
    tagManager: options.tagManager ?? false,
    embedFrameAncestors: options.embed ?? DEFAULT_EMBED_FRAME_ANCESTORS,
  });

const cspOf = (res: RawResponse) => String(res.headers["content-security-policy"]);

let t: RunningTestSite | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe("a prerendered page", () => {
  it("is allowed its own inline scripts by hash, the same header whatever the answer", async () => {
    t = await startTestSite({ files });
    const expected = policies()
      .select("/about", true)
      .header(SCRIPTS.map((s) => scriptHashSource(s)));
    const first = await t.get("/about");
    expect(first.status).toBe(200);
    expect(cspOf(first)).toBe(expected);
    const etag = String(first.headers.etag);
    const variants: Record<string, string>[] = [
      {},
      { "Accept-Encoding": "br" },
      { "Accept-Encoding": "gzip" },
      { "If-None-Match": etag },
    ];
    for (const headers of variants) {
      const again = await t.get("/about", { headers });
      expect(cspOf(again), JSON.stringify(headers)).toBe(expected);
    }
    expect((await t.get("/about", { headers: { "If-None-Match": etag } })).status).toBe(304);
    expect(cspOf(await t.get("/about", { method: "HEAD" }))).toBe(expected);
    expect(first.headers["x-frame-options"]).toBe("DENY");
    expect(first.headers["reporting-endpoints"]).toBe(REPORTING_ENDPOINTS);
  });

  it("without inline scripts gets the policy without hashes", async () => {
    t = await startTestSite({ files });
    expect(cspOf(await t.get("/"))).toBe(policies().select("/", true).withoutHashes);
  });
});

describe("rendered pages", () => {
  it("are allowed their own scripts, cached or not, 304 included", async () => {
    t = await startTestSite({ build: scriptedBuild() });
    const expected = policies()
      .select("/news/a", true)
      .header([scriptHashSource('page("/news/a")')]);
    const rendered = await t.get("/news/a");
    const cached = await t.get("/news/a");
    const notModified = await t.get("/news/a", {
      headers: { "If-None-Match": String(rendered.headers.etag) },
    });
    expect(notModified.status).toBe(304);
    for (const res of [rendered, cached, notModified]) expect(cspOf(res)).toBe(expected);
  });

  it("a rendered 404 page too", async () => {
    t = await startTestSite({ build: scriptedBuild() });
    const res = await t.get("/missing");
    expect(res.status).toBe(404);
    expect(cspOf(res)).toContain(scriptHashSource('notFound("/missing")'));
  });

  it("the server's own error page and a streamed body get no hashes", async () => {
    t = await startTestSite({ build: scriptedBuild() });
    const withoutHashes = policies().select("/boom", true).withoutHashes;
    const crashed = await t.get("/boom");
    expect(crashed.status).toBe(500);
    expect(cspOf(crashed)).toBe(withoutHashes);
    const huge = await t.get("/huge");
    expect(huge.status).toBe(200);
    expect(cspOf(huge)).toBe(withoutHashes);
  });
});

describe("other answers", () => {
  it("carry the policy without hashes", async () => {
    t = await startTestSite({ files });
    const withoutHashes = policies().select("/", true).withoutHashes;
    for (const p of [`/${ASSET_NAME}`, "/about.data", "/healthz", "/robots.txt"]) {
      expect(cspOf(await t.get(p)), p).toBe(withoutHashes);
    }
  });
});

describe("settings", () => {
  it("names the tag manager's hosts only when GTM_ID is set", async () => {
    t = await startTestSite({ files, env: testEnv({ GTM_ID: "GTM-ABC123" }) });
    const csp = cspOf(await t.get("/about"));
    for (const host of TAG_MANAGER_SCRIPT_SOURCES) expect(csp).toContain(host);
    expect(csp).toContain(scriptHashSource(SCRIPTS[0] as string));
    await t.close();
    t = await startTestSite({ files });
    expect(cspOf(await t.get("/about"))).not.toContain("googletagmanager");
  });

  it("lets the configured origins frame the embeddable page, without X-Frame-Options", async () => {
    const embedders = "https://console.id5.io https://partner.example";
    t = await startTestSite({ env: testEnv({ EMBED_FRAME_ANCESTORS: embedders }) });
    for (const p of [EMBEDDED, `${EMBEDDED}.data`]) {
      const res = await t.get(p);
      expect(cspOf(res), p).toContain(`frame-ancestors 'self' ${embedders};`);
      expect(res.headers["x-frame-options"], p).toBeUndefined();
    }
    const other = await t.get("/legal/id5-id-agreement");
    expect(cspOf(other)).toContain("frame-ancestors 'none';");
    expect(other.headers["x-frame-options"]).toBe("DENY");
  });

  it("sends report-to behind a trusted proxy only for visits over https", async () => {
    t = await startTestSite({ files, trustProxy: { hops: 1 } });
    const secure = await t.get("/about", { headers: { "X-Forwarded-Proto": "https" } });
    expect(cspOf(secure)).toContain("report-to csp");
    expect(secure.headers["reporting-endpoints"]).toBe(REPORTING_ENDPOINTS);
    const plain = await t.get("/about");
    expect(cspOf(plain)).not.toContain("report-to");
    expect(cspOf(plain)).toContain("report-uri /csp-report");
    expect(plain.headers["reporting-endpoints"]).toBeUndefined();
    // The hashes are the same either way.
    const hashes = (csp: string) => csp.match(/'sha256-[^']+'/g);
    expect(hashes(cspOf(plain))).toEqual(hashes(cspOf(secure)));
  });
});
