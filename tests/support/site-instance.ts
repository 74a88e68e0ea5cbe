// A project folder for one more instance of the site, as a deployment has one per machine:
// the sources linked from this project, its own copy of the build (an instance rewrites its
// prerendered pages as content changes), and `npm start`'s script copied (node resolves a
// linked entry to its real folder, which would make the instance use this project's build).
// The build is made once from the seed snapshot on the embedded content service; an
// instance reading that same snapshot through a content service of its own address is
// given a build stamp for that address, as a build made against it would have.
import { cp, mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseEnv } from "../../app/config/env.server";
import {
  type BuildStamp,
  hashBuildInputs,
  PROJECT_DIR,
  STAMP_FILE,
} from "../../server/running/build-stamp";
import { TEST_BUILD_SETTINGS } from "./build-settings";
import { pollUntil } from "./poll";
import { SITE_BUILD_DIR } from "./site-build";

/** Copied, not linked: each instance writes here or starts from here. */
const OWN = new Set(["build", "scripts", ".data", ".cache", ".git"]);

export interface InstanceProject {
  dir: string;
  /** What the instance starts with: the given variables over the shared build's settings. */
  env: Record<string, string>;
  remove(): Promise<void>;
}

/**
 * A project folder whose build counts as made for `given` (the variables the instance starts
 * with: the content service's address and identity) over the settings the shared build was
 * made with, which the build really holds. Call ensureSiteBuild first.
 */
export async function makeInstanceProject(given: Record<string, string>): Promise<InstanceProject> {
  const env: Record<string, string> = { ...TEST_BUILD_SETTINGS, ...given };
  const dir = await mkdtemp(path.join(tmpdir(), "site-instance-"));
  for (const name of await readdir(PROJECT_DIR)) {
    if (OWN.has(name)) continue;
    await symlink(path.join(PROJECT_DIR, name), path.join(dir, name));
  }
  await cp(path.join(PROJECT_DIR, "scripts"), path.join(dir, "scripts"), { recursive: true });
  // With the server's bundles when the shared build has them (any `npm start` on it made
  // them): a start finds them current (scripts/server-bundles.mjs) and bundles nothing.
  await cp(SITE_BUILD_DIR, path.join(dir, "build"), { recursive: true });
  const stampFile = path.join(dir, "build", STAMP_FILE);
  const stamp = JSON.parse(await readFile(stampFile, "utf8")) as BuildStamp;
  const settings = parseEnv(env);
  await writeFile(
    stampFile,
    JSON.stringify({
      ...stamp,
      inputsHash: await hashBuildInputs(dir, settings, settings.buildId),
    } satisfies BuildStamp),
  );
  return { dir, env, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** Resolves once the instance at `url` says it is ready (/readyz 200), asking every `pollMs`. */
export async function untilInstanceReady(
  url: string,
  timeoutMs: number,
  pollMs = 100,
): Promise<void> {
  let last = "no answer";
  await pollUntil(
    () => `${url} to say ready (last /readyz: ${last})`,
    () =>
      fetch(`${url}/readyz`).then(
        async (response) => {
          last = `${response.status} ${await response.text()}`;
          return response.status === 200;
        },
        () => false,
      ),
    { timeoutMs, intervalMs: pollMs },
  );
}
