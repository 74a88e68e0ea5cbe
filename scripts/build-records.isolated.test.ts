import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { REDIRECTS } from "../app/redirects/redirect-table";
import {
  discoverPrerenderedPaths,
  hashAssetNames,
  parseArgs,
  readPathsFile,
  resolveBuildId,
  robotsTxt,
  writeBuildMeta,
  writeCrawlerFiles,
} from "./build-records";

let dir: string;

async function put(rel: string, content = "") {
  const file = path.join(dir, rel);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, content);
}

async function fakeClientBuild(manifestVersion: string | null = "e60555cb") {
  await put("assets/entry.client-BEuTxjF-.js");
  await put("assets/root-Bb0T2RYi.js");
  if (manifestVersion) await put(`assets/manifest-${manifestVersion}.js`);
  await put("index.html", "<html>");
  await put("_root.data");
  await put("about/index.html");
  await put("about.data");
  await put("news/page/2/index.html");
  await put("universal-id/site-agreement.pdf");
  await put("builds/old/index.html"); // not a page
}

const readJson = async (file: string) => JSON.parse(await readFile(file, "utf8"));

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "build-records-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("build id", () => {
  it("uses BUILD_ID when given, else React Router's manifest version", async () => {
    await fakeClientBuild();
    expect(await resolveBuildId(dir, "deploy-42")).toEqual({
      id: "deploy-42",
      manifestVersion: "e60555cb",
    });
    expect(await resolveBuildId(dir)).toEqual({ id: "e60555cb", manifestVersion: "e60555cb" });
    expect(await resolveBuildId(dir, "  ")).toEqual({
      id: "e60555cb",
      manifestVersion: "e60555cb",
    });
  });

  it("falls back to a stable hash of the asset file names", async () => {
    await fakeClientBuild(null);
    const id = await hashAssetNames(dir);
    expect(id).toMatch(/^[0-9a-f]{12}$/);
    expect(await resolveBuildId(dir)).toEqual({ id });
    await put("assets/new-chunk-X1.js");
    expect(await hashAssetNames(dir)).not.toBe(id);
  });

  it("rejects unsafe ids, empty builds and two manifests", async () => {
    await fakeClientBuild();
    await expect(resolveBuildId(dir, "../evil")).rejects.toThrow(/may only contain/);
    await put("assets/manifest-aaaa1111.js");
    await expect(resolveBuildId(dir)).rejects.toThrow(/More than one/);
    await expect(hashAssetNames(path.join(dir, "missing"))).rejects.toThrow(/No assets/);
  });
});

describe("prerendered paths", () => {
  it("discovers {path}/index.html pages of the client build", async () => {
    await fakeClientBuild();
    expect(await discoverPrerenderedPaths(dir)).toEqual(["/", "/about", "/news/page/2"]);
  });

  it("reads a JSON or line-based paths file", async () => {
    await put("paths.json", '["/a", "/b"]');
    await put("paths.txt", "# pages\n/a\n\n/b\n");
    await put("bad.json", '[1, "/b"]');
    expect(await readPathsFile(path.join(dir, "paths.json"))).toEqual(["/a", "/b"]);
    expect(await readPathsFile(path.join(dir, "paths.txt"))).toEqual(["/a", "/b"]);
    await expect(readPathsFile(path.join(dir, "bad.json"))).rejects.toThrow(/JSON array/);
  });
});

describe("writeBuildMeta", () => {
  const now = new Date("2026-03-01T12:00:00.000Z");

  it("writes builds/latest.json and builds/meta/{id}.json", async () => {
    await fakeClientBuild();
    const result = await writeBuildMeta({ clientDir: dir, now });
    const latest = await readJson(path.join(dir, "builds/latest.json"));
    expect(latest).toEqual({
      id: "e60555cb",
      timestamp: "2026-03-01T12:00:00.000Z",
      manifestVersion: "e60555cb",
    });
    const meta = await readJson(path.join(dir, "builds/meta/e60555cb.json"));
    expect(meta).toEqual({
      ...latest,
      redirects: JSON.parse(JSON.stringify(REDIRECTS)),
      prerendered: ["/", "/about", "/news/page/2"],
    });
    expect(result.meta).toEqual(meta);
    expect(result.latestPath).toBe(path.join(dir, "builds/latest.json"));
    // No temporary files left behind.
    const written = await readdir(path.join(dir, "builds"), { recursive: true });
    expect(written.filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  it("takes the build id and paths from the caller", async () => {
    await fakeClientBuild();
    const result = await writeBuildMeta({
      clientDir: dir,
      now,
      buildId: "deploy-42",
      prerendered: ["/news/", "/", "/news"],
    });
    expect(result.latest.id).toBe("deploy-42");
    const meta = await readJson(path.join(dir, "builds/meta/deploy-42.json"));
    expect(meta.prerendered).toEqual(["/", "/news"]);
    // The browser asks for its build's rules by the manifest version it knows.
    expect(result.latest.manifestVersion).toBeTruthy();
    expect(
      await readJson(path.join(dir, `builds/meta/${result.latest.manifestVersion}.json`)),
    ).toEqual(meta);
    await expect(writeBuildMeta({ clientDir: dir, prerendered: ["relative"] })).rejects.toThrow(
      /must start with/,
    );
  });
});

describe("crawler files", () => {
  it("robots.txt allows everything and names the sitemap on SITE_ORIGIN", () => {
    expect(robotsTxt("https://id5.io/")).toBe(
      "User-agent: *\nAllow: /\n\nSitemap: https://id5.io/sitemap.xml\n",
    );
  });

  it("writes both from the prerendered pages, leaving out noindex ones", async () => {
    await put("index.html", "<html><head><title>Home</title></head></html>");
    await put(
      "about/index.html",
      '<html><head><meta property="og:updated_time" content="2026-01-12T15:30:00Z"/></head>',
    );
    await put(
      "resources/thank-you/index.html",
      '<meta name="robots" content="noindex, nofollow"/>',
    );
    const result = await writeCrawlerFiles({
      clientDir: dir,
      siteOrigin: "https://example.com",
      prerendered: ["/", "/about", "/resources/thank-you", "/missing"],
    });
    expect(result).toEqual({ written: ["robots.txt", "sitemap.xml"], sitemapUrls: 2 });
    expect(await readFile(path.join(dir, "robots.txt"), "utf8")).toContain(
      "Sitemap: https://example.com/sitemap.xml",
    );
    const xml = await readFile(path.join(dir, "sitemap.xml"), "utf8");
    expect([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual([
      "https://example.com/",
      "https://example.com/about",
    ]);
    // The page's own date, not the build's.
    expect([...xml.matchAll(/<lastmod>([^<]+)<\/lastmod>/g)].map((m) => m[1])).toEqual([
      "2026-01-12T15:30:00Z",
    ]);
  });

  it("keeps files that public/ provided", async () => {
    await put("robots.txt", "User-agent: *\nDisallow:\n");
    await put("sitemap.xml", "<urlset/>");
    const result = await writeCrawlerFiles({
      clientDir: dir,
      siteOrigin: "https://example.com",
      prerendered: ["/"],
    });
    expect(result).toEqual({ written: [] });
    expect(await readFile(path.join(dir, "robots.txt"), "utf8")).toBe("User-agent: *\nDisallow:\n");
  });
});

describe("CLI", () => {
  it("parses its arguments", () => {
    expect(parseArgs([])).toEqual({ clientDir: "build/client" });
    expect(parseArgs(["--client-dir", "out", "--paths", "/a,/b"])).toEqual({
      clientDir: "out",
      paths: ["/a", "/b"],
    });
    expect(parseArgs(["--prerendered", "p.txt"])).toEqual({
      clientDir: "build/client",
      prerenderedFile: "p.txt",
    });
    expect(() => parseArgs(["--paths"])).toThrow(/needs a value/);
    expect(() => parseArgs(["--nope"])).toThrow(/Unknown/);
  });

  it("runs under tsx with BUILD_ID from the environment", async () => {
    await fakeClientBuild();
    const tsx = path.resolve("node_modules/.bin/tsx");
    const { stdout } = await promisify(execFile)(
      tsx,
      ["scripts/build-records.ts", "--client-dir", dir],
      { env: { ...process.env, BUILD_ID: "cli-7" } },
    );
    expect(stdout).toContain("id cli-7");
    expect((await readJson(path.join(dir, "builds/latest.json"))).id).toBe("cli-7");
  });
});
