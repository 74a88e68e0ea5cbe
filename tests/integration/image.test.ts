// The production image, built without Docker stage by stage as the Dockerfile says
// (tests/support/image-build.ts): the dependency stages on exactly the files they copy, the
// build in the image's WORKDIR (a folder named app, as /app is), then the runtime stage put
// together from them. Its server, started as the image's CMD starts it (under tini when this
// machine has it, as the image's ENTRYPOINT does), must answer /readyz and its HEALTHCHECK,
// and on SIGTERM stop accepting, let a request in flight finish and exit 0. Its node_modules
// is the image's (`--omit=dev`): what the server loads must be a dependency. Started again
// read-only as a user that owns nothing of it, it serves and writes nothing into itself: a
// read-only root filesystem works, with only DATA_DIR and CONTENT_CACHE_DIR writable, and
// build/ the copy an init container made into a volume of root's (as an emptyDir is) with
// scripts/image/copy-build.sh, where `cp -a` fails.
// That build is also the suite's check of what the real build pipeline prints (embedded
// content service, React Router's and Vite's config loading, client and server builds): a
// deprecation or "unsupported" notice from Vite, Rolldown or React Router fails it, so a
// dependency upgrade or a config change that brings one back is seen at once. It is the one
// test that must build rather than copy the shared build: the build is what it checks.
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { chmod, chown, lstat, mkdir, mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SITE_START_ARGS } from "../../scripts/site-process";
import { childResult, watchChild } from "../support/child-output";
import { type BuiltImage, buildImageStages } from "../support/image-build";
import { pollUntil } from "../support/poll";

/** Two installs and the build. */
const BUILD_TIMEOUT_MS = 15 * 60_000;
/** A line the build must never print (after the "[build] " prefix of a build step's output). */
const FAULT_LIKE_LINE = [
  /deprecat/i,
  /unsupported/i,
  // Rolldown's notice for a code-splitting group it cannot name in its timing report.
  /debugName/,
  // Vite's and Rolldown's prefix of a warning about the configuration.
  /^(\[\w+\] )?\s*\(!\)/,
];
const START_TIMEOUT_MS = 2 * 60_000;
const TINI = "/usr/bin/tini";
/** The image's user (Dockerfile USER); as root the read-only start runs as it. */
const IMAGE_UID = 1000;
const AS_ROOT = process.getuid?.() === 0;
/** setpriv's arguments that make a command run as the image's user (root only). */
const AS_IMAGE_USER = [`--reuid=${IMAGE_UID}`, `--regid=${IMAGE_UID}`, "--clear-groups"];

let image: BuiltImage;
/** The runtime stage's WORKDIR: the image's /app. */
let imageDir = "";
let buildOutput = "";

function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; output: string }> {
  return childResult(
    spawn(command, args, { cwd: imageDir, env, stdio: ["ignore", "pipe", "pipe"] }),
  );
}

/** This process's variables without a configured CMS (the image's default build). */
function imageEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(env)) {
    if (name.startsWith("BCMS_") || name === "BUILD_ID" || name === "NODE_ENV") delete env[name];
  }
  // Other servers of the suite run beside it: no fixed metrics port to collide on.
  return { ...env, SITE_ORIGIN: "https://id5.io", METRICS_PORT: "0", ...extra };
}

/** The port of the server's "site listening" line, once written (it is started on PORT=0). */
function listeningPort(output: string): number | undefined {
  const url = /"msg":"site listening".*?"url":"(http:\/\/[^"]+)"/.exec(output)?.[1];
  return url ? Number(new URL(url).port) : undefined;
}

/** Resolves with the server's port once it said where it listens and its /readyz answers 200. */
function untilReady(child: ChildProcess, output: () => string): Promise<number> {
  let port: number | undefined;
  return pollUntil(
    () => `the server to say ready (port ${port ?? "not told"}):\n${output().slice(-3000)}`,
    async () => {
      if (child.exitCode !== null) {
        throw new Error(`the server exited (${child.exitCode}):\n${output().slice(-3000)}`);
      }
      port ??= listeningPort(output());
      if (port === undefined) return undefined;
      const status = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        async (response) => {
          await response.body?.cancel();
          return response.status;
        },
        () => 0,
      );
      return status === 200 && port;
    },
    { timeoutMs: START_TIMEOUT_MS },
  );
}

/** Resolves once nothing accepts connections on the port any more. */
function refusesConnections(port: number): Promise<boolean> {
  return pollUntil(
    `port ${port} to refuse connections`,
    () =>
      new Promise<boolean>((resolve) => {
        const socket = connect(port, "127.0.0.1");
        socket.once("connect", () => {
          socket.destroy();
          resolve(false);
        });
        socket.once("error", () => resolve(true));
      }),
    { timeoutMs: START_TIMEOUT_MS, intervalMs: 50 },
  );
}

/** The one child process of `pid` (Linux: /proc). */
async function onlyChildOf(pid: number): Promise<number> {
  const children = (await readFile(`/proc/${pid}/task/${pid}/children`, "utf8")).trim().split(" ");
  expect(children).toHaveLength(1);
  return Number(children[0]);
}

/** A process's arguments as it was started (Linux: /proc). */
async function commandLine(pid: number): Promise<string[]> {
  return (await readFile(`/proc/${pid}/cmdline`, "utf8")).split("\0").filter(Boolean);
}

/** The package names a bundle imports (bare specifiers, not node: built-ins). */
function importedPackages(code: string): Set<string> {
  const names = new Set<string>();
  // Minified or not: `import{a as b}from"x"`, `import x from "x"`, `export * from "x"`.
  const statics = code.matchAll(
    /(?:^|[;\s}])(?:import|export)\s*(?:[^"';()]*?from\s*)?["']([^"']+)["']/gm,
  );
  const dynamics = code.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g);
  for (const match of [...statics, ...dynamics]) {
    const specifier = match[1] ?? "";
    if (specifier.startsWith("node:") || specifier.startsWith(".") || specifier.startsWith("/")) {
      continue;
    }
    const parts = specifier.split("/");
    names.add(specifier.startsWith("@") ? `${parts[0]}/${parts[1]}` : (parts[0] ?? ""));
  }
  return names;
}

/**
 * Every file and folder below `dir` (not following links) with its size and modification
 * time: a folder's changes when anything is created or removed in it.
 */
async function fileStates(dir: string): Promise<Map<string, string>> {
  const states = new Map<string, string>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (file.split(path.sep).includes("node_modules")) continue;
    const info = await stat(file);
    states.set(path.relative(dir, file), `${info.size} ${info.mtimeMs}`);
  }
  return states;
}

/**
 * Every entry below `dir` with its type, mode, size, modification time and, for a file, a
 * hash of its bytes: two trees alike in this are the same build to the server.
 */
async function treeStates(dir: string): Promise<Map<string, string>> {
  const states = new Map<string, string>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    const info = await lstat(file);
    const bytes = entry.isFile()
      ? createHash("sha256")
          .update(await readFile(file))
          .digest("hex")
      : "";
    states.set(
      path.relative(dir, file),
      `${entry.isDirectory() ? "dir" : "file"} ${(info.mode & 0o7777).toString(8)} ${info.size} ${info.mtimeMs} ${bytes}`,
    );
  }
  return states;
}

/** A folder as Kubernetes makes an emptyDir: root's, mode 0777, empty. */
async function rootOwnedVolume(): Promise<string> {
  const volume = await mkdtemp(path.join(tmpdir(), "image-scripts-volume-"));
  await chmod(volume, 0o777);
  return volume;
}

/** The init container: copy-build.sh as the image's user into a fresh root-owned volume. */
async function initContainerCopy(env: NodeJS.ProcessEnv): Promise<string> {
  const volume = await rootOwnedVolume();
  const copied = await run(
    "setpriv",
    [...AS_IMAGE_USER, "scripts/image/copy-build.sh", volume],
    env,
  );
  if (copied.code !== 0) throw new Error(`copy-build.sh failed:\n${copied.output}`);
  return volume;
}

beforeAll(async () => {
  image = await buildImageStages({
    stages: ["deps", "runtime-deps", "build", "runtime"],
    // The npm cache of this machine serves the packages when it has them.
    env: imageEnv({ npm_config_prefer_offline: "true" }),
  });
  imageDir = image.workdir("runtime");
  buildOutput = image.runs.find((step) => /build\.sh/.test(step.script))?.output ?? "";
}, BUILD_TIMEOUT_MS);

afterAll(async () => {
  await image?.remove();
});

describe("the image", () => {
  it("builds the site from the snapshot in /app, with its stamp and content records", async () => {
    expect(image.workdir("build")).toMatch(/[\\/]app$/);
    expect(buildOutput).toMatch(/image build: done \(\w+\)/);
    for (const file of [".stamp.json", "content-versions.json", "content-tags.json"]) {
      expect(existsSync(path.join(imageDir, "build", file)), file).toBe(true);
    }
  });

  it("builds without a deprecation, unsupported or configuration notice", () => {
    const lines = buildOutput.split("\n");
    // The check reads real output: the client and server builds both ran and reported.
    expect(lines.some((line) => /building client environment/.test(line))).toBe(true);
    expect(lines.some((line) => /building ssr environment/.test(line))).toBe(true);
    expect(lines.filter((line) => FAULT_LIKE_LINE.some((pattern) => pattern.test(line)))).toEqual(
      [],
    );
  });

  it(
    "serves as npm start does, answer /readyz, and on SIGTERM drain the request in flight and exit 0",
    async () => {
      // Port 0: the server binds a free port and says which, so no other process takes it first.
      const env = imageEnv({ PORT: "0", HOST: "127.0.0.1", CONTENT_PORT: "0", LOG_LEVEL: "info" });
      // As the image's ENTRYPOINT and CMD: tini, then the start script (which execs node).
      const underTini = existsSync(TINI);
      const child = underTini
        ? spawn(TINI, ["--", "scripts/image/start.sh"], { cwd: imageDir, env, stdio: "pipe" })
        : spawn("scripts/image/start.sh", [], { cwd: imageDir, env, stdio: "pipe" });
      const { output, exited } = watchChild(child);
      try {
        const port = await untilReady(child, output);
        const url = `http://127.0.0.1:${port}`;
        // As the image sets PORT for both the server and its HEALTHCHECK.
        const checkEnv = { ...env, PORT: String(port) };
        // The process serving is node with npm start's arguments, and nothing between it and
        // the init: start.sh replaced itself with it.
        const server = underTini ? await onlyChildOf(child.pid as number) : (child.pid as number);
        expect(await commandLine(server)).toEqual(["node", ...SITE_START_ARGS]);
        const home = await fetch(`${url}/`);
        expect(home.status).toBe(200);
        expect(await home.text()).toContain("<html");
        // The image's HEALTHCHECK, as Docker runs it beside the server.
        expect((await run("node", ["scripts/image/healthcheck.mjs"], checkEnv)).code).toBe(0);

        // A request in flight: its body is not all sent, so the server cannot answer yet. It
        // asks to continue, so the server's "100 Continue" says the request reached its handler.
        const body = JSON.stringify({ "csp-report": { "violated-directive": "script-src" } });
        const inFlight = connect(port, "127.0.0.1");
        await new Promise<void>((resolve) => inFlight.once("connect", () => resolve()));
        let answer = "";
        let continued = () => {};
        const mayContinue = new Promise<void>((resolve) => {
          continued = resolve;
        });
        inFlight.on("data", (chunk) => {
          answer += chunk;
          if (answer.includes("100 Continue")) continued();
        });
        const answered = new Promise<void>((resolve) => inFlight.once("end", () => resolve()));
        inFlight.write(
          `POST /csp-report HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/csp-report\r\nContent-Length: ${body.length}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
        );
        await mayContinue;

        child.kill("SIGTERM");
        await refusesConnections(port);
        expect(child.exitCode).toBeNull();
        inFlight.end(body.slice(10));
        await answered;
        expect(answer).toMatch(/\r\n\r\nHTTP\/1\.1 (204|400) /);
        expect(await exited).toBe(0);
        expect(output()).toMatch(/SIGTERM: shutting down/);
        const unhealthy = await run("node", ["scripts/image/healthcheck.mjs"], checkEnv);
        expect(unhealthy.code).toBe(1);
        expect(unhealthy.output).toMatch(/healthcheck: /);
      } finally {
        if (child.exitCode === null) child.kill("SIGKILL");
        await exited;
      }
    },
    START_TIMEOUT_MS * 2,
  );

  it.runIf(AS_ROOT)(
    "copies the build as the init container does, as the image's user into a volume of root's: whole, with modes and times (where cp -a fails)",
    async () => {
      // As in the image, where the project is readable by all (and build/ is the user's).
      await promisify(execFile)("chmod", ["-R", "a+rX", imageDir]);
      const env = imageEnv();
      const volume = await rootOwnedVolume();
      try {
        // The command the guide gave: it copies, then fails on the volume's own folder.
        const old = await run(
          "setpriv",
          [...AS_IMAGE_USER, "cp", "-a", "build/.", `${volume}/`],
          env,
        );
        expect(old.code).toBe(1);
        expect(old.output).toMatch(/preserving times for '.*\/\.': Operation not permitted/);
        const copied = await run(
          "setpriv",
          [...AS_IMAGE_USER, "scripts/image/copy-build.sh", volume],
          env,
        );
        expect(copied.code, copied.output).toBe(0);
        expect(copied.output).toMatch(/copy-build: .* copied into /);
        expect(await treeStates(volume)).toEqual(await treeStates(path.join(imageDir, "build")));
        // The volume's folder is as the platform made it.
        const folder = await stat(volume);
        expect([folder.uid, folder.mode & 0o777]).toEqual([0, 0o777]);
        // Run again on the same volume (the pod started again): what an earlier run wrote goes.
        await mkdir(path.join(volume, "client", "written-by-an-earlier-run"));
        const again = await run(
          "setpriv",
          [...AS_IMAGE_USER, "scripts/image/copy-build.sh", volume],
          env,
        );
        expect(again.code, again.output).toBe(0);
        expect(await treeStates(volume)).toEqual(await treeStates(path.join(imageDir, "build")));
      } finally {
        await rm(volume, { recursive: true, force: true });
      }
    },
  );

  it(
    "starts read-only as a user owning none of it, build/ the init container's copy, serves, and writes nothing into itself",
    async () => {
      const writable = await mkdtemp(path.join(tmpdir(), "image-scripts-writable-"));
      const asRoot = AS_ROOT;
      let volume: string | undefined;
      try {
        for (const dir of ["data", "cache"]) await mkdir(path.join(writable, dir));
        const before = await fileStates(imageDir);
        await promisify(execFile)("chmod", ["-R", "a-w,a+rX", imageDir]);
        if (asRoot) {
          for (const dir of ["", "data", "cache"]) {
            await chown(path.join(writable, dir), IMAGE_UID, IMAGE_UID);
          }
        }
        const env = imageEnv({
          PORT: "0",
          HOST: "127.0.0.1",
          CONTENT_PORT: "0",
          LOG_LEVEL: "info",
          DATA_DIR: path.join(writable, "data"),
          CONTENT_CACHE_DIR: path.join(writable, "cache"),
        });
        // Root ignores permissions: the start runs as the image's user, as in the image, in
        // a mount namespace of its own where build/ is the init container's copy (a volume
        // mounted over the image's build/, as the pod mounts its emptyDir).
        volume = asRoot ? await initContainerCopy(env) : undefined;
        const child = volume
          ? spawn(
              "unshare",
              [
                "--mount",
                "--propagation",
                "private",
                "sh",
                "-c",
                'mount --bind "$1" "$2/build" && shift 2 && exec setpriv "$@"',
                "sh",
                volume,
                imageDir,
                ...AS_IMAGE_USER,
                "scripts/image/start.sh",
              ],
              { cwd: imageDir, env, stdio: "pipe" },
            )
          : spawn("scripts/image/start.sh", [], { cwd: imageDir, env, stdio: "pipe" });
        const { output, exited } = watchChild(child);
        try {
          const url = `http://127.0.0.1:${await untilReady(child, output)}`;
          if (volume) {
            // The server's build/ is the volume (/proc/PID/mountinfo: the mount point, 5th field).
            const mounts = await readFile(`/proc/${child.pid}/mountinfo`, "utf8");
            const points = mounts.split("\n").map((line) => line.split(" ")[4]);
            expect(points).toContain(path.join(imageDir, "build"));
          }
          for (const page of ["/", "/about"]) {
            const answer = await fetch(`${url}${page}`);
            expect(answer.status, page).toBe(200);
            await answer.body?.cancel();
          }
          child.kill("SIGTERM");
          expect(await exited, output().slice(-3000)).toBe(0);
        } finally {
          if (child.exitCode === null) child.kill("SIGKILL");
          await exited;
        }
        expect(output()).not.toMatch(/"level":"error"|EACCES|EROFS/);
        expect(await fileStates(imageDir)).toEqual(before);
        expect(await readdir(path.join(writable, "data"))).not.toEqual([]);
      } finally {
        await promisify(execFile)("chmod", ["-R", "u+w", imageDir]);
        await rm(writable, { recursive: true, force: true });
        if (volume) await rm(volume, { recursive: true, force: true });
      }
    },
    START_TIMEOUT_MS * 2,
  );

  it("loads at run time only dependencies, none of the development ones", async () => {
    const pkg = JSON.parse(await readFile(path.join(imageDir, "package.json"), "utf8")) as {
      dependencies: Record<string, string>;
    };
    const bundles = { "build/server.mjs": "hono", "build/server/index.js": "react-router" };
    for (const [bundle, known] of Object.entries(bundles)) {
      const imported = importedPackages(await readFile(path.join(imageDir, bundle), "utf8"));
      expect([...imported], bundle).toContain(known);
      const outside = [...imported].filter((name) => !(name in pkg.dependencies));
      expect(outside, bundle).toEqual([]);
    }
  });
});
