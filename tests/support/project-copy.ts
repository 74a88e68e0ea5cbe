// A temporary copy of the project as a checkout has it (no build, no data, no seed snapshot
// unless asked), with node_modules linked, not copied: for tests and benchmarks that build
// and run the site as its own process without touching this project's build/ or .data/.
import { cp, mkdtemp, realpath, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const PROJECT_DIR = path.resolve(fileURLToPath(new URL("../..", import.meta.url)));

/** Not copied: built, installed, local state, reports. */
const NOT_COPIED = new Set([
  ".git",
  ".cache",
  ".data",
  ".env",
  ".react-router",
  "build",
  "node_modules",
  "playwright-report",
  "test-results",
  "tmp",
  "tools",
]);

/** Copies the project's sources into `to`; `content/` only with `withContent`. */
export async function copyProject(
  to: string,
  options: { withContent?: boolean } = {},
): Promise<void> {
  await cp(PROJECT_DIR, to, {
    recursive: true,
    filter: (source) => {
      const top = path.relative(PROJECT_DIR, source).split(path.sep)[0] ?? "";
      if (top === "content") return options.withContent === true;
      return !NOT_COPIED.has(top);
    },
  });
  await symlink(
    await realpath(path.join(PROJECT_DIR, "node_modules")),
    path.join(to, "node_modules"),
  );
}

export interface ProjectCopy {
  dir: string;
  remove(): Promise<void>;
}

export async function temporaryProject(
  prefix: string,
  options: { withContent?: boolean } = {},
): Promise<ProjectCopy> {
  const dir = await mkdtemp(path.join(tmpdir(), `${prefix}-`));
  await copyProject(dir, options);
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
