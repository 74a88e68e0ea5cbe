// Every prerendered page of the real build is valid HTML by the Nu HTML Checker (the W3C
// validator's engine, from the vnu-jar package), heading levels included: a page that skips
// one (an h3 right under the h1) fails here. The checker's information notes (the trailing
// slash React writes on void elements) are not errors and are left out.
// It needs Java 11 or later: Debian's default-jre-headless (.ci/run installs it). The jar is
// run with the system's java directly; vnu-jar's own launcher would download a Java runtime.
import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { beforeAll, expect, it } from "vitest";
import { PRERENDER_MANIFEST_FILE, type PrerenderManifest } from "../../server/serving/prerendered";
import { SITE_BUILD_TIMEOUT_MS } from "../support/build-settings";
import { ensureSiteBuild, SITE_BUILD_DIR } from "../support/site-build";

const VNU_JAR = path.join(
  path.dirname(createRequire(import.meta.url).resolve("vnu-jar/package.json")),
  "build/dist/vnu.jar",
);
/** Files per checker run: one run for today's site, a bounded command line for a larger one. */
const FILES_PER_RUN = 500;
/** The checker over a few hundred pages, JVM start included. */
const CHECK_TIMEOUT_MS = 3 * 60_000;

interface CheckerMessage {
  type: "error" | "info" | "non-document-error";
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/** The checker's messages about `files` (JSON on its standard error, whatever it found). */
function runChecker(files: string[]): Promise<CheckerMessage[]> {
  return new Promise((resolve, reject) => {
    execFile(
      "java",
      ["-jar", VNU_JAR, "--format", "json", "--errors-only", ...files],
      { maxBuffer: 64 * 1024 * 1024 },
      (error, _stdout, stderr) => {
        if ((error as NodeJS.ErrnoException | null)?.code === "ENOENT") {
          reject(
            new Error(
              "java was not found: the Nu HTML Checker needs Java 11 or later " +
                "(Debian: apt-get install default-jre-headless)",
            ),
          );
          return;
        }
        try {
          resolve((JSON.parse(stderr) as { messages: CheckerMessage[] }).messages);
        } catch {
          reject(new Error(`the checker's output is not its JSON report:\n${stderr || error}`));
        }
      },
    );
  });
}

let pages: string[];

beforeAll(async () => {
  await ensureSiteBuild();
  const manifest = JSON.parse(
    await readFile(path.join(SITE_BUILD_DIR, PRERENDER_MANIFEST_FILE), "utf8"),
  ) as PrerenderManifest;
  pages = manifest.files
    .filter((file) => file.endsWith(".html"))
    .map((file) => path.join(SITE_BUILD_DIR, "client", file));
  // Past the build's own deadline, so a build too slow fails with its message.
}, SITE_BUILD_TIMEOUT_MS + 60_000);

it(
  "the Nu HTML Checker finds no error on any prerendered page",
  async () => {
    // The real site: its home page, articles and listings are all there.
    expect(pages.length).toBeGreaterThan(50);
    const messages: CheckerMessage[] = [];
    for (let start = 0; start < pages.length; start += FILES_PER_RUN) {
      messages.push(...(await runChecker(pages.slice(start, start + FILES_PER_RUN))));
    }
    const clientDir = path.join(SITE_BUILD_DIR, "client");
    const errors = messages
      .filter((message) => message.type !== "info")
      .map((message) => {
        const file = message.url ? path.relative(clientDir, new URL(message.url).pathname) : "";
        return `${file}:${message.lastLine ?? "?"}: ${message.message} [${message.extract ?? ""}]`;
      });
    expect(errors).toEqual([]);
  },
  CHECK_TIMEOUT_MS,
);
