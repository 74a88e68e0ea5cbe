// The site for the drafts and preview tests and benchmark: a copy of the project (node_modules linked) that
// builds and serves by itself, over its own copy of the snapshot and its own data folder, so
// its content edits, page rewrites and store never touch the repository or the build other
// tests share. Tests start it from a copy of that shared build (made with the settings they
// start it with, so it is fresh) rather than building again. The site runs as `npm start`'s
// process, so a restart is a real one.
import { spawn } from "node:child_process";
import {
  cp,
  mkdir,
  mkdtemp,
  readFile,
  realpath,
  rename,
  rm,
  symlink,
  writeFile,
} from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { DEFAULT_SITE_ORIGIN } from "../app/config/env.server";
import { PROJECT_DIR } from "../server/running/build-stamp";
import { compileScript } from "../tests/support/compiled-script";
import { type SiteProcess, startSiteProcess } from "./site-process";

/** Not part of a checkout, or this project's own data: never copied. */
const NOT_COPIED = new Set([
  "node_modules",
  ".git",
  ".data",
  ".cache",
  "build",
  "tools",
  "test-results",
  "playwright-report",
]);

export const PUBLISHED_STATUS_ID = "630c1ec745bf6da97c014608";
export const DRAFT_STATUS_ID = "674d3b303cf1a6c963208902";

export interface DraftsProject {
  projectDir: string;
  contentDir: string;
  dataDir: string;
  logFile: string;
  remove(): Promise<void>;
}

/**
 * `fromBuild`: a build folder to start from (its stamp must hold for the settings the site
 * starts with); without it, the first start builds.
 */
export async function makeDraftsProject(
  options: { fromBuild?: string } = {},
): Promise<DraftsProject> {
  const root = await mkdtemp(path.join(tmpdir(), "id5-drafts-e2e-"));
  const projectDir = path.join(root, "project");
  await cp(PROJECT_DIR, projectDir, {
    recursive: true,
    filter: (source) =>
      !NOT_COPIED.has(path.relative(PROJECT_DIR, source).split(path.sep)[0] ?? ""),
  });
  await symlink(
    await realpath(path.join(PROJECT_DIR, "node_modules")),
    path.join(projectDir, "node_modules"),
  );
  if (options.fromBuild) {
    await cp(options.fromBuild, path.join(projectDir, "build"), {
      recursive: true,
      // The bundle of `npm start` is made again by each start.
      filter: (source) => !path.basename(source).startsWith("server.mjs"),
    });
  }
  const contentDir = path.join(root, "content");
  await cp(path.join(PROJECT_DIR, "content"), contentDir, {
    recursive: true,
    filter: (source) => !source.includes("media-files"),
  });
  const dataDir = path.join(root, "data");
  await mkdir(dataDir);
  return {
    projectDir,
    contentDir,
    dataDir,
    logFile: path.join(root, "site.log"),
    remove: () => rm(root, { recursive: true, force: true }),
  };
}

export function draftsEnv(
  project: DraftsProject,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    CONTENT_DIR: project.contentDir,
    DATA_DIR: project.dataDir,
    SITE_ORIGIN: DEFAULT_SITE_ORIGIN,
    LOG_LEVEL: "info",
    TRUST_PROXY: "1",
    ...extra,
  };
}

export function startDraftsSite(
  project: DraftsProject,
  env: Record<string, string>,
  port?: number,
): Promise<SiteProcess> {
  return startSiteProcess({ logFile: project.logFile, env, port, projectDir: project.projectDir });
}

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Each project's scripts/preview-link.ts, compiled on its first run (it stays in the copy). */
const previewLinkScripts = new WeakMap<DraftsProject, Promise<string>>();

/**
 * `npm run preview-link -- …args` in the project copy, with the site's settings: the
 * command's own sources, compiled once per project rather than by tsx in every run.
 */
export async function previewLinkCommand(
  project: DraftsProject,
  env: Record<string, string>,
  args: string[],
): Promise<CommandResult> {
  let script = previewLinkScripts.get(project);
  if (!script) {
    script = compileScript(project.projectDir, "scripts/preview-link.ts");
    previewLinkScripts.set(project, script);
  }
  const compiled = await script;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [compiled, ...args], {
      cwd: project.projectDir,
      env: { ...process.env, ...env, LOG_LEVEL: "error" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}

interface SnapshotEntry {
  updatedAt: number;
  statuses: { lng: string; id: string }[];
  meta: { lng: string; props: { id: string; data: unknown }[] }[];
}

/**
 * Edits an entry of the snapshot copy as an editor would (the content service sees the file
 * change and announces it on its socket): a status, a new title. Written whole, then moved
 * into place, so the service never reads half a file.
 */
export async function editEntry(
  project: DraftsProject,
  entryId: string,
  change: { status?: string; title?: { from: string; to: string } },
): Promise<void> {
  const file = path.join(project.contentDir, "entries", `${entryId}.json`);
  const entry = JSON.parse(await readFile(file, "utf8")) as SnapshotEntry;
  if (change.status)
    entry.statuses = entry.statuses.map((s) => ({ ...s, id: change.status as string }));
  if (change.title) {
    const { from, to } = change.title;
    const prop = entry.meta[0]?.props.find((p) => Array.isArray(p.data) && p.data[0] === from);
    if (!prop) throw new Error(`entry ${entryId} has no title "${from}"`);
    prop.data = [to];
  }
  entry.updatedAt = Math.max(Date.now(), entry.updatedAt + 1);
  const temp = `${file}.tmp`;
  await writeFile(temp, `${JSON.stringify(entry, null, 2)}\n`);
  await rename(temp, file);
}
