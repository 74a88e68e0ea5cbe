// Is the build in build/ what `npm start` should serve? A build records a stamp of what it
// was made of (sources and the settings baked into its HTML); the server compares the stamp
// with the project as it is now. Content is not part of it: the server finds at start what
// changed in the CMS since its pages were rendered (server/refresh/content-catch-up.ts).
import { createHash } from "node:crypto";
import { type Dirent, existsSync } from "node:fs";
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { LATEST_BUILD_FILE } from "../../app/config/build-files";
import { buildSettings } from "../../app/config/build-settings";
import type { SiteEnv } from "../../app/config/env.server";

/**
 * The project folder: the nearest folder above this module with a package.json. Searched,
 * not counted, because this module also runs bundled into build/server.mjs (scripts/start.mjs).
 */
export const PROJECT_DIR = projectDirAbove(path.dirname(fileURLToPath(import.meta.url)));

function projectDirAbove(dir: string): string {
  for (let current = dir; ; current = path.dirname(current)) {
    if (existsSync(path.join(current, "package.json"))) return current;
    if (path.dirname(current) === current) return path.resolve(dir, "..");
  }
}
export const STAMP_FILE = ".stamp.json";
export const STAMP_VERSION = 1;

/** What the build is made of (paths relative to the project). Tests are left out. */
export const BUILD_INPUTS = [
  "app",
  "bcms",
  "public",
  "package-lock.json",
  "vite.config.ts",
  "vite",
  "react-router.config.ts",
  "tsconfig.json",
  "server/running/build-stamp.ts",
  "scripts/build.ts",
  "scripts/build-records.ts",
  "scripts/prerender-paths.ts",
] as const;
const IGNORED_INPUT = /(^|\/)(node_modules|\.DS_Store)(\/|$)|\.test\.[cm]?[jt]sx?$/;

export interface BuildStamp {
  version: number;
  /** sha256 of BUILD_INPUTS and of the settings baked into the HTML. */
  inputsHash: string;
  builtAt: string;
}

/** Every file below `dir` (relative, with forward slashes), sorted; none when it is missing. */
export async function listFiles(dir: string): Promise<string[]> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .map((file) => file.split(path.sep).join("/"))
    .sort();
}

export async function listBuildInputs(projectDir: string): Promise<string[]> {
  const files: string[] = [];
  for (const input of BUILD_INPUTS) {
    const absolute = path.join(projectDir, input);
    const info = await stat(absolute).catch(() => undefined);
    if (!info) continue;
    if (info.isFile()) files.push(input);
    else if (info.isDirectory()) {
      for (const file of await listFiles(absolute)) files.push(`${input}/${file}`);
    }
  }
  return files.filter((file) => !IGNORED_INPUT.test(file)).sort();
}

export async function hashBuildInputs(
  projectDir: string,
  env: SiteEnv,
  buildId?: string,
): Promise<string> {
  const hash = createHash("sha256");
  hash.update(`stamp v${STAMP_VERSION}\n`);
  hash.update(`${JSON.stringify(buildSettings(env, buildId))}\n`);
  for (const file of await listBuildInputs(projectDir)) {
    hash.update(`${file}\n`);
    hash.update(await readFile(path.join(projectDir, file)));
    hash.update("\n");
  }
  return hash.digest("hex");
}

export async function readStamp(buildDir: string): Promise<BuildStamp | undefined> {
  try {
    const parsed = JSON.parse(
      await readFile(path.join(buildDir, STAMP_FILE), "utf8"),
    ) as BuildStamp;
    return typeof parsed.inputsHash === "string" ? parsed : undefined;
  } catch {
    return undefined;
  }
}

export interface BuildCheck {
  stale: boolean;
  reason: string;
}

export async function checkBuild(options: {
  projectDir?: string;
  buildDir?: string;
  env: SiteEnv;
  buildId?: string;
}): Promise<BuildCheck> {
  const projectDir = options.projectDir ?? PROJECT_DIR;
  const buildDir = options.buildDir ?? path.join(projectDir, "build");
  const serverEntry = await stat(path.join(buildDir, "server/index.js")).catch(() => undefined);
  if (!serverEntry) return { stale: true, reason: "no build yet" };
  const stamp = await readStamp(buildDir);
  if (!stamp) return { stale: true, reason: "the build has no stamp" };
  if (stamp.version !== STAMP_VERSION) {
    return {
      stale: true,
      reason: "the build stamp is from another version",
    };
  }
  const current = await hashBuildInputs(projectDir, options.env, options.buildId);
  if (current !== stamp.inputsHash) {
    return {
      stale: true,
      reason: "sources or build settings changed since the build",
    };
  }
  return { stale: false, reason: "the build is up to date" };
}

/**
 * The id of the build in `buildDir`, as clients know it (client/builds/latest.json, written
 * by the build's records step); `fallback` when the build has none (a build held in memory).
 */
export async function readBuildId(buildDir: string, fallback: string): Promise<string> {
  try {
    const latest = JSON.parse(
      await readFile(path.join(buildDir, "client", LATEST_BUILD_FILE), "utf8"),
    ) as { id?: unknown };
    return typeof latest.id === "string" && latest.id !== "" ? latest.id : fallback;
  } catch {
    return fallback;
  }
}
