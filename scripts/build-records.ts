// Writes the build's freshness and route-rules files after `react-router build` into the
// client build, so the server serves them as static files: builds/latest.json and
// builds/meta/{id}.json, the latter also as meta/{manifestVersion}.json when BUILD_ID names
// the build (the browser knows its build by the manifest version only). The build id is
// BUILD_ID, else React Router's manifest version, else a hash of the asset file names.
// Usage: tsx scripts/build-records.ts [--client-dir build/client] [--paths /a,/b|--prerendered
// FILE] (FILE: a JSON array or one path per line; neither: every {path}/index.html found).
import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import {
  BUILD_META_DIR,
  NON_PAGE_DIRS as BUILD_NON_PAGE_DIRS,
  LATEST_BUILD_FILE,
} from "../app/config/build-files";
import { readEnvOrReport } from "../app/config/read-env";
import { REDIRECTS, type RedirectRule } from "../app/redirects/redirect-table";
import { indexablePages, SITEMAP_FILE, sitemapXml } from "../app/seo/sitemap.server";

export const DEFAULT_CLIENT_DIR = "build/client";
const MANIFEST_FILE = /^manifest-([A-Za-z0-9_-]+)\.js$/;
/** Folders of the client build that hold no prerendered pages. */
const NON_PAGE_DIRS = new Set([...BUILD_NON_PAGE_DIRS, "media", "fonts"]);

export interface LatestBuildFile {
  id: string;
  timestamp: string;
  manifestVersion?: string;
}

export interface BuildMetaFile extends LatestBuildFile {
  redirects: RedirectRule[];
  prerendered: string[];
}

export interface BuildMetaOptions {
  /** The client build folder (default build/client). */
  clientDir?: string;
  /** Overrides the build id (the CLI passes env BUILD_ID). */
  buildId?: string;
  /** Prerendered paths; discovered from the client build when omitted. */
  prerendered?: readonly string[];
  redirects?: readonly RedirectRule[];
  now?: Date;
}

export interface BuildMetaResult {
  latestPath: string;
  metaPath: string;
  latest: LatestBuildFile;
  meta: BuildMetaFile;
}

async function listFiles(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
      .map((file) => file.split(path.sep).join("/"))
      .sort();
  } catch {
    return [];
  }
}

/** React Router's manifest version from assets/manifest-{version}.js, if present. */
export async function readManifestVersion(clientDir: string): Promise<string | undefined> {
  const names = (await listFiles(path.join(clientDir, "assets"))).filter((f) => !f.includes("/"));
  const versions = names.flatMap((name) => MANIFEST_FILE.exec(name)?.[1] ?? []);
  if (versions.length > 1) {
    throw new Error(
      `More than one React Router manifest in ${clientDir}/assets (${versions.join(", ")}): clean the build folder first`,
    );
  }
  return versions[0];
}

/** sha256 of the sorted asset file names, 12 hex characters. */
export async function hashAssetNames(clientDir: string): Promise<string> {
  const names = await listFiles(path.join(clientDir, "assets"));
  if (names.length === 0) throw new Error(`No assets in ${clientDir}/assets: run the build first`);
  return createHash("sha256").update(names.join("\n")).digest("hex").slice(0, 12);
}

export async function resolveBuildId(
  clientDir: string,
  override?: string,
): Promise<{ id: string; manifestVersion?: string }> {
  const manifestVersion = await readManifestVersion(clientDir);
  const id = override?.trim() || manifestVersion || (await hashAssetNames(clientDir));
  if (!/^[A-Za-z0-9._-]+$/.test(id)) {
    throw new Error(`Build id "${id}" may only contain letters, digits, ".", "_" and "-"`);
  }
  return manifestVersion ? { id, manifestVersion } : { id };
}

/** Every `{path}/index.html` of the client build, as site paths ("/", "/about", ...). */
export async function discoverPrerenderedPaths(clientDir: string): Promise<string[]> {
  return (await listFiles(clientDir))
    .filter((file) => file === "index.html" || file.endsWith("/index.html"))
    .filter((file) => !NON_PAGE_DIRS.has(file.split("/")[0] ?? ""))
    .map((file) => `/${file.slice(0, -"index.html".length)}`.replace(/\/$/, "") || "/")
    .sort();
}

/** A paths file: a JSON array of strings, or one path per line (# comments allowed). */
export async function readPathsFile(file: string): Promise<string[]> {
  const text = await readFile(file, "utf8");
  const trimmed = text.trim();
  if (trimmed.startsWith("[")) {
    const parsed: unknown = JSON.parse(trimmed);
    if (!Array.isArray(parsed) || !parsed.every((p) => typeof p === "string")) {
      throw new Error(`${file}: expected a JSON array of paths`);
    }
    return parsed;
  }
  return trimmed
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"));
}

function normalizePaths(paths: readonly string[]): string[] {
  const normalized = paths.map((p) => {
    if (!p.startsWith("/")) throw new Error(`Prerendered path must start with "/": ${p}`);
    return p.length > 1 ? p.replace(/\/+$/, "") : p;
  });
  return [...new Set(normalized)].sort();
}

async function writeJsonAtomic(file: string, value: unknown): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temp, `${JSON.stringify(value, null, 2)}\n`);
  await rename(temp, file);
}

/**
 * Writes meta/{id}.json, then latest.json (in that order, so a client never sees an id
 * whose manifest is missing). Returns what it wrote.
 */
export async function writeBuildMeta(options: BuildMetaOptions = {}): Promise<BuildMetaResult> {
  const clientDir = options.clientDir ?? DEFAULT_CLIENT_DIR;
  const { id, manifestVersion } = await resolveBuildId(clientDir, options.buildId);
  const timestamp = (options.now ?? new Date()).toISOString();
  const prerendered = normalizePaths(
    options.prerendered ?? (await discoverPrerenderedPaths(clientDir)),
  );
  const latest: LatestBuildFile = manifestVersion
    ? { id, timestamp, manifestVersion }
    : { id, timestamp };
  const meta: BuildMetaFile = {
    ...latest,
    redirects: (options.redirects ?? REDIRECTS).map((rule) => ({ ...rule })),
    prerendered,
  };
  const metaPath = path.join(clientDir, BUILD_META_DIR, `${id}.json`);
  const latestPath = path.join(clientDir, LATEST_BUILD_FILE);
  await writeJsonAtomic(metaPath, meta);
  if (manifestVersion && manifestVersion !== id) {
    await writeJsonAtomic(path.join(clientDir, BUILD_META_DIR, `${manifestVersion}.json`), meta);
  }
  await writeJsonAtomic(latestPath, latest);
  return { latestPath, metaPath, latest, meta };
}

// ---------------------------------------------------------------------------
// Crawler files: robots.txt (everything allowed, with the sitemap's URL) and sitemap.xml
// (its rule: app/seo/sitemap.server.ts), both with absolute URLs from SITE_ORIGIN. Written
// into the client build unless public/ already provides them; the server keeps a sitemap
// the build wrote up to date with the content (server/refresh/sitemap-refresh.ts).

export const ROBOTS_FILE = "robots.txt";
export function robotsTxt(siteOrigin: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${siteOrigin.replace(/\/+$/, "")}/${SITEMAP_FILE}\n`;
}

async function exists(file: string): Promise<boolean> {
  return readFile(file).then(
    () => true,
    () => false,
  );
}

export interface CrawlerFilesResult {
  /** Files written (public/ may provide its own, which are left alone). */
  written: string[];
  /** Number of URLs in the sitemap written, if one was. */
  sitemapUrls?: number;
}

export async function writeCrawlerFiles(options: {
  clientDir: string;
  siteOrigin: string;
  prerendered: readonly string[];
}): Promise<CrawlerFilesResult> {
  const { clientDir, siteOrigin } = options;
  const result: CrawlerFilesResult = { written: [] };
  const robotsPath = path.join(clientDir, ROBOTS_FILE);
  if (!(await exists(robotsPath))) {
    await writeFile(robotsPath, robotsTxt(siteOrigin));
    result.written.push(ROBOTS_FILE);
  }
  const sitemapPath = path.join(clientDir, SITEMAP_FILE);
  if (!(await exists(sitemapPath))) {
    const pages = await indexablePages(clientDir, normalizePaths(options.prerendered));
    await writeFile(sitemapPath, sitemapXml(siteOrigin, pages));
    result.written.push(SITEMAP_FILE);
    result.sitemapUrls = pages.length;
  }
  return result;
}

export interface CliArgs {
  clientDir: string;
  paths?: string[];
  prerenderedFile?: string;
}

export function parseArgs(argv: readonly string[]): CliArgs {
  const args: CliArgs = { clientDir: DEFAULT_CLIENT_DIR };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = argv[i + 1];
    if (flag === "--client-dir" || flag === "--paths" || flag === "--prerendered") {
      if (value === undefined || value.startsWith("--")) throw new Error(`${flag} needs a value`);
      i++;
      if (flag === "--client-dir") args.clientDir = value;
      else if (flag === "--paths") args.paths = value.split(",").filter(Boolean);
      else args.prerenderedFile = value;
    } else {
      throw new Error(`Unknown argument: ${flag}`);
    }
  }
  return args;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const env = readEnvOrReport(process.env);
  if (!env) process.exit(1);
  const prerendered =
    args.paths ?? (args.prerenderedFile ? await readPathsFile(args.prerenderedFile) : undefined);
  const result = await writeBuildMeta({
    clientDir: args.clientDir,
    buildId: env.buildId,
    prerendered,
  });
  console.log(
    `build-records: id ${result.latest.id}, ${result.meta.prerendered.length} prerendered paths, ${result.meta.redirects.length} redirects -> ${result.latestPath}`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    console.error(`build-records: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
