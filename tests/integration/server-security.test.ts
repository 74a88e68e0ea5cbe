// Security headers on every kind of answer of the real site, the API secret never in a
// response or a log line, and one structured log line per request with credential-like query
// values redacted.
import { readdir } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createJsonLogger } from "../../app/logging/logger.server";
import { DocumentPolicy } from "../../server/security/content-security-policy";
import { HSTS, PERMISSIONS_POLICY } from "../../server/security/security-headers";
import { LOCAL_CMS_VARIABLES } from "../support/content-server-process";
import { type RawResponse, rawRequest } from "../support/raw-request";
import { CATCH_UP_DEADLINE_MS, changesRefreshed } from "../support/server-log";
import {
  REAL_SITE_START_MS,
  type RealSiteOnContent,
  retitleConsentBanner,
  serveRealBuildOnContent,
} from "../support/site-build";

/** The policy of the site's pages and files, visited over https, with a tag manager. */
const PAGE_POLICY = new DocumentPolicy({ tagManager: true, frameAncestors: [], reportTo: true });
/** The key the site reads the content service with. */
const API_SECRET = LOCAL_CMS_VARIABLES.BCMS_API_KEY_SECRET;

let real: RealSiteOnContent | undefined;
const get = (
  pathWithQuery: string,
  options?: { method?: string; headers?: Record<string, string> },
): Promise<RawResponse> => rawRequest((real as RealSiteOnContent).port, pathWithQuery, options);

/** Answers of every kind: prerendered, rendered, data, 404, redirects, files, health, refused. */
const SAMPLE_PATHS = [
  "/",
  "/about",
  "/about.data",
  "/news/id5-opens-singapore-office",
  "/contact?sent=contact",
  "/no/such/page",
  "/product",
  "/privacy-policy",
  "/favicon.svg",
  "/builds/latest.json",
  "/healthz",
  "/readyz",
  "/..%2fprivate.txt",
  "/assets/missing.js",
];
/** A hashed asset of the build (its name is known once the build is). */
let assetPath = "";

beforeAll(async () => {
  real = await serveRealBuildOnContent("server-security", { logLevel: "info" });
  const scripts = await readdir(path.join(real.buildDir, "client", "assets"));
  const script = scripts.find((name) => name.endsWith(".js"));
  if (!script) throw new Error("the build has no script");
  assetPath = `/assets/${script}`;
}, REAL_SITE_START_MS);
afterAll(() => real?.close());

describe("security headers", () => {
  it.each([...SAMPLE_PATHS, "a hashed asset"])("are on %s", async (sample) => {
    const res = await get(sample === "a hashed asset" ? assetPath : sample);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(res.headers["permissions-policy"]).toBe(PERMISSIONS_POLICY);
    expect(res.headers["x-frame-options"]).toBe("DENY");
    expect(res.headers["strict-transport-security"]).toBe(HSTS);
    // The page policy with the tag manager's hosts (the build's GTM_ID), each page's inline
    // scripts named by their hashes.
    const csp = String(res.headers["content-security-policy"]);
    expect(csp.replace(/ 'sha256-[A-Za-z0-9+/=]+'/g, "")).toBe(PAGE_POLICY.withoutHashes);
    for (const directive of ["frame-ancestors 'none'", "base-uri 'self'", "object-src 'none'"]) {
      expect(csp).toContain(directive);
    }
  });

  it("are on a 405 the fast path answers, the same as on the page", async () => {
    const page = await get("/about");
    const withoutHashes = (csp: unknown) => String(csp).replace(/ 'sha256-[A-Za-z0-9+/=]+'/g, "");
    for (const method of ["TRACE", "DELETE", "OPTIONS"]) {
      const refused = await get("/about", { method });
      expect(refused.status, method).toBe(405);
      for (const name of [
        "x-content-type-options",
        "referrer-policy",
        "permissions-policy",
        "x-frame-options",
        "strict-transport-security",
        "reporting-endpoints",
      ]) {
        expect(refused.headers[name], `${method} ${name}`).toBe(page.headers[name]);
      }
      expect(refused.headers["content-security-policy"], method).toBe(
        withoutHashes(page.headers["content-security-policy"]),
      );
    }
  });

  it(
    "sends no HSTS when the site origin is plain http",
    async () => {
      const local = await serveRealBuildOnContent("server-security-http", {
        variables: { SITE_ORIGIN: "http://localhost:3000" },
      });
      try {
        const res = await rawRequest(local.port, "/about");
        expect(res.status).toBe(200);
        expect(res.headers["strict-transport-security"]).toBeUndefined();
        expect(res.headers["x-frame-options"]).toBe("DENY");
      } finally {
        await local.close();
      }
    },
    REAL_SITE_START_MS,
  );
});

describe("the API secret never leaves the server", () => {
  it(
    "is in no response of any kind, before and after a content change",
    async () => {
      const site = real as RealSiteOnContent;
      const paths = [
        ...SAMPLE_PATHS,
        assetPath,
        "/news/id5-opens-singapore-office.data",
        "/news/feed.atom",
      ];
      const answers = async () => {
        for (const p of paths) {
          for (const encoding of ["identity", "gzip"]) {
            const res = await get(p, { headers: { "Accept-Encoding": encoding } });
            const everything = `${JSON.stringify(res.headers)}\n${res.text}`;
            expect(everything, p).not.toContain(API_SECRET);
          }
        }
      };
      await answers();
      await retitleConsentBanner(site);
      await changesRefreshed(site.logs);
      await answers();
      expect(JSON.stringify(site.logs.lines)).not.toContain(API_SECRET);
      // The change's telling (retitleConsentBanner's 30 s), its pages' refresh, and the crawls.
    },
    30_000 + CATCH_UP_DEADLINE_MS + 30_000,
  );

  it("is scrubbed from log lines even when an error message carries it", () => {
    const lines: string[] = [];
    const logger = createJsonLogger({
      secrets: [API_SECRET],
      stdout: (l) => lines.push(l),
      stderr: (l) => lines.push(l),
    });
    logger.error("rendering failed", { error: { message: `bad key ${API_SECRET}` } });
    expect(lines.join("")).not.toContain(API_SECRET);
    expect(lines.join("")).toContain("[redacted]");
  });
});

describe("request logs", () => {
  it("writes one line per request with method, path, status, duration and stale flag", async () => {
    const logs = (real as RealSiteOnContent).logs;
    const before = logs.lines.length;
    await get("/about?apiKey=abc.def&token=xyz&page=2");
    const lines = logs.lines.slice(before).filter((l) => l.message === "request");
    expect(lines).toHaveLength(1);
    const fields = lines[0]?.fields ?? {};
    expect(fields).toMatchObject({ method: "GET", path: "/about", status: 200, stale: false });
    expect(typeof fields.durationMs).toBe("number");
    expect(fields.query).toBe("?apiKey=[redacted]&token=[redacted]&page=2");
    expect(JSON.stringify(fields)).not.toContain("abc.def");
    expect(JSON.stringify(fields)).not.toContain("xyz");
  });

  it("gives every request line an id of its own, unique to this server", async () => {
    const logs = (real as RealSiteOnContent).logs;
    const before = logs.lines.length;
    await get("/about");
    await get("/about");
    await get("/no-such-file.png");
    const ids = logs.lines
      .slice(before)
      .filter((l) => l.message === "request")
      .map((l) => l.fields?.id);
    expect(ids).toHaveLength(3);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
    expect(new Set(ids).size).toBe(3);
    const prefixes = new Set(ids.map((id) => String(id).split("-")[0]));
    expect(prefixes.size).toBe(1);
  });

  it("writes JSON lines to stdout", () => {
    const lines: string[] = [];
    const logger = createJsonLogger({ stdout: (l) => lines.push(l) });
    logger.info("request", { method: "GET", path: "/", status: 200 });
    expect(lines).toHaveLength(1);
    expect(lines[0]?.endsWith("\n")).toBe(true);
    expect(JSON.parse(lines[0] ?? "")).toMatchObject({
      level: "info",
      msg: "request",
      status: 200,
    });
  });
});
