// CSP benchmark (`npm run bench -- csp`): requests per second of prerendered pages without the
// hash policy (the commit before it, copied out of git, over a copy of the build with a stub
// for its renders) and with it (this tree, as `npm start` runs it), wrk on loopback. Rounds
// interleave the two servers, alternating which goes first, so a busy machine weighs on both
// alike; each figure is the median of its rounds. The server's own CPU time per request (from
// /proc) moves less than throughput when other work shares the machine. Settings:
// CSP_BENCH_ROUNDS (3), CSP_BENCH_SECONDS (4), CSP_BENCH_BASELINE (a git revision; default
// the parent of the commit that added the policy), WRK (default /usr/bin/wrk).
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, mkdtemp, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { parseEnv } from "../../app/config/env.server";
import { freePort } from "../../tests/support/free-port";
import { buildSite } from "../build";
import { SITE_START_ARGS, startSiteProcess } from "../site-process";
import { median, requireWrk, runWrk } from "./wrk";

const run = promisify(execFile);
const PROJECT_DIR = path.resolve(fileURLToPath(new URL("../..", import.meta.url)));
const BUILD_DIR = path.join(PROJECT_DIR, "build");
const SERVER_SCRIPT = path.join(PROJECT_DIR, "scripts/bench/csp-bench-server.ts");
const ROUNDS = Math.max(1, Number(process.env.CSP_BENCH_ROUNDS ?? 3) || 3);
const SECONDS = Math.max(1, Number(process.env.CSP_BENCH_SECONDS ?? 4) || 4);
/** wrk: one thread (the 2-core machine: one core for the server, one for wrk), 32 connections. */
const WRK_CONNECTIONS = 32;
const PAGES = ["/", "/about"] as const;
const ENCODINGS = ["identity", "br"] as const;

const progress = (line: string) => console.error(`csp bench: ${line}`);

async function git(...args: string[]): Promise<string> {
  const { stdout } = await run("git", args, { cwd: PROJECT_DIR, maxBuffer: 64 * 1024 * 1024 });
  return stdout.trim();
}

/** The revision without the hash policy: the parent of the commit that introduced it. */
async function baselineRevision(): Promise<string> {
  if (process.env.CSP_BENCH_BASELINE) return git("rev-parse", process.env.CSP_BENCH_BASELINE);
  const added = await git(
    "log",
    "--diff-filter=A",
    "--format=%H",
    "--",
    "server/content-security-policy.ts",
  );
  const first = added.split("\n").at(-1);
  if (!first) throw new Error("server/content-security-policy.ts is not in the history");
  return git("rev-parse", `${first}^`);
}

/** The source tree of `revision` (no content, no public files) with our node_modules. */
async function checkout(revision: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "csp-bench-baseline-"));
  await new Promise<void>((resolve, reject) => {
    const archive = spawn("git", ["archive", revision, "--", ".", ":!content", ":!public"], {
      cwd: PROJECT_DIR,
      stdio: ["ignore", "pipe", "inherit"],
    });
    const tar = spawn("tar", ["-x", "-C", dir], { stdio: ["pipe", "inherit", "inherit"] });
    archive.stdout.pipe(tar.stdin);
    tar.once("error", reject);
    tar.once("close", (code) => (code === 0 ? resolve() : reject(new Error(`tar: ${code}`))));
  });
  await symlink(path.join(PROJECT_DIR, "node_modules"), path.join(dir, "node_modules"), "dir");
  return dir;
}

interface BenchServer {
  url: string;
  /** The server's process, whose CPU time is measured. */
  pid: number | undefined;
  stop(): Promise<void>;
}

/** The heap settings `npm start` runs with: the older server gets the same. */
const NODE_HEAP_ARGS = SITE_START_ARGS.filter((arg) => arg.startsWith("--"));

/** A private copy of the build's client files: a rebuild meanwhile cannot disturb the run. */
async function copyBuild(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "csp-bench-build-"));
  await cp(path.join(BUILD_DIR, "client"), path.join(dir, "client"), { recursive: true });
  await cp(path.join(BUILD_DIR, "prerendered.json"), path.join(dir, "prerendered.json"));
  return dir;
}

/** The server of an older tree, over `buildDir` (scripts/bench/csp-bench-server.ts). */
async function startBaseline(root: string, buildDir: string): Promise<BenchServer> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [...NODE_HEAP_ARGS, "--import", "tsx", SERVER_SCRIPT, root, buildDir, String(port)],
    {
      cwd: PROJECT_DIR,
      env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "info" },
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await new Promise<void>((resolve, reject) => {
    let output = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("ready\n")) resolve();
    });
    void exited.then(() => reject(new Error(`bench server exited:\n${output}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    async stop() {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** This tree's server, as `npm start` runs it (a build first when build/ is stale). */
async function startThisTree(logFile: string): Promise<BenchServer> {
  const site = await startSiteProcess({ logFile, env: { LOG_LEVEL: "info" } });
  return { url: site.url, pid: site.child.pid, stop: site.stop };
}

interface Measurement {
  rps: number;
  cpuMicrosPerRequest: number;
}

async function wrk(
  server: BenchServer,
  page: string,
  encoding: string,
  seconds: number,
): Promise<Measurement> {
  const measured = await runWrk({
    url: `${server.url}${page}`,
    seconds,
    connections: WRK_CONNECTIONS,
    headers: encoding === "identity" ? {} : { "Accept-Encoding": encoding },
    pid: server.pid,
  });
  return { rps: measured.rps, cpuMicrosPerRequest: measured.cpuMicrosPerRequest ?? 0 };
}

export async function runCspBench(): Promise<Record<string, unknown>> {
  requireWrk();
  if (!existsSync(path.join(BUILD_DIR, "prerendered.json"))) {
    progress("no build: building first");
    await buildSite({ env: parseEnv(process.env), projectDir: PROJECT_DIR });
  }
  const baseline = await baselineRevision();
  const baselineDir = await checkout(baseline);
  const logDir = await mkdtemp(path.join(tmpdir(), "csp-bench-log-"));
  let buildDir: string | undefined;
  const servers: Record<"before" | "after", BenchServer | undefined> = {
    before: undefined,
    after: undefined,
  };
  try {
    // This tree first: its start brings build/ up to date, which the older server's copy
    // is then made from.
    servers.after = await startThisTree(path.join(logDir, "site.log"));
    buildDir = await copyBuild();
    servers.before = await startBaseline(baselineDir, buildDir);
    const csp = async (server: BenchServer) =>
      (await fetch(`${server.url}/about`)).headers.get("content-security-policy") ?? "";
    const policies = { before: await csp(servers.before), after: await csp(servers.after) };
    // Measuring the right servers: only the new one names script hashes.
    if (policies.before.includes("'sha256-") || !policies.after.includes("'sha256-")) {
      throw new Error(`unexpected policies: ${JSON.stringify(policies)}`);
    }
    const samples: Record<string, { before: Measurement[]; after: Measurement[] }> = {};
    for (const page of PAGES) {
      for (const encoding of ENCODINGS) {
        samples[`${page} ${encoding}`] = { before: [], after: [] };
        // Warm-up: files read, representations (and their hashes) made, JIT settled.
        for (const server of [servers.before, servers.after]) {
          await wrk(server, page, encoding, 1);
        }
      }
    }
    for (let round = 0; round < ROUNDS; round++) {
      progress(`round ${round + 1} of ${ROUNDS}`);
      const order =
        round % 2 === 0 ? (["before", "after"] as const) : (["after", "before"] as const);
      for (const page of PAGES) {
        for (const encoding of ENCODINGS) {
          for (const which of order) {
            const server = servers[which] as BenchServer;
            samples[`${page} ${encoding}`]?.[which].push(
              await wrk(server, page, encoding, SECONDS),
            );
          }
        }
      }
    }
    const figures = Object.fromEntries(
      Object.entries(samples).map(([name, { before, after }]) => {
        const rps = {
          before: median(before.map((m) => m.rps)),
          after: median(after.map((m) => m.rps)),
        };
        const cpu = {
          before: median(before.map((m) => m.cpuMicrosPerRequest)),
          after: median(after.map((m) => m.cpuMicrosPerRequest)),
        };
        return [
          name,
          {
            beforeRps: Math.round(rps.before),
            afterRps: Math.round(rps.after),
            afterOverBefore: Math.round((rps.after / rps.before) * 1000) / 1000,
            cpuMicrosPerRequest: {
              before: Math.round(cpu.before * 10) / 10,
              after: Math.round(cpu.after * 10) / 10,
            },
            roundsRps: {
              before: before.map((m) => Math.round(m.rps)),
              after: after.map((m) => Math.round(m.rps)),
            },
          },
        ];
      }),
    );
    return {
      tool: `wrk -t1 -c${WRK_CONNECTIONS} -d${SECONDS}s, loopback, keep-alive`,
      rounds: ROUNDS,
      baseline: baseline.slice(0, 12),
      headerBytes: {
        before: Buffer.byteLength(policies.before),
        after: Buffer.byteLength(policies.after),
      },
      figures,
    };
  } finally {
    await servers.before?.stop();
    await servers.after?.stop();
    await rm(baselineDir, { recursive: true, force: true });
    if (buildDir) await rm(buildDir, { recursive: true, force: true });
    await rm(logDir, { recursive: true, force: true });
  }
}
