// Static files of build/client: cache policy, content types, validators, HEAD,
// compression, no directory listing, no way out of the folder.
import { rm } from "node:fs/promises";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ASSET_BODY,
  ASSET_NAME,
  OUTSIDE_FILE_TEXT,
  type RunningTestSite,
  startTestSite,
} from "../support/fake-site-build";

let t: RunningTestSite;
beforeAll(async () => {
  t = await startTestSite();
});
afterAll(() => t.close());

describe("cache policy and types", () => {
  it("serves hashed assets as immutable JavaScript", async () => {
    const res = await t.get(`/${ASSET_NAME}`);
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(res.text).toBe(ASSET_BODY);
    expect(res.headers.etag).toMatch(/^W\/"/);
  });

  it("serves other files with a short max-age", async () => {
    const svg = await t.get("/favicon.svg");
    expect(svg.headers["content-type"]).toBe("image/svg+xml");
    expect(svg.headers["cache-control"]).toBe("public, max-age=3600");
    const robots = await t.get("/robots.txt");
    expect(robots.headers["content-type"]).toBe("text/plain; charset=utf-8");
  });

  it("serves builds/latest.json with no-cache, whatever the cache-busting query", async () => {
    const res = await t.get(`/builds/latest.json?t=${Date.now()}`);
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(JSON.parse(res.text).id).toBe("build-1");
  });

  it("answers a missing hashed asset with a plain 404, not a rendered page", async () => {
    const res = await t.get("/assets/entry.client-gone.js");
    expect(res.status).toBe(404);
    expect(res.headers["content-type"]).toMatch(/^text\/plain/);
    expect(t.fake.calls).not.toContain("/assets/entry.client-gone.js");
  });
});

describe("validators, HEAD and compression", () => {
  it("answers 304 to a matching If-None-Match", async () => {
    const first = await t.get(`/${ASSET_NAME}`);
    const again = await t.get(`/${ASSET_NAME}`, {
      headers: { "If-None-Match": String(first.headers.etag) },
    });
    expect(again.status).toBe(304);
    expect(again.body.byteLength).toBe(0);
    expect(again.headers.etag).toBe(first.headers.etag);
  });

  it("answers HEAD with the headers and no body", async () => {
    const res = await t.get(`/${ASSET_NAME}`, { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(res.body.byteLength).toBe(0);
    expect(Number(res.headers["content-length"])).toBe(Buffer.byteLength(ASSET_BODY));
  });

  it("compresses text with brotli or gzip as accepted", async () => {
    const br = await t.get(`/${ASSET_NAME}`, { headers: { "Accept-Encoding": "gzip, br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(brotliDecompressSync(br.body).toString()).toBe(ASSET_BODY);
    const gz = await t.get(`/${ASSET_NAME}`, { headers: { "Accept-Encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).toString()).toBe(ASSET_BODY);
    const none = await t.get(`/${ASSET_NAME}`, { headers: { "Accept-Encoding": "br;q=0" } });
    expect(none.headers["content-encoding"]).toBeUndefined();
  });

  it("leaves tiny files uncompressed", async () => {
    const res = await t.get("/robots.txt", { headers: { "Accept-Encoding": "br" } });
    expect(res.headers["content-encoding"]).toBeUndefined();
  });
});

describe("no listing, no traversal", () => {
  it.each([
    "/..%2fprivate.txt",
    "/..%2F..%2Fprivate.txt",
    "/assets/..%2f..%2fprivate.txt",
    "/%2e%2e/private.txt",
    "/%2e%2e%2fprivate.txt",
    "/assets/%252e%252e%252fprivate.txt",
    "/..%5cprivate.txt",
    "/server/secret.txt",
    "/../private.txt",
    "/assets/../../private.txt",
    "/%00/private.txt",
    "/%E0%A4%A",
  ])("refuses %s", async (p) => {
    const res = await t.get(p);
    expect([301, 400, 404]).toContain(res.status);
    expect(res.text).not.toContain(OUTSIDE_FILE_TEXT);
  });

  it("lists no directory", async () => {
    for (const p of ["/assets", "/assets/", "/builds", "/builds/meta"]) {
      const res = await t.get(p);
      expect(res.text).not.toContain("entry.client");
      expect(res.text).not.toContain("build-1.json");
    }
  });
});

describe("a build replaced underneath a running server", () => {
  it("treats vanished files as missing instead of failing", async () => {
    const site = await startTestSite();
    try {
      await rm(path.join(site.buildDir, "client/robots.txt"));
      await rm(path.join(site.buildDir, "client/about/index.html"));
      expect((await site.get("/robots.txt")).status).toBe(404);
      const about = await site.get("/about");
      expect(about.status).toBe(200);
      expect(about.text).toContain("rendered /about v1");
    } finally {
      await site.close();
    }
  });
});
