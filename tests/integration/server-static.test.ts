// Static files of the real build's client/ folder: cache policy, content types, validators,
// HEAD, compression, no directory listing, no way out of the folder.
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RawResponse, rawRequest } from "../support/raw-request";
import { answerSource } from "../support/server-log";
import {
  REAL_SITE_START_MS,
  type RealSiteOnContent,
  serveRealBuildOnContent,
} from "../support/site-build";

/** Written beside client/ in the server's copy of the build: no address may reach it. */
const OUTSIDE_FILE_TEXT = "BUILD-PRIVATE-FILE-CONTENT";

let real: RealSiteOnContent | undefined;
/** The build's largest script (a hashed asset), its address and body. */
let asset = { address: "", body: "" };
/** The build's id, as builds/latest.json names it. */
let buildId = "";
/** A script of the build that the site's 404 page does not load: only a listing names it. */
let unlisted = "";

const site = () => real as RealSiteOnContent;
const get = (
  pathWithQuery: string,
  options?: { method?: string; headers?: Record<string, string> },
): Promise<RawResponse> => rawRequest(site().port, pathWithQuery, options);

beforeAll(async () => {
  real = await serveRealBuildOnContent("server-static", { logLevel: "info" });
  const client = path.join(real.buildDir, "client");
  const scripts = (await readdir(path.join(client, "assets"))).filter((name) =>
    name.endsWith(".js"),
  );
  const bodies = await Promise.all(
    scripts.map((name) => readFile(path.join(client, "assets", name), "utf8")),
  );
  const largest = bodies.reduce(
    (best, body, index) => (body.length > (bodies[best] ?? "").length ? index : best),
    0,
  );
  asset = { address: `/assets/${scripts[largest]}`, body: bodies[largest] ?? "" };
  buildId = JSON.parse(await readFile(path.join(client, "builds", "latest.json"), "utf8")).id;
  const notFoundPage = (await get("/no/such/page")).text;
  unlisted = scripts.find((name) => !notFoundPage.includes(name)) ?? "";
  await writeFile(path.join(real.buildDir, "private.txt"), OUTSIDE_FILE_TEXT);
  await mkdir(path.join(real.buildDir, "server"), { recursive: true });
  await writeFile(path.join(real.buildDir, "server", "secret.txt"), OUTSIDE_FILE_TEXT);
}, REAL_SITE_START_MS);
afterAll(() => real?.close());

describe("cache policy and types", () => {
  it("serves hashed assets as immutable JavaScript", async () => {
    const res = await get(asset.address);
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(res.text).toBe(asset.body);
    expect(res.headers.etag).toMatch(/^W\/"/);
  });

  it("serves other files with a short max-age", async () => {
    const svg = await get("/favicon.svg");
    expect(svg.headers["content-type"]).toBe("image/svg+xml");
    expect(svg.headers["cache-control"]).toBe("public, max-age=3600");
    const robots = await get("/robots.txt");
    expect(robots.headers["content-type"]).toBe("text/plain; charset=utf-8");
  });

  it("serves builds/latest.json with no-cache, whatever the cache-busting query", async () => {
    const res = await get(`/builds/latest.json?t=${Date.now()}`);
    expect(res.status).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(JSON.parse(res.text).id).toBe(buildId);
  });

  it("answers a missing hashed asset with a plain 404, not a rendered page", async () => {
    const res = await get("/assets/entry.client-gone.js");
    expect(res.status).toBe(404);
    expect(res.headers["content-type"]).toMatch(/^text\/plain/);
    expect(answerSource(site().logs, "/assets/entry.client-gone.js")).toBe("static");
  });
});

describe("validators, HEAD and compression", () => {
  it("answers 304 to a matching If-None-Match", async () => {
    const first = await get(asset.address);
    const again = await get(asset.address, {
      headers: { "If-None-Match": String(first.headers.etag) },
    });
    expect(again.status).toBe(304);
    expect(again.body.byteLength).toBe(0);
    expect(again.headers.etag).toBe(first.headers.etag);
  });

  it("answers HEAD with the headers and no body", async () => {
    const res = await get(asset.address, { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(res.body.byteLength).toBe(0);
    expect(Number(res.headers["content-length"])).toBe(Buffer.byteLength(asset.body));
  });

  it("compresses text with brotli or gzip as accepted", async () => {
    const br = await get(asset.address, { headers: { "Accept-Encoding": "gzip, br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(brotliDecompressSync(br.body).toString()).toBe(asset.body);
    const gz = await get(asset.address, { headers: { "Accept-Encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).toString()).toBe(asset.body);
    const none = await get(asset.address, { headers: { "Accept-Encoding": "br;q=0" } });
    expect(none.headers["content-encoding"]).toBeUndefined();
  });

  it("leaves tiny files uncompressed", async () => {
    const res = await get("/robots.txt", { headers: { "Accept-Encoding": "br" } });
    expect(res.status).toBe(200);
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
    const res = await get(p);
    expect([301, 400, 404]).toContain(res.status);
    expect(res.text).not.toContain(OUTSIDE_FILE_TEXT);
  });

  it("lists no directory", async () => {
    expect(unlisted).not.toBe("");
    for (const p of ["/assets", "/assets/", "/builds", "/builds/meta"]) {
      const res = await get(p);
      // The site's 404 page (which loads the app's scripts), or the slash taken off first.
      expect([301, 404], p).toContain(res.status);
      expect(res.text).not.toContain(unlisted);
      expect(res.text).not.toContain(`${buildId}.json`);
    }
  });
});

describe("a build replaced underneath a running server", () => {
  it(
    "treats vanished files as missing instead of failing",
    async () => {
      // A site of its own: files it has answered already are held by its fast path.
      const fresh = await serveRealBuildOnContent("server-static-vanished", {
        logLevel: "info",
      });
      try {
        const client = path.join(fresh.buildDir, "client");
        await rm(path.join(client, "robots.txt"));
        // The page and its compressed copies.
        for (const name of await readdir(path.join(client, "about"))) {
          if (name.startsWith("index.html")) await rm(path.join(client, "about", name));
        }
        expect((await rawRequest(fresh.port, "/robots.txt")).status).toBe(404);
        const about = await rawRequest(fresh.port, "/about");
        expect(about.status).toBe(200);
        expect(about.text).toContain("<html");
        expect(answerSource(fresh.logs, "/about")).toBe("render");
      } finally {
        await fresh.close();
      }
    },
    REAL_SITE_START_MS,
  );
});
