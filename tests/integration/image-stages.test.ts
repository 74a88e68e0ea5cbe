// The Dockerfile's dependency stages, run without Docker on exactly what each stage copies:
// its COPY lines (from the build context) are copied into an empty folder standing for the
// stage's WORKDIR, then its RUN steps run there as the stage runs them (`/bin/sh -c`). A step
// that needs a file the stage does not copy fails here as it would in `docker build`.
// (tests/integration/image-scripts.test.ts runs the build and the start on a full checkout.)
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { cp, mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { childResult } from "../support/child-output";
import { parseDockerfile } from "../support/dockerfile";

const PROJECT_DIR = path.resolve(fileURLToPath(new URL("../..", import.meta.url)));
const INSTALL_TIMEOUT_MS = 10 * 60_000;
/** The stages built from the base image alone, whose steps need only what they copy. */
const DEPENDENCY_STAGES = ["deps", "runtime-deps"];

const folders: string[] = [];
afterAll(async () => {
  await Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true })));
});

function runShell(script: string, cwd: string): Promise<{ code: number | null; output: string }> {
  return childResult(
    spawn("/bin/sh", ["-c", script], {
      cwd,
      // The npm cache of this machine serves the packages when it has them.
      env: { ...process.env, npm_config_prefer_offline: "true" },
      stdio: ["ignore", "pipe", "pipe"],
    }),
  );
}

const BASE_IMAGE = "$" + "{NODE_IMAGE}";

describe("the Dockerfile's dependency stages", () => {
  const stages = parseDockerfile(readFileSync(path.join(PROJECT_DIR, "Dockerfile"), "utf8"));

  it("are found, each from the base image, copying from the build context", () => {
    for (const name of DEPENDENCY_STAGES) {
      const stage = stages.find((candidate) => candidate.name === name);
      expect(stage, name).toBeDefined();
      expect(stage?.from, name).toBe(BASE_IMAGE);
      expect(
        stage?.steps.some((step) => step.kind === "run"),
        name,
      ).toBe(true);
    }
  });

  for (const name of DEPENDENCY_STAGES) {
    it(
      `${name}: its RUN steps succeed on exactly the files it copies`,
      async () => {
        const stage = stages.find((candidate) => candidate.name === name);
        if (!stage) throw new Error(`no stage ${name}`);
        const root = await mkdtemp(path.join(tmpdir(), `image-stage-${name}-`));
        folders.push(root);
        let workdir = root;
        for (const step of stage.steps) {
          if (step.kind === "workdir") {
            workdir = path.join(root, step.path);
            await mkdir(workdir, { recursive: true });
          } else if (step.kind === "copy") {
            expect(step.fromStage, `${name} copies only from the build context`).toBeUndefined();
            const destination = path.resolve(workdir, step.destination);
            for (const source of step.sources) {
              const target = step.destination.endsWith("/")
                ? path.join(destination, path.basename(source))
                : destination;
              await mkdir(path.dirname(target), { recursive: true });
              await cp(path.join(PROJECT_DIR, source), target, { recursive: true });
            }
          } else {
            const ran = await runShell(step.script, workdir);
            expect(ran.code, `RUN ${step.script}\n${ran.output.slice(-3000)}`).toBe(0);
          }
        }
      },
      INSTALL_TIMEOUT_MS,
    );
  }
});
