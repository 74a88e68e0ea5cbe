// The fast path (server/serving/fast-path.ts) answers static files and fresh prerendered pages
// straight from node:http. These tests hold it to the full server's own answers: for every
// learned file and variant (each encoding, HEAD, 304, tracking query, https visitor behind
// a proxy) the status, headers and bytes are the same as what the full path sends.

import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createJsonLogger } from "../../app/logging/logger.server";
import {
  ASSET_NAME,
  type RunningTestSite,
  startTestSite,
  testEnv,
} from "../support/fake-site-build";
import type { RawResponse } from "../support/raw-request";
import { pagesRefreshed } from "../support/server-log";

/** Headers that belong to one connection or moment, not to the answer. */
const PER_TRANSFER = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);

function answerOf(headers: Headers | RawResponse["headers"]): Record<string, string> {
  const out: Record<string, string> = {};
  const add = (name: string, value: string) => {
    if (!PER_TRANSFER.has(name.toLowerCase())) out[name.toLowerCase()] = value;
  };
  if (headers instanceof Headers)
    headers.forEach((value, name) => {
      add(name, value);
    });
  else for (const [name, value] of Object.entries(headers)) add(name, String(value));
  return out;
}

function fastLines(t: RunningTestSite, path: string) {
  return t.logs.lines.filter(
    (line) => line.message === "request" && line.fields?.path === path && line.fields?.fast,
  );
}

/** Asks until the fast path answers `path` (it learns in the background after a first visit). */
async function untilFast(
  t: RunningTestSite,
  path: string,
  headers: Record<string, string> = {},
): Promise<void> {
  await vi.waitFor(
    async () => {
      const before = fastLines(t, path).length;
      await t.get(path, { headers });
      expect(fastLines(t, path).length).toBe(before + 1);
    },
    { timeout: 5000, interval: 20 },
  );
}

const VARIANTS: { name: string; method?: string; headers: Record<string, string> }[] = [
  { name: "br", headers: { "accept-encoding": "gzip, deflate, br" } },
  { name: "gzip", headers: { "accept-encoding": "gzip" } },
  { name: "identity", headers: {} },
  { name: "HEAD", method: "HEAD", headers: { "accept-encoding": "br" } },
];

describe("fast path answers as the full server does", () => {
  let t: RunningTestSite;
  beforeAll(async () => {
    t = await startTestSite();
  });
  afterAll(() => t.close());

  for (const path of [`/${ASSET_NAME}`, "/favicon.svg", "/", "/about", "/about.data"]) {
    it(`serves ${path} with the full path's headers and bytes, in every variant`, async () => {
      await untilFast(t, path);
      for (const variant of VARIANTS) {
        const method = variant.method ?? "GET";
        const before = fastLines(t, path).length;
        const fast = await t.get(path, { method, headers: variant.headers });
        expect(fastLines(t, path).length, `${variant.name} took the fast path`).toBe(before + 1);
        const full = await t.site.fetch(
          new Request(`http://127.0.0.1${path}`, { method, headers: variant.headers }),
        );
        const fullBody = Buffer.from(await full.arrayBuffer());
        expect(fast.status, variant.name).toBe(full.status);
        expect(answerOf(fast.headers), variant.name).toEqual(answerOf(full.headers));
        expect(fast.body.equals(fullBody), `${variant.name} body`).toBe(true);
      }

      const etag = String((await t.get(path)).headers.etag);
      const revalidated = await t.get(path, { headers: { "if-none-match": etag } });
      const full = await t.site.fetch(
        new Request(`http://127.0.0.1${path}`, { headers: { "if-none-match": etag } }),
      );
      expect(revalidated.status).toBe(304);
      expect(answerOf(revalidated.headers)).toEqual(answerOf(full.headers));
      expect(revalidated.body.byteLength).toBe(0);
    });
  }

  it("answers a page with a query it does not read, not one with a query it reads", async () => {
    await untilFast(t, "/about");
    const before = fastLines(t, "/about").length;
    for (const query of ["?utm_source=newsletter", "?r=20931", "?gclid=x&ref=y"]) {
      const res = await t.get(`/about${query}`);
      expect(res.status).toBe(200);
    }
    expect(fastLines(t, "/about").length).toBe(before + 3);

    await t.get("/about?page=2");
    expect(fastLines(t, "/about").length).toBe(before + 3);
    expect(t.fake.calls).toContain("/about?page=2");
  });

  it("leaves other methods, encoded paths and the news host to the full server", async () => {
    await untilFast(t, "/about");
    const before = fastLines(t, "/about").length;
    const encoded = await t.get("/ab%6fut");
    expect(encoded.status).toBe(200);
    const newsHost = await t.get("/about", { headers: { host: "news.id5.io" } });
    expect(newsHost.status).toBe(301);
    const rendered = t.fake.calls.length;
    await t.get("/about", { method: "POST", headers: { origin: "https://id5.io" } });
    expect(t.fake.calls.slice(rendered)).toEqual(["/about"]);
    expect(fastLines(t, "/about").length).toBe(before);
  });

  it("forgets a page its refresh rewrote and learns the new file; assets stay", async () => {
    await untilFast(t, "/about");
    await untilFast(t, `/${ASSET_NAME}`);
    t.fake.version = 2;
    const since = t.logs.lines.length;
    t.fake.emit();
    await pagesRefreshed(t.logs, since);
    const assetBefore = fastLines(t, `/${ASSET_NAME}`).length;
    await t.get(`/${ASSET_NAME}`);
    expect(fastLines(t, `/${ASSET_NAME}`).length).toBe(assetBefore + 1);
    await untilFast(t, "/about");
    const fast = await t.get("/about");
    expect(fast.text).toContain("rendered /about v2");
    const full = await t.site.fetch(new Request("http://127.0.0.1/about"));
    expect(answerOf(fast.headers)).toEqual(answerOf(full.headers));
  });
});

describe("fast path behind a proxy", () => {
  let t: RunningTestSite;
  beforeAll(async () => {
    t = await startTestSite({ trustProxy: { hops: 1 } });
  });
  afterEach(() => {
    t.logs.lines.length = 0;
  });
  afterAll(() => t.close());

  it("keeps plain and https visitors' answers apart", async () => {
    for (const proto of ["http", "https"]) {
      const headers = { "x-forwarded-proto": proto, "accept-encoding": "br" };
      await untilFast(t, "/about", headers);
      const fast = await t.get("/about", { headers });
      expect(fast.status).toBe(200);
      // Reports go to the Reporting API only from pages the visitor reached over https.
      const policy = String(fast.headers["content-security-policy"]);
      if (proto === "https") {
        expect(policy).toContain("report-to csp");
        expect(fast.headers["reporting-endpoints"]).toBeDefined();
      } else {
        expect(policy).not.toContain("report-to");
        expect(fast.headers["reporting-endpoints"]).toBeUndefined();
      }
    }
  });
});

describe("fast path access lines", () => {
  it("have the full path's shape, a request id each, and are marked fast", async () => {
    const lines: string[] = [];
    const t = await startTestSite({
      logger: createJsonLogger({ stdout: (line) => lines.push(line), stderr: () => {} }),
    });
    try {
      const parsed = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      await vi.waitFor(
        async () => {
          await t.get("/about");
          expect(parsed().some((line) => line.fast === true)).toBe(true);
        },
        { timeout: 5000, interval: 20 },
      );
      await t.get("/about", { method: "HEAD" });
      const requests = parsed().filter((line) => line.msg === "request");
      const full = requests.find((line) => !line.fast);
      const fast = requests.filter((line) => line.fast === true);
      expect(full).toBeDefined();
      expect(fast.at(-1)).toMatchObject({ method: "HEAD", path: "/about", status: 200 });
      for (const line of fast) {
        expect(Object.keys(line)).toEqual([...Object.keys(full ?? {}), "fast"]);
        expect(line).toMatchObject({ level: "info", source: "prerendered", stale: false });
      }
      const ids = requests.map((line) => line.id);
      expect(new Set(ids).size).toBe(ids.length);
    } finally {
      await t.close();
    }
  });

  it("are one in ACCESS_LOG_SAMPLE when sampled, each saying for how many it stands", async () => {
    const lines: string[] = [];
    const t = await startTestSite({
      env: testEnv({ ACCESS_LOG_SAMPLE: "5" }),
      logger: createJsonLogger({ stdout: (line) => lines.push(line), stderr: () => {} }),
    });
    try {
      const requests = () =>
        lines
          .map((line) => JSON.parse(line) as Record<string, unknown>)
          .filter((line) => line.msg === "request");
      // The first answer of the fast path is logged; then one in five.
      await vi.waitFor(
        async () => {
          await t.get("/about");
          expect(requests().some((line) => line.fast === true)).toBe(true);
        },
        { timeout: 5000, interval: 20 },
      );
      const before = requests().length;
      for (let i = 0; i < 20; i++) expect((await t.get("/about")).status).toBe(200);
      const fast = requests().slice(before);
      expect(fast).toHaveLength(4);
      for (const line of fast) expect(line).toMatchObject({ fast: true, sample: 5 });
      // The full path is never sampled: an unknown page has its line.
      expect((await t.get("/no-such-page")).status).toBe(404);
      expect(requests().at(-1)).toMatchObject({ path: "/no-such-page", status: 404 });
      expect(requests().at(-1)).not.toHaveProperty("sample");
    } finally {
      await t.close();
    }
  });
});
