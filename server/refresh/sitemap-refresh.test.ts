import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { SiteLogger } from "../../app/logging/logger.server";
import { SITEMAP_RECORD_FILE } from "../../app/seo/sitemap.server";
import { recordingLogger } from "../../tests/support/webhook-receiver";
import { PrerenderedPages } from "../serving/prerendered";
import { ClientFiles } from "../serving/static-files";
import { SITEMAP_REQUEST_PATH, SitemapRefresh } from "./sitemap-refresh";

const ORIGIN = "https://id5.example";
const BUILD_SITEMAP = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n  <url><loc>${ORIGIN}/</loc></url>\n</urlset>\n`;

let dir: string;
let files: ClientFiles;
let prerendered: PrerenderedPages;
let logger: SiteLogger;
let served: string[];

async function put(rel: string, body: string): Promise<void> {
  const file = path.join(dir, "client", rel);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, body);
}

/** A page written by a refresh, as PageRefresher writes it. */
async function writePage(page: string, html: string): Promise<void> {
  const rel = `${page.slice(1)}/index.html`;
  await files.write(rel, Buffer.from(html));
  prerendered.restore(rel);
}

async function refreshOf(record: unknown): Promise<SitemapRefresh | undefined> {
  if (record !== undefined) {
    await writeFile(path.join(dir, SITEMAP_RECORD_FILE), JSON.stringify(record));
  }
  return SitemapRefresh.forBuild(dir, {
    files,
    prerendered,
    siteOrigin: ORIGIN,
    logger,
    onChanged: (paths) => served.push(...paths),
  });
}

async function servedBody(): Promise<string> {
  const file = files.get("sitemap.xml");
  if (!file) throw new Error("no sitemap.xml in the client files");
  const response = await files.serve(file, new Request(`${ORIGIN}/sitemap.xml`));
  return (await response?.text()) ?? "";
}

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "sitemap-refresh-"));
  await put("index.html", "<title>Home</title>");
  await put("sitemap.xml", BUILD_SITEMAP);
  await writeFile(
    path.join(dir, "prerendered.json"),
    JSON.stringify({ files: ["index.html"], dynamic: [] }),
  );
  files = await ClientFiles.scan(path.join(dir, "client"));
  prerendered = await PrerenderedPages.load(dir, files);
  logger = recordingLogger();
  served = [];
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe("SitemapRefresh", () => {
  it("follows only a sitemap the build wrote", async () => {
    expect(await refreshOf(undefined)).toBeUndefined();
    expect(await refreshOf({ writtenByBuild: false })).toBeUndefined();
    expect(await refreshOf({ writtenByBuild: true })).toBeInstanceOf(SitemapRefresh);
  });

  it("writes a burst of changes once, on disk and in memory, when the refresher is idle", async () => {
    const sitemap = await refreshOf({ writtenByBuild: true });
    if (!sitemap) throw new Error("the build's record was not read");
    const pages = ["/news/a", "/news/b", "/news/c", "/news/d", "/news/e"];
    for (const [index, page] of pages.entries()) {
      await writePage(page, `<meta property="og:updated_time" content="2026-11-2${index}"/>`);
    }
    // Five changes, the refresher idle after each: the first idle starts the write, the
    // others come while it runs.
    for (const page of pages) {
      sitemap.touched([page, `${page}.data`]);
      sitemap.idle();
    }
    await sitemap.settled();
    expect(sitemap.writes).toBe(1);
    const onDisk = await readFile(path.join(dir, "client", "sitemap.xml"), "utf8");
    for (const [index, page] of pages.entries()) {
      expect(onDisk).toContain(`<loc>${ORIGIN}${page}</loc>`);
      expect(onDisk).toContain(`<lastmod>2026-11-2${index}</lastmod>`);
    }
    expect(await servedBody()).toBe(onDisk);
    expect(served).toContain(SITEMAP_REQUEST_PATH);
    // Touched, but nothing moved: no write.
    const writes = sitemap.writes;
    sitemap.touched(["/news/a"]);
    sitemap.idle();
    await sitemap.settled();
    expect(sitemap.writes).toBe(writes);
  });

  it("waits for the refresher: touches alone write nothing", async () => {
    const sitemap = await refreshOf({ writtenByBuild: true });
    if (!sitemap) throw new Error("the build's record was not read");
    await writePage("/about", "<title>About</title>");
    sitemap.touched(["/about"]);
    await sitemap.settled();
    expect(sitemap.writes).toBe(0);
    sitemap.idle();
    await sitemap.settled();
    expect(sitemap.writes).toBe(1);
    expect(await servedBody()).toContain(`<loc>${ORIGIN}/about</loc>`);
  });

  it("writes nothing into the build once stopped, and its stop waits for the write running", async () => {
    const sitemap = await refreshOf({ writtenByBuild: true });
    if (!sitemap) throw new Error("the build's record was not read");
    await writePage("/about", "<title>About</title>");
    sitemap.touched(["/about"]);
    sitemap.idle();
    await sitemap.stop();
    expect(sitemap.writes).toBe(1);
    await writePage("/jobs", "<title>Jobs</title>");
    sitemap.touched(["/jobs"]);
    sitemap.idle();
    await sitemap.settled();
    expect(sitemap.writes).toBe(1);
    expect(await readFile(path.join(dir, "client", "sitemap.xml"), "utf8")).not.toContain("/jobs");
  });

  it("drops a removed page and leaves noindex pages out", async () => {
    const sitemap = await refreshOf({ writtenByBuild: true });
    if (!sitemap) throw new Error("the build's record was not read");
    await writePage("/news/a", "<title>A</title>");
    await writePage("/thanks", '<meta name="robots" content="noindex"/>');
    sitemap.touched(["/news/a", "/thanks"]);
    sitemap.idle();
    await sitemap.settled();
    expect(await servedBody()).toContain(`${ORIGIN}/news/a<`);
    expect(await servedBody()).not.toContain("/thanks");
    expect(sitemap.mayList(["/thanks"])).toBe(false);
    expect(sitemap.mayList(["/news/a"])).toBe(true);

    prerendered.remove("news/a/index.html");
    await files.remove("news/a/index.html");
    sitemap.touched(["/news/a"]);
    sitemap.idle();
    await sitemap.settled();
    expect(await servedBody()).not.toContain("/news/a");
    expect(await servedBody()).toContain(`<loc>${ORIGIN}/</loc>`);
  });
});
