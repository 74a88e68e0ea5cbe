// The fast path (server/serving/fast-path.ts) answers static files and fresh prerendered pages
// straight from node:http. On the real site, these tests hold it to the full pipeline's own
// answers: for every captured file and variant (each encoding, HEAD, 304, tracking query,
// https visitor behind a proxy) the status, headers and bytes are the same as what the full
// path sends.
import { readdir } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type SiteProcess, startSiteProcess } from "../../scripts/site-process";
import { readLogLines } from "../support/log-file";
import { type RawResponse, rawRequest } from "../support/raw-request";
import { ABOUT_DESCRIPTION, editAboutDescription } from "../support/seed-pages";
import { answerSource, pagesRefreshed } from "../support/server-log";
import {
  REAL_SITE_START_MS,
  type RealSiteOnContent,
  serveRealBuildOnContent,
} from "../support/site-build";
import { type InstanceProject, makeInstanceProject } from "../support/site-instance";
import { copySnapshot, removeSnapshot } from "../support/snapshot-copy";

/** Headers that belong to one connection or moment, not to the answer. */
const PER_TRANSFER = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);
/** An edit reaching the site and its refresh, on a busy machine. */
const EDIT_DEADLINE_MS = 60_000;

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

function fastLines(site: RealSiteOnContent, pathname: string) {
  return site.logs.lines.filter(
    (line) => line.message === "request" && line.fields?.path === pathname && line.fields?.fast,
  );
}

/** Asks until the fast path answers `pathname` (it captures in the background after a first visit). */
async function untilFast(
  site: RealSiteOnContent,
  pathname: string,
  headers: Record<string, string> = {},
): Promise<void> {
  await vi.waitFor(
    async () => {
      const before = fastLines(site, pathname).length;
      await rawRequest(site.port, pathname, { headers });
      expect(fastLines(site, pathname).length).toBe(before + 1);
    },
    { timeout: 10_000, interval: 20 },
  );
}

const VARIANTS: { name: string; method?: string; headers: Record<string, string> }[] = [
  { name: "br", headers: { "accept-encoding": "gzip, deflate, br" } },
  { name: "gzip", headers: { "accept-encoding": "gzip" } },
  { name: "identity", headers: {} },
  { name: "HEAD", method: "HEAD", headers: { "accept-encoding": "br" } },
];

/** The site behind one proxy, as TRUST_PROXY=1 says. */
let t: RealSiteOnContent;
const get = (pathWithQuery: string, options?: Parameters<typeof rawRequest>[2]) =>
  rawRequest(t.port, pathWithQuery, options);
/** The address of a script of the build. */
let asset = "";

beforeAll(async () => {
  t = await serveRealBuildOnContent("server-fast-path", {
    logLevel: "info",
    variables: { TRUST_PROXY: "1" },
  });
  const scripts = await readdir(path.join(t.buildDir, "client", "assets"));
  asset = `/assets/${scripts.find((name) => name.endsWith(".js"))}`;
}, REAL_SITE_START_MS);
afterAll(() => t?.close());

describe("fast path answers as the full pipeline does", () => {
  for (const pathname of ["asset", "/favicon.svg", "/", "/about", "/about.data"]) {
    it(`serves ${pathname} with the full path's headers and bytes, in every variant`, async () => {
      const p = pathname === "asset" ? asset : pathname;
      await untilFast(t, p);
      for (const variant of VARIANTS) {
        const method = variant.method ?? "GET";
        const before = fastLines(t, p).length;
        const fast = await get(p, { method, headers: variant.headers });
        expect(fastLines(t, p).length, `${variant.name} took the fast path`).toBe(before + 1);
        const full = await t.site.fetch(
          new Request(`http://127.0.0.1${p}`, { method, headers: variant.headers }),
        );
        const fullBody = Buffer.from(await full.arrayBuffer());
        expect(fast.status, variant.name).toBe(full.status);
        expect(answerOf(fast.headers), variant.name).toEqual(answerOf(full.headers));
        expect(fast.body.equals(fullBody), `${variant.name} body`).toBe(true);
      }

      const etag = String((await get(p)).headers.etag);
      const revalidated = await get(p, { headers: { "if-none-match": etag } });
      const full = await t.site.fetch(
        new Request(`http://127.0.0.1${p}`, { headers: { "if-none-match": etag } }),
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
      expect((await get(`/about${query}`)).status).toBe(200);
    }
    expect(fastLines(t, "/about").length).toBe(before + 3);

    expect((await get("/about?sent=fast-path")).status).toBe(200);
    expect(fastLines(t, "/about").length).toBe(before + 3);
    expect(answerSource(t.logs, "/about")).toBe("render");
  });

  it("leaves other methods, encoded paths and the news host to the full pipeline", async () => {
    await untilFast(t, "/about");
    const before = fastLines(t, "/about").length;
    expect((await get("/ab%6fut")).status).toBe(200);
    const newsHost = await get("/about", { headers: { host: "news.id5.io" } });
    expect(newsHost.status).toBe(301);
    await get("/about", { method: "POST", headers: { origin: "https://id5.io" } });
    expect(answerSource(t.logs, "/about")).toBe("render");
    expect(fastLines(t, "/about").length).toBe(before);
  });

  it("keeps plain and https visitors' answers apart behind a proxy", async () => {
    for (const proto of ["http", "https"]) {
      const headers = { "x-forwarded-proto": proto, "accept-encoding": "br" };
      await untilFast(t, "/about", headers);
      const fast = await get("/about", { headers });
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

  it(
    "forgets a page its refresh rewrote and captures the new file; assets stay",
    async () => {
      await untilFast(t, "/about");
      await untilFast(t, asset);
      const edited = `About, edited ${Date.now()}`;
      const since = t.logs.lines.length;
      expect((await get("/about")).text).toContain(ABOUT_DESCRIPTION);
      await editAboutDescription(t.snapshot, edited);
      await pagesRefreshed(t.logs, since, EDIT_DEADLINE_MS);
      const assetBefore = fastLines(t, asset).length;
      await get(asset);
      expect(fastLines(t, asset).length).toBe(assetBefore + 1);
      await untilFast(t, "/about");
      const fast = await get("/about");
      expect(fast.text).toContain(edited);
      const full = await t.site.fetch(new Request("http://127.0.0.1/about"));
      expect(answerOf(fast.headers)).toEqual(answerOf(full.headers));
    },
    2 * EDIT_DEADLINE_MS,
  );
});

describe("fast path access lines, as npm start writes them", () => {
  let snapshot = "";
  let project: InstanceProject | undefined;
  let child: SiteProcess | undefined;
  let logFile = "";
  /** The child's access lines so far (JSON, written in batches). */
  const requests = async () =>
    (await readLogLines(logFile)).filter((line) => line.msg === "request");

  beforeAll(async () => {
    snapshot = await copySnapshot("server-fast-path-lines");
    project = await makeInstanceProject({ CONTENT_DIR: snapshot, ACCESS_LOG_SAMPLE: "5" });
    logFile = path.join(project.dir, "site.log");
    child = await startSiteProcess({
      logFile,
      projectDir: project.dir,
      env: { ...project.env, LOG_LEVEL: "info" },
    });
  }, REAL_SITE_START_MS);
  afterAll(async () => {
    await child?.stop();
    await project?.remove();
    if (snapshot) await removeSnapshot(snapshot);
  });

  it("have the full path's shape, a request id each, and are marked fast", async () => {
    const site = child as SiteProcess;
    await vi.waitFor(
      async () => {
        await rawRequest(site.port, "/about");
        expect((await requests()).some((line) => line.fast === true)).toBe(true);
      },
      { timeout: 10_000, interval: 50 },
    );
    const lines = await requests();
    const full = lines.find((line) => !line.fast && line.path === "/about");
    const fast = lines.filter((line) => line.fast === true);
    expect(full).toBeDefined();
    for (const line of fast) {
      // Sampled (ACCESS_LOG_SAMPLE=5 here), a line says for how many it stands.
      const marks = "sample" in line ? ["fast", "sample"] : ["fast"];
      expect(Object.keys(line)).toEqual([...Object.keys(full ?? {}), ...marks]);
      expect(line).toMatchObject({ level: "info", source: "prerendered", stale: false });
    }
    const ids = lines.map((line) => line.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("are one in ACCESS_LOG_SAMPLE, each saying for how many it stands; the full path is never sampled", async () => {
    const site = child as SiteProcess;
    // A line the full path writes after them: once it is there, so are theirs. A query the
    // page's file cannot answer always goes the full way (a 404 does not: once its answer
    // is prepared, the fast path serves it, sampled too).
    const marker = (name: string) => `/about?sent=${name}`;
    const isMarker = (name: string) => (line: Record<string, unknown>) =>
      line.path === "/about" && line.query === `?sent=${name}`;
    const written = async (name: string) =>
      vi.waitFor(async () => expect((await requests()).some(isMarker(name))).toBe(true), {
        timeout: 10_000,
        interval: 50,
      });
    await rawRequest(site.port, marker("before"));
    await written("before");
    const before = (await requests()).length;
    for (let i = 0; i < 20; i++) expect((await rawRequest(site.port, "/about")).status).toBe(200);
    expect((await rawRequest(site.port, marker("after"))).status).toBe(200);
    await written("after");
    const after = (await requests()).slice(before);
    const fast = after.filter((line) => line.fast === true);
    expect(fast).toHaveLength(4);
    for (const line of fast) expect(line).toMatchObject({ path: "/about", sample: 5 });
    expect(isMarker("after")(after.at(-1) ?? {})).toBe(true);
    expect(after.at(-1)).not.toHaveProperty("fast");
    expect(after.at(-1)).not.toHaveProperty("sample");
  });
});
