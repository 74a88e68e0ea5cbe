// Security headers on every kind of answer, the API secret never in a response or a log
// line, and one structured log line per request with credential-like query values redacted.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createJsonLogger } from "../../app/logging/logger.server";
import {
  CONTENT_SECURITY_POLICY,
  HSTS,
  PERMISSIONS_POLICY,
} from "../../server/security/security-headers";
import {
  ASSET_NAME,
  type RunningTestSite,
  startTestSite,
  TEST_SECRET,
  testEnv,
} from "../support/fake-site-build";

let t: RunningTestSite;
beforeAll(async () => {
  t = await startTestSite();
});
afterAll(() => t.close());

const SAMPLE_PATHS = [
  "/",
  "/about",
  "/about.data",
  "/news/launch",
  "/no/such/page",
  "/boom",
  "/product",
  "/privacy-policy",
  `/${ASSET_NAME}`,
  "/favicon.svg",
  "/builds/latest.json",
  "/healthz",
  "/readyz",
  "/..%2fprivate.txt",
  "/assets/missing.js",
];

describe("security headers", () => {
  it.each(SAMPLE_PATHS)("are on %s", async (p) => {
    const res = await t.get(p);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(res.headers["permissions-policy"]).toBe(PERMISSIONS_POLICY);
    expect(res.headers["x-frame-options"]).toBe("DENY");
    expect(res.headers["strict-transport-security"]).toBe(HSTS);
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toBe(CONTENT_SECURITY_POLICY);
    for (const directive of ["frame-ancestors 'none'", "base-uri 'self'", "object-src 'none'"]) {
      expect(csp).toContain(directive);
    }
  });

  it("sends no HSTS when the site origin is plain http", async () => {
    const local = await startTestSite({ env: testEnv({ SITE_ORIGIN: "http://localhost:3000" }) });
    try {
      const res = await local.get("/about");
      expect(res.headers["strict-transport-security"]).toBeUndefined();
      expect(res.headers["x-frame-options"]).toBe("DENY");
    } finally {
      await local.close();
    }
  });
});

describe("the API secret never leaves the server", () => {
  it("is in no response of any kind", async () => {
    t.fake.emit();
    for (const p of [...SAMPLE_PATHS, "/news/launch.data", "/feed.json"]) {
      for (const encoding of ["identity", "gzip"]) {
        const res = await t.get(p, { headers: { "Accept-Encoding": encoding } });
        const everything = `${JSON.stringify(res.headers)}\n${res.text}`;
        expect(everything, p).not.toContain(TEST_SECRET);
      }
    }
  });

  it("is scrubbed from log lines even when an error message carries it", () => {
    const lines: string[] = [];
    const logger = createJsonLogger({
      secrets: [TEST_SECRET],
      stdout: (l) => lines.push(l),
      stderr: (l) => lines.push(l),
    });
    logger.error("rendering failed", { error: { message: `bad key ${TEST_SECRET}` } });
    expect(lines.join("")).not.toContain(TEST_SECRET);
    expect(lines.join("")).toContain("[redacted]");
  });
});

describe("request logs", () => {
  it("writes one line per request with method, path, status, duration and stale flag", async () => {
    const before = t.logs.lines.length;
    await t.get("/about?apiKey=abc.def&token=xyz&page=2");
    const lines = t.logs.lines.slice(before).filter((l) => l.message === "request");
    expect(lines).toHaveLength(1);
    const fields = lines[0]?.fields ?? {};
    expect(fields).toMatchObject({ method: "GET", path: "/about", status: 200, stale: false });
    expect(typeof fields.durationMs).toBe("number");
    expect(fields.query).toBe("?apiKey=[redacted]&token=[redacted]&page=2");
    expect(JSON.stringify(fields)).not.toContain("abc.def");
    expect(JSON.stringify(fields)).not.toContain("xyz");
  });

  it("gives every request line an id of its own, unique to this server", async () => {
    const before = t.logs.lines.length;
    await t.get("/about");
    await t.get("/about");
    await t.get("/no-such-file.png");
    const ids = t.logs.lines
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
