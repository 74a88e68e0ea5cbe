// `npm run build`: the production build, with the content it prerenders from: the configured
// CMS, or (BCMS_ORIGIN unset) the embedded content service on a free loopback port for the
// build's duration (a build never reads a network it cannot reach). The prerender list and
// `react-router build` run as child processes with an env pointing the app at that service.
// Beside the client build it writes what the server reads at start: which files prerendering
// wrote (build/prerendered.json), what content each page read (build/content-tags.json), what
// the CMS held before prerendering (build/content-versions.json), whether it wrote the sitemap
// (build/sitemap.json), and a hash of the inputs (build/.stamp.json: `npm start` tells a stale
// build by it). Content is not an input: it is live (the server renders again the prerendered
// pages that read what changed: server/refresh/page-refresh.ts).
import "./require-project-node.mjs";
import { spawn } from "node:child_process";
import { mkdir, readFile, rename, rm, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";
import { NON_PAGE_DIRS } from "../app/config/build-files";
import type { SiteEnv } from "../app/config/env.server";
import { readEnvOrReport } from "../app/config/read-env";
import { FORM_MARKER_ATTRIBUTE } from "../app/forms/model";
import { createJsonLogger, type SiteLogger } from "../app/logging/logger.server";
import { SITEMAP_FILE, SITEMAP_RECORD_FILE, type SitemapRecord } from "../app/seo/sitemap.server";
import type { RunningContentServer } from "../content-server/server";
import { pageOfRequestPath } from "../server/addresses/page-addresses";
import {
  CONTENT_TAGS_MANIFEST_FILE,
  type ContentTagsManifest,
} from "../server/refresh/content-dependencies";
import { CONTENT_VERSIONS_FILE } from "../server/refresh/content-ledger";
import {
  type BuildStamp,
  hashBuildInputs,
  listFiles,
  PROJECT_DIR,
  STAMP_FILE,
  STAMP_VERSION,
} from "../server/running/build-stamp";
import { startEmbeddedContent } from "../server/running/embedded-content";
import {
  compress,
  MIN_COMPRESS_BYTES,
  PRECOMPRESSED_EXTENSIONS,
} from "../server/serving/compression";
import { contentTypeOf, isCompressibleType } from "../server/serving/mime";
import { PRERENDER_MANIFEST_FILE, type PrerenderManifest } from "../server/serving/prerendered";
import {
  exportPublishedVersions,
  importPublishedVersions,
} from "../server/store/last-public-versions-handover";
import { openStore } from "../server/store/open-store";
import { writeBuildMeta, writeCrawlerFiles } from "./build-records";

/** Where prerendering appends each answer's content tags (app/content/content-tags.server.ts). */
const CONTENT_TAGS_RECORD_FILE = ".cache/content-tags.jsonl";
/** Where the paths step records the content versions (scripts/prerender-paths.ts). */
const BUILD_CONTENT_VERSIONS_RECORD_FILE = ".cache/content-versions.json";

/**
 * build/content-tags.json from what prerendering recorded: one entry per page, its HTML's
 * and its data's tags together. Returns how many pages it names.
 */
export async function writeContentTagsManifest(
  recordFile: string,
  buildDir: string,
): Promise<number> {
  const text = await readFile(recordFile, "utf8").catch(() => "");
  const pages = new Map<string, Set<string>>();
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    const { path: requestPath, tags } = JSON.parse(line) as { path: string; tags: string[] };
    const page = pageOfRequestPath(requestPath);
    const known = pages.get(page) ?? new Set<string>();
    for (const tag of tags) known.add(tag);
    pages.set(page, known);
  }
  const manifest: ContentTagsManifest = {
    pages: Object.fromEntries([...pages].sort().map(([page, tags]) => [page, [...tags].sort()])),
  };
  await writeFile(path.join(buildDir, CONTENT_TAGS_MANIFEST_FILE), `${JSON.stringify(manifest)}\n`);
  return pages.size;
}

/** The published versions the build's processes read and record (server/store/last-public-versions-handover.ts). */
const PUBLISHED_VERSIONS_HANDOVER_FILE = ".cache/published-versions.json";

/** Writes the CMS part of the prerender list that react-router.config.ts reads. */
const PRERENDER_PATHS_SCRIPT = "scripts/prerender-paths.ts";
const PRERENDER_PATHS_FILE = ".cache/prerender-paths.json";

/** Client files that prerendering wrote: everything but assets, build files and public/. */
export async function listPrerenderedFiles(
  clientDir: string,
  publicDir: string,
): Promise<string[]> {
  const published = new Set(await listFiles(publicDir));
  return (await listFiles(clientDir)).filter((file) => {
    const top = file.split("/")[0] ?? "";
    if (NON_PAGE_DIRS.has(top) || top === ".vite") return false;
    if (Object.values(PRECOMPRESSED_EXTENSIONS).some((ext) => file.endsWith(ext))) return false;
    return !published.has(file);
  });
}

/**
 * React Router prerenders a resource route (the news feed, the share images) twice: its
 * body, and a `.data` file with the same body encoded for client navigation, which nothing
 * asks for (a share image's is twice the image). Removes `x.data` wherever `x` itself is a
 * file of the build; a page's `about.data` stays, as `about` is a folder.
 */
export async function removeResourceRouteData(clientDir: string): Promise<string[]> {
  const files = await listFiles(clientDir);
  const present = new Set(files);
  const removed = files.filter((file) => file.endsWith(".data") && present.has(file.slice(0, -5)));
  for (const file of removed) await unlink(path.join(clientDir, file));
  return removed;
}

/**
 * Prerendered pages that carry a form, with their data files: a form holds a per-visitor
 * stamp, so the server renders these per request and keeps the files as the outage fallback.
 */
export async function listDynamicFiles(
  clientDir: string,
  prerendered: string[],
): Promise<string[]> {
  const dynamic: string[] = [];
  for (const file of prerendered) {
    if (file !== "index.html" && !file.endsWith("/index.html")) continue;
    const html = await readFile(path.join(clientDir, file), "utf8");
    if (!html.includes(`${FORM_MARKER_ATTRIBUTE}="`)) continue;
    dynamic.push(file);
    const data = file === "index.html" ? "_.data" : `${file.slice(0, -"/index.html".length)}.data`;
    if (prerendered.includes(data)) dynamic.push(data);
  }
  return dynamic;
}

export interface PrecompressOptions {
  /**
   * Prerendered files (relative to the client folder): compressed with the effort the server
   * uses when it renders them again after a content change, not the highest. At the highest
   * (brotli 11) an article page took 67 ms against 1.4 ms, for about 10% fewer bytes that
   * last only until the page is next rendered; with 10,000 articles that was most of the build.
   */
  prerendered?: ReadonlySet<string>;
  concurrency?: number;
}

/**
 * Writes `x.br` and `x.gz` next to every text file worth compressing: with the highest
 * effort, except prerendered files (PrecompressOptions.prerendered).
 */
export async function precompressClient(
  clientDir: string,
  options: PrecompressOptions = {},
): Promise<number> {
  const concurrency = options.concurrency ?? 4;
  const files = (await listFiles(clientDir)).filter(
    (file) =>
      isCompressibleType(contentTypeOf(file)) &&
      !Object.values(PRECOMPRESSED_EXTENSIONS).some((ext) => file.endsWith(ext)),
  );
  let next = 0;
  let written = 0;
  const work = async () => {
    while (next < files.length) {
      const relPath = files[next++] as string;
      const file = path.join(clientDir, relPath);
      const body = await readFile(file);
      if (body.byteLength < MIN_COMPRESS_BYTES) continue;
      const effort = options.prerendered?.has(relPath) ? "fast" : "max";
      for (const [encoding, ext] of Object.entries(PRECOMPRESSED_EXTENSIONS)) {
        await writeFile(file + ext, await compress(body, encoding as "br" | "gzip", effort));
      }
      written += 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, work));
  return written;
}

export class BuildError extends Error {
  override name = "BuildError";
}

/** Runs a command, streaming its output line by line with `prefix`. */
export function runPrefixed(
  command: string,
  args: readonly string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; prefix: string; write?: (line: string) => void },
): Promise<number> {
  const write = options.write ?? ((line: string) => process.stdout.write(`${line}\n`));
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on("line", (line) => write(`${options.prefix}${line}`));
    }
    child.once("error", reject);
    child.once("close", (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

export interface BuildSiteOptions {
  env: SiteEnv;
  /** A content service that is already running (npm start passes its own). */
  contentUrl?: string;
  projectDir?: string;
  /** The environment of the build process (default process.env). */
  processEnv?: NodeJS.ProcessEnv;
  logger?: SiteLogger;
  /** Where the child's output goes (default stdout), each line prefixed with "[build] ". */
  write?: (line: string) => void;
}

export interface BuildSiteResult {
  buildDir: string;
  buildId: string;
  prerenderedPages: string[];
  stamp: BuildStamp;
}

/** The environment the child build runs with: the app resolves its content service from it. */
export function childBuildEnv(
  env: SiteEnv,
  processEnv: NodeJS.ProcessEnv,
  contentUrl: string | undefined,
): NodeJS.ProcessEnv {
  const child: NodeJS.ProcessEnv = { ...processEnv, NODE_ENV: "production" };
  if (env.embeddedContent) {
    delete child.BCMS_ORIGIN;
    const port = contentUrl ? new URL(contentUrl).port : "";
    if (port) child.CONTENT_PORT = port;
  } else if (contentUrl) {
    child.BCMS_ORIGIN = new URL(contentUrl).origin;
  }
  return child;
}

export async function buildSite(options: BuildSiteOptions): Promise<BuildSiteResult> {
  const { env } = options;
  const projectDir = options.projectDir ?? PROJECT_DIR;
  const processEnv = options.processEnv ?? process.env;
  const logger =
    options.logger ?? createJsonLogger({ secrets: [env.bcms.apiKey.secret], level: env.logLevel });
  const buildDir = path.join(projectDir, "build");
  const clientDir = path.join(buildDir, "client");
  const started = Date.now();

  let content: RunningContentServer | undefined;
  let contentUrl = options.contentUrl;
  if (env.embeddedContent && !contentUrl) {
    content = await startEmbeddedContent(env, { port: 0, logger, watch: false });
    contentUrl = content.url;
    logger.info("build: embedded content service started", { url: contentUrl });
  }
  try {
    const inputsHash = await hashBuildInputs(projectDir, env, env.buildId);
    // A failed build leaves no stamp behind, so the next start builds again.
    await rm(buildDir, { recursive: true, force: true });

    // The store's published versions go to the build's processes in a file and come back.
    const handover = path.join(projectDir, PUBLISHED_VERSIONS_HANDOVER_FILE);
    await mkdir(path.dirname(handover), { recursive: true });
    const openSiteStore = () =>
      openStore({ databaseUrl: env.databaseUrl, dataDir: path.resolve(projectDir, env.dataDir) });
    const store = await openSiteStore().catch((error: unknown) => {
      // An image built apart from the site's database: the running site serves the kept
      // versions all the same; only this build's files and sitemap go without them.
      logger.warn("build: the store cannot be opened, prerendering without kept versions", {
        error: error instanceof Error ? error.message : String(error),
      });
      return undefined;
    });
    try {
      if (store) await exportPublishedVersions(store.publishedVersions, handover);
      else await writeFile(handover, JSON.stringify({ versions: [], removed: [] }));
    } finally {
      await store?.close();
    }
    const childEnv = {
      ...childBuildEnv(env, processEnv, contentUrl),
      PUBLISHED_VERSIONS_FILE: handover,
      // One instant for the whole build: a publish_at or unpublish_at passing while it runs
      // is the server's to apply at start (its catch-up compares with this record).
      CONTENT_SHOWN_AT: String(Date.now()),
    };
    const bin = (name: string) => path.join(projectDir, "node_modules/.bin", name);
    const pathsScript = path.join(projectDir, PRERENDER_PATHS_SCRIPT);
    if (await stat(pathsScript).catch(() => undefined)) {
      // Never prerender from a list (or record versions) left over by an earlier build.
      await rm(path.join(projectDir, PRERENDER_PATHS_FILE), { force: true });
      await rm(path.join(projectDir, BUILD_CONTENT_VERSIONS_RECORD_FILE), { force: true });
      const listed = await runPrefixed(bin("tsx"), [pathsScript], {
        cwd: projectDir,
        env: childEnv,
        prefix: "[paths] ",
        write: options.write,
      });
      if (listed !== 0) {
        throw new BuildError(`listing the content paths to prerender failed (exit code ${listed})`);
      }
    }
    const tagsRecord = path.join(projectDir, CONTENT_TAGS_RECORD_FILE);
    await rm(tagsRecord, { force: true });
    await mkdir(path.dirname(tagsRecord), { recursive: true });
    const code = await runPrefixed(bin("react-router"), ["build"], {
      cwd: projectDir,
      env: { ...childEnv, CONTENT_TAGS_FILE: tagsRecord },
      prefix: "[build] ",
      write: options.write,
    });
    if (code !== 0) throw new BuildError(`react-router build failed (exit code ${code})`);
    if (store) {
      const returned = await openSiteStore();
      try {
        const applied = await importPublishedVersions(returned.publishedVersions, handover);
        logger.info("build: published versions kept", applied);
      } finally {
        await returned.close();
      }
    }
    await rm(handover, { force: true });

    await removeResourceRouteData(clientDir);
    const prerenderedFiles = await listPrerenderedFiles(clientDir, path.join(projectDir, "public"));
    const dynamicFiles = await listDynamicFiles(clientDir, prerenderedFiles);
    const manifest: PrerenderManifest = { files: prerenderedFiles, dynamic: dynamicFiles };
    await writeFile(path.join(buildDir, PRERENDER_MANIFEST_FILE), `${JSON.stringify(manifest)}\n`);
    const tagged = await writeContentTagsManifest(tagsRecord, buildDir);
    const versionsRecord = path.join(projectDir, BUILD_CONTENT_VERSIONS_RECORD_FILE);
    if (await stat(versionsRecord).catch(() => undefined)) {
      await rename(versionsRecord, path.join(buildDir, CONTENT_VERSIONS_FILE));
    }
    const pageOf = (file: string) =>
      `/${file.slice(0, -"index.html".length)}`.replace(/(.)\/$/, "$1");
    const prerenderedPages = prerenderedFiles
      .filter((file) => file === "index.html" || file.endsWith("/index.html"))
      .map(pageOf)
      .sort();
    const meta = await writeBuildMeta({
      clientDir,
      buildId: env.buildId,
      // Pages with a form are rendered per request: the browser does not prefetch their data.
      prerendered: prerenderedPages.filter(
        (page) =>
          !dynamicFiles.some((file) => file.endsWith("index.html") && pageOf(file) === page),
      ),
    });
    // After the prerendered list above: these are build files, not prerendered pages.
    const crawler = await writeCrawlerFiles({
      clientDir,
      siteOrigin: env.siteOrigin,
      prerendered: prerenderedPages,
    });
    // The server keeps a sitemap the build wrote up to date, and leaves public/'s alone.
    const sitemapRecord: SitemapRecord = { writtenByBuild: crawler.written.includes(SITEMAP_FILE) };
    await writeFile(path.join(buildDir, SITEMAP_RECORD_FILE), `${JSON.stringify(sitemapRecord)}\n`);
    const compressed = await precompressClient(clientDir, {
      prerendered: new Set(prerenderedFiles),
    });

    const stamp: BuildStamp = {
      version: STAMP_VERSION,
      inputsHash,
      builtAt: new Date().toISOString(),
    };
    await writeFile(path.join(buildDir, STAMP_FILE), `${JSON.stringify(stamp, null, 2)}\n`);
    logger.info("build: done", {
      buildId: meta.latest.id,
      prerenderedPages: prerenderedPages.length,
      sitemapUrls: crawler.sitemapUrls,
      precompressedFiles: compressed,
      pagesWithContentTags: tagged,
      seconds: Math.round((Date.now() - started) / 100) / 10,
    });
    return { buildDir, buildId: meta.latest.id, prerenderedPages, stamp };
  } finally {
    await content?.close();
  }
}

async function main(): Promise<void> {
  const env = readEnvOrReport(process.env);
  if (!env) process.exit(1);
  await buildSite({ env });
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    console.error(`build: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
