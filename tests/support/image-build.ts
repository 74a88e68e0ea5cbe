// The production image built without Docker, stage by stage as the Dockerfile says: each stage
// is a folder standing for its filesystem, its WORKDIR a folder inside it (the image's /app is
// `<stage>/app`, so the build runs at a path with /app/ in it, as in the image), its COPY lines
// copied from the build context (minus .dockerignore) or from an earlier stage, its ARG
// defaults set, and its RUN steps run there with /bin/sh -c. A step that needs a file its
// stage does not copy fails here as it would in `docker build`.
// The one step left to the machine is the system packages' install (apt, the network): .ci/run
// installs them with the same script, so it runs only where they are missing.
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { chmod, chown, cp, mkdir, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { childResult } from "./child-output";
import { type DockerStage, parseDockerfile } from "./dockerfile";

const PROJECT_DIR = path.resolve(fileURLToPath(new URL("../..", import.meta.url)));
/** The system packages' step, and what it installs (scripts/image/add-system-packages.sh). */
const SYSTEM_PACKAGES_STEP = /add-system-packages\.sh$/;
const SYSTEM_PACKAGE_FILES = [
  "/usr/bin/tini",
  "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf",
];

export interface StepRun {
  stage: string;
  script: string;
  code: number | null;
  output: string;
}

export interface BuiltImage {
  /** A stage's WORKDIR (its last), as a folder of this machine. */
  workdir(stage: string): string;
  /** Every RUN step, in order, with what it printed. */
  runs: StepRun[];
  remove(): Promise<void>;
}

/** The names .dockerignore leaves out, as patterns on a path of the build context. */
function ignoredBy(dockerignore: string): (relative: string) => boolean {
  const patterns = dockerignore
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => {
      const source = line.replace(/^\/+|\/+$/g, "").replace(/[.+^${}()|[\]\\]/g, "\\$&");
      return new RegExp(`^${source.replaceAll("*", "[^/]*").replaceAll("?", "[^/]")}(/|$)`);
    });
  return (relative) => patterns.some((pattern) => pattern.test(relative));
}

async function copyFromContext(source: string, target: string, ignored: (p: string) => boolean) {
  const from = path.resolve(PROJECT_DIR, source);
  await cp(from, target, {
    recursive: true,
    filter: (file) => {
      const relative = path.relative(PROJECT_DIR, file).split(path.sep).join("/");
      return relative === "" || !ignored(relative);
    },
  });
}

/** Docker's COPY: into `destination/` a source keeps its name, a folder's contents merge. */
async function copyStep(
  sources: string[],
  destination: string,
  copyOne: (source: string, target: string) => Promise<void>,
  workdir: string,
  root: string,
) {
  const resolved = path.isAbsolute(destination)
    ? path.join(root, destination)
    : path.resolve(workdir, destination);
  for (const source of sources) {
    const intoFolder = destination.endsWith("/") || sources.length > 1 || source === ".";
    const target =
      intoFolder && source !== "." ? path.join(resolved, path.basename(source)) : resolved;
    await mkdir(path.dirname(target), { recursive: true });
    await copyOne(source, target);
  }
}

async function chownTree(dir: string, owner: string) {
  const [uid, gid] = owner.split(":").map(Number);
  if (uid === undefined || Number.isNaN(uid)) throw new Error(`--chown=${owner}: not numeric`);
  const group = gid ?? uid;
  await chown(dir, uid, group);
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    await chown(path.join(entry.parentPath, entry.name), uid, group);
  }
}

function systemPackagesInstalled(): boolean {
  return SYSTEM_PACKAGE_FILES.every((file) => existsSync(file));
}

/**
 * Builds `stages` of the Dockerfile in order (each needs the stages it names built before it).
 * `buildArgs` are the `--build-arg`s; `env` is the environment of every RUN step.
 */
export async function buildImageStages(options: {
  stages: string[];
  buildArgs?: Record<string, string>;
  env: NodeJS.ProcessEnv;
}): Promise<BuiltImage> {
  if (process.getuid?.() !== 0) {
    throw new Error("the image's stages are built as root, as docker build runs them");
  }
  const dockerfile = parseDockerfile(readFileSync(path.join(PROJECT_DIR, "Dockerfile"), "utf8"));
  const ignored = ignoredBy(readFileSync(path.join(PROJECT_DIR, ".dockerignore"), "utf8"));
  const top = await mkdtemp(path.join(tmpdir(), "image-build-"));
  // As an image's /: a user the image runs as can reach its WORKDIR.
  await chmod(top, 0o755);
  const roots = new Map<string, string>();
  const workdirs = new Map<string, string>();
  const runs: StepRun[] = [];
  const stageNamed = (name: string): DockerStage => {
    const stage = dockerfile.find((candidate) => candidate.name === name);
    if (!stage) throw new Error(`the Dockerfile has no stage ${name}`);
    return stage;
  };
  // A stage FROM another continues in its folder when nothing else reads that stage again.
  const readLater = (parent: string, after: number) =>
    options.stages
      .slice(after + 1)
      .some((name) =>
        stageNamed(name).steps.some((s) => s.kind === "copy" && s.fromStage === parent),
      );

  for (const [index, name] of options.stages.entries()) {
    const stage = stageNamed(name);
    let root: string;
    const parentRoot = roots.get(stage.from);
    if (parentRoot && !readLater(stage.from, index)) {
      root = parentRoot;
    } else if (parentRoot) {
      root = path.join(top, name);
      await cp(parentRoot, root, { recursive: true, verbatimSymlinks: true });
    } else {
      root = path.join(top, name);
      await mkdir(root);
    }
    roots.set(name, root);
    // The parent's WORKDIR, at the same place in this stage's folder.
    const parentWorkdir = workdirs.get(stage.from);
    let workdir =
      parentRoot && parentWorkdir
        ? path.join(root, path.relative(parentRoot, parentWorkdir))
        : root;
    const args: Record<string, string> = {};
    for (const step of stage.steps) {
      if (step.kind === "workdir") {
        workdir = path.join(root, step.path);
        await mkdir(workdir, { recursive: true });
      } else if (step.kind === "arg") {
        args[step.name] = options.buildArgs?.[step.name] ?? step.default ?? "";
      } else if (step.kind === "copy") {
        const fromRoot = step.fromStage ? roots.get(step.fromStage) : undefined;
        if (step.fromStage && !fromRoot)
          throw new Error(`${name} copies from ${step.fromStage}, not built`);
        await copyStep(
          step.sources,
          step.destination,
          (source, target) =>
            fromRoot
              ? cp(path.join(fromRoot, source), target, { recursive: true, verbatimSymlinks: true })
              : copyFromContext(source, target, ignored),
          workdir,
          root,
        );
        if (step.chown) {
          const resolved = path.isAbsolute(step.destination)
            ? path.join(root, step.destination)
            : path.resolve(workdir, step.destination);
          await chownTree(resolved, step.chown);
        }
      } else if (SYSTEM_PACKAGES_STEP.test(step.script) && systemPackagesInstalled()) {
        runs.push({ stage: name, script: step.script, code: 0, output: "(installed already)" });
      } else {
        const script = SYSTEM_PACKAGES_STEP.test(step.script)
          ? path.join(PROJECT_DIR, "scripts/image/add-system-packages.sh")
          : step.script;
        const ran = await childResult(
          spawn("/bin/sh", ["-c", script], {
            cwd: workdir,
            env: { ...options.env, ...args },
            stdio: ["ignore", "pipe", "pipe"],
          }),
        );
        runs.push({ stage: name, script: step.script, ...ran });
        if (ran.code !== 0) {
          throw new Error(
            `${name}: RUN ${step.script} exited ${ran.code}:\n${ran.output.slice(-3000)}`,
          );
        }
      }
    }
    workdirs.set(name, workdir);
  }
  return {
    workdir: (stage) => {
      const dir = workdirs.get(stage);
      if (!dir) throw new Error(`stage ${stage} was not built`);
      return dir;
    },
    runs,
    remove: () => rm(top, { recursive: true, force: true }),
  };
}
