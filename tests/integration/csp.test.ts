// The Content-Security-Policy on the real build (docs/decisions/0007): the site as
// `npm start` runs it (a child process on loopback, with the settings the shared build was
// made with, so it finds the build fresh; the site without GTM_ID:
// tests/integration/csp-headers.test.ts).
// Every inline script of a page, found here with htmlparser2 (not with the server's own
// reader), must be named by its hash in that page's header, and the header must name no
// other hash; two requests and a 304 carry the same header. The report endpoint answers
// 204, 413, 429 and 400 and logs one line per violation.
import { createHash } from "node:crypto";
import { cp, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Parser } from "htmlparser2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SiteProcess, startSiteProcess } from "../../scripts/site-process";
import { PROJECT_DIR } from "../../server/running/build-stamp";
import {
  CSP_REPORTS_PER_CLIENT,
  CSP_VIOLATION_MESSAGE,
  MAX_CSP_REPORT_BYTES,
} from "../../server/security/csp-report";
import { TEST_BUILD_SETTINGS } from "../support/build-settings";
import { CURRENT_BUILD_START_MS, ensureSiteBuild, REAL_SITE_START_MS } from "../support/site-build";

const EMBEDDED = "/legal/id5-id-agreement/current-embedded";
const EMBEDDERS = "https://console.id5.io https://partner.example";
const LOG_WAIT_MS = 10_000;

let work: string;
let site: SiteProcess;
let logFile: string;

beforeAll(async () => {
  // Built here, under the lock other real-build tests share, so the child finds it fresh.
  await ensureSiteBuild();
  work = await mkdtemp(path.join(tmpdir(), "csp-real-"));
  // A copy of the snapshot with its timestamps: it fingerprints like the original, so a
  // build made from content/ counts as fresh, and nothing here can change content/.
  await cp(path.join(PROJECT_DIR, "content"), path.join(work, "content"), {
    recursive: true,
    preserveTimestamps: true,
  });
  logFile = path.join(work, "site.log");
  site = await startSiteProcess({
    logFile,
    env: {
      ...TEST_BUILD_SETTINGS,
      NODE_ENV: "production",
      LOG_LEVEL: "info",
      CONTENT_DIR: path.join(work, "content"),
      DATA_DIR: path.join(work, "data"),
      TRUST_PROXY: "1",
      EMBED_FRAME_ANCESTORS: EMBEDDERS,
    },
    startTimeoutMs: CURRENT_BUILD_START_MS,
  });
}, REAL_SITE_START_MS);

afterAll(async () => {
  await site?.stop();
  await rm(work, { recursive: true, force: true });
});

/** Requests to the child; over https as far as the site knows (a trusted proxy said so). */
function get(p: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${site.url}${p}`, {
    headers: { "X-Forwarded-Proto": "https", ...headers },
    redirect: "manual",
  });
}

/** The text of every inline script the browser runs, read with htmlparser2. */
function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  let current: { text: string } | undefined;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name !== "script") return;
        const type = (attributes.type ?? "").trim().toLowerCase();
        const runs = ["", "module", "text/javascript", "importmap"].includes(type);
        current = runs && attributes.src === undefined ? { text: "" } : undefined;
      },
      ontext(text) {
        if (current) current.text += text;
      },
      onclosetag(name) {
        if (name === "script" && current) {
          if (current.text !== "") scripts.push(current.text);
          current = undefined;
        }
      },
    },
    { decodeEntities: false },
  );
  parser.end(html);
  return scripts;
}

const sha256Source = (text: string) =>
  `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

function scriptSources(csp: string | null): string[] {
  const directive = (csp ?? "")
    .split(";")
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name === "script-src");
  return directive?.slice(1) ?? [];
}

/** The header names exactly the hashes of the body's inline scripts. */
function expectHashesOfBody(csp: string | null, html: string, label: string) {
  const scripts = inlineScripts(html);
  expect(scripts.length, `${label}: inline scripts`).toBeGreaterThan(2);
  const expected = [...new Set(scripts.map(sha256Source))].sort();
  const named = scriptSources(csp)
    .filter((source) => source.startsWith("'sha256-"))
    .sort();
  expect(named, label).toEqual(expected);
  expect(scriptSources(csp), label).toEqual(expect.arrayContaining(["'self'", "'report-sample'"]));
}

/**
 * Sources of the child's request log lines for `p`, a path with its query if any
 * (LOG_LEVEL=info), waiting until `count` are there.
 */
async function requestSources(p: string, count: number): Promise<string[]> {
  const deadline = Date.now() + LOG_WAIT_MS;
  for (;;) {
    const lines = (await readFile(logFile, "utf8")).split("\n").flatMap((line) => {
      try {
        return [
          JSON.parse(line) as { msg?: string; path?: string; query?: string; source?: string },
        ];
      } catch {
        return [];
      }
    });
    const sources = lines
      .filter((line) => line.msg === "request" && `${line.path}${line.query ?? ""}` === p)
      .map((line) => String(line.source));
    if (sources.length >= count || Date.now() > deadline) return sources;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("pages of the real site (npm start)", () => {
  it.each([
    ["/", "prerendered", true],
    ["/about", "prerendered", true],
    // /about reads `sent` of its query: with it, the page is rendered, then answered from the cache.
    ["/about?sent=1", "rendered and cached", true],
    // A form page renders per request: its hydration data (the form's stamp) changes.
    ["/contact", "rendered per request (a form)", false],
  ])("%s (%s): the header names the hash of every inline script", async (p, _, stable) => {
    const first = await get(p);
    expect(first.status).toBe(200);
    const csp = first.headers.get("content-security-policy");
    expectHashesOfBody(csp, await first.text(), p);
    expect(csp).not.toContain("unsafe-inline");
    // The shared build's tag manager is configured: its hosts are named, no more.
    expect(scriptSources(csp)).toContain("https://www.googletagmanager.com");
    expect(first.headers.get("x-frame-options")).toBe("DENY");
    expect(first.headers.get("reporting-endpoints")).toBe('csp="/csp-report"');

    const second = await get(p);
    const again = second.headers.get("content-security-policy");
    expectHashesOfBody(again, await second.text(), `${p} again`);
    if (stable) {
      expect(again, `${p} again`).toBe(csp);
      const etag = second.headers.get("etag");
      expect(etag, `${p} etag`).toBeTruthy();
      const notModified = await get(p, { "If-None-Match": etag as string });
      expect(notModified.status).toBe(304);
      expect(notModified.headers.get("content-security-policy"), `${p} 304`).toBe(csp);
    }
  });

  it(
    "serves / and /about from the prerendered files, the others rendered",
    async () => {
      expect(await requestSources("/", 1)).toContain("prerendered");
      expect(await requestSources("/about", 1)).toContain("prerendered");
      expect((await requestSources("/about?sent=1", 2)).slice(0, 2)).toEqual(["render", "cache"]);
      const contact = await requestSources("/contact", 2);
      expect(contact.every((source) => source === "render" || source === "cache")).toBe(true);
    },
    // Four waits for the log in turn.
    4 * LOG_WAIT_MS + 20_000,
  );

  it("the 404 page names its own scripts", async () => {
    const res = await get("/csp-integration-no-such-page");
    expect(res.status).toBe(404);
    expectHashesOfBody(res.headers.get("content-security-policy"), await res.text(), "404");
  });

  it("lets the configured origins frame the embedded agreement page (and only that)", async () => {
    for (const p of [EMBEDDED, `${EMBEDDED}.data`]) {
      const res = await get(p);
      expect(res.status, p).toBe(200);
      expect(res.headers.get("content-security-policy"), p).toContain(
        `frame-ancestors 'self' ${EMBEDDERS};`,
      );
      expect(res.headers.get("x-frame-options"), p).toBeNull();
      if (p === EMBEDDED) {
        expectHashesOfBody(res.headers.get("content-security-policy"), await res.text(), p);
      }
    }
    const page = await get("/legal/id5-id-agreement");
    expect(page.headers.get("content-security-policy")).toContain("frame-ancestors 'none';");
  });

  it("names report-to only for visits over https", async () => {
    const secure = await get("/about");
    expect(secure.headers.get("content-security-policy")).toContain("report-to csp");
    const plain = await fetch(`${site.url}/about`);
    expect(plain.headers.get("content-security-policy")).not.toContain("report-to");
    expect(plain.headers.get("content-security-policy")).toContain("report-uri /csp-report");
    expect(plain.headers.get("reporting-endpoints")).toBeNull();
  });
});

describe("the report endpoint of the real site", () => {
  const report = (document: string) =>
    JSON.stringify({
      "csp-report": {
        "document-uri": `https://id5.io${document}?q=private`,
        "effective-directive": "script-src-elem",
        "blocked-uri": "inline",
        "script-sample": "x".repeat(100),
      },
    });
  const post = (body: BodyInit, address: string, headers: Record<string, string> = {}) =>
    fetch(`${site.url}/csp-report`, {
      method: "POST",
      body,
      headers: {
        "Content-Type": "application/csp-report",
        "X-Forwarded-For": address,
        "Sec-Fetch-Site": "same-origin",
        ...headers,
      },
      duplex: "half",
    } as RequestInit);

  it("answers 204 and logs the violation, path without query, sample clipped", async () => {
    const res = await post(report("/csp-integration-probe"), "203.0.113.1");
    expect(res.status).toBe(204);
    const deadline = Date.now() + LOG_WAIT_MS;
    let line: Record<string, unknown> | undefined;
    while (!line && Date.now() < deadline) {
      line = (await readFile(logFile, "utf8"))
        .split("\n")
        .filter((l) => l.includes(CSP_VIOLATION_MESSAGE) && l.includes("/csp-integration-probe"))
        .map((l) => JSON.parse(l) as Record<string, unknown>)[0];
      if (!line) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(line).toMatchObject({
      level: "warn",
      msg: CSP_VIOLATION_MESSAGE,
      directive: "script-src-elem",
      blocked: "inline",
      document: "/csp-integration-probe",
      sample: "x".repeat(40),
    });
  });

  it("answers 413 to a body over 16 KB, declared or streamed", async () => {
    const big = "x".repeat(MAX_CSP_REPORT_BYTES + 1);
    expect((await post(big, "203.0.113.2")).status).toBe(413);
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 20; i++) controller.enqueue(new Uint8Array(1024).fill(0x20));
        controller.close();
      },
    });
    expect((await post(chunks, "203.0.113.3")).status).toBe(413);
  });

  it("answers 400 to garbage, 415 to another type, 403 to another site", async () => {
    expect((await post("{nope", "203.0.113.4")).status).toBe(400);
    const form = { "Content-Type": "application/x-www-form-urlencoded" };
    expect((await post("a=1", "203.0.113.4", form)).status).toBe(415);
    const other = { "Sec-Fetch-Site": "cross-site", Origin: "https://elsewhere.example" };
    expect((await post(report("/x"), "203.0.113.4", other)).status).toBe(403);
  });

  it("answers 429 past 60 reports a minute from one address", async () => {
    for (let i = 0; i < CSP_REPORTS_PER_CLIENT; i++) {
      const res = await post(report("/csp-integration-flood"), "203.0.113.5");
      expect(res.status).toBe(204);
    }
    const refused = await post(report("/csp-integration-flood"), "203.0.113.5");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await post(report("/csp-integration-flood"), "203.0.113.6")).status).toBe(204);
  });
});
