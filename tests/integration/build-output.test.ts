// What `npm run build` prints: the build's progress and nothing that looks like a fault. A
// deprecation or "unsupported" notice from Vite, Rolldown or React Router fails this test,
// so a dependency upgrade or a config change that brings one back is seen at once.
// It runs the real build pipeline (scripts/build.ts: embedded content service, React
// Router's config loader, Vite's config loading, the client and server builds) on a copy of
// the project's build inputs, prerendering one page: the shared build/ stays untouched.
import { cp, mkdir, mkdtemp, readdir, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { parseEnv } from "../../app/config/env.server";
import { buildSite } from "../../scripts/build";
import { BUILD_INPUTS, PROJECT_DIR } from "../../server/running/build-stamp";
import { copySnapshot, removeSnapshot } from "../support/snapshot-copy";
import { recordingLogger } from "../support/webhook-receiver";

/** A line the build must never print. */
const FAULT_LIKE_LINE = [
  /deprecat/i,
  /unsupported/i,
  // Rolldown's notice for a code-splitting group it cannot name in its timing report.
  /debugName/,
  // Vite's and Rolldown's prefix of a warning about the configuration.
  /^\s*\(!\)/,
];
/** A build of the app on a busy 2-core machine. */
const BUILD_TIMEOUT_MS = 5 * 60_000;

let work: string;
let snapshot: string;
const output: string[] = [];

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), "build-output-"));
  const project = path.join(work, "project");
  await mkdir(project);
  for (const input of [...BUILD_INPUTS, "package.json"]) {
    await cp(path.join(PROJECT_DIR, input), path.join(project, input), {
      recursive: true,
    }).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "ENOENT") throw error;
    });
  }
  // Every installed package, linked one by one: what the build caches under node_modules
  // (Vite's child compiler does) lands in the copy, not in the project's own folder.
  const modules = path.join(project, "node_modules");
  await mkdir(modules);
  for (const name of await readdir(path.join(PROJECT_DIR, "node_modules"))) {
    if (name.startsWith(".vite")) continue;
    await symlink(path.join(PROJECT_DIR, "node_modules", name), path.join(modules, name));
  }
  snapshot = await copySnapshot("build-output");
  const processEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(processEnv)) {
    if (name.startsWith("BCMS_")) delete processEnv[name];
  }
  Object.assign(processEnv, {
    CONTENT_DIR: snapshot,
    CONTENT_CACHE_DIR: path.join(work, "media-cache"),
    LOG_LEVEL: "error",
    // One page is enough: prerendering prints nothing of its own.
    PRERENDER_MIN: "1",
  });
  await buildSite({
    env: parseEnv(processEnv),
    projectDir: project,
    processEnv,
    logger: recordingLogger(),
    write: (line) => output.push(line),
  });
}, BUILD_TIMEOUT_MS);

afterAll(async () => {
  if (snapshot) await removeSnapshot(snapshot);
  if (work) await rm(work, { recursive: true, force: true });
});

it("the build prints no deprecation, unsupported or configuration notice", () => {
  // The check reads real output: the client and server builds both ran and reported.
  expect(output.some((line) => /building client environment/.test(line))).toBe(true);
  expect(output.some((line) => /building ssr environment/.test(line))).toBe(true);
  const faults = output.filter((line) => FAULT_LIKE_LINE.some((pattern) => pattern.test(line)));
  expect(faults).toEqual([]);
});
