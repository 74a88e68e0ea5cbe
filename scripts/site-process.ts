// The site as a child process (`npm start`'s entry, building when stale) on free loopback
// ports, for benchmarks and tests that need a real process: they can stop it gracefully,
// kill it outright, or start it again on the same data.
import { type ChildProcess, spawn } from "node:child_process";
import { closeSync, openSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULT_SITE_ORIGIN } from "../app/config/env.server";
import {
  freePort,
  PortTakenError,
  portTakenIn,
  retryOnPortTaken,
} from "../tests/support/free-port";

const PROJECT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** A build on 2 cores included: the default of SiteProcessOptions.startTimeoutMs. */
const START_TIMEOUT_MS = 10 * 60_000;

/**
 * The node arguments of `npm start` (package.json; a test holds the two together). The
 * heap is capped so the server's memory stays bounded under hostile traffic: V8 otherwise
 * grows its heap lazily far past what the site keeps (figures: decision 0011).
 */
export const SITE_START_ARGS = [
  "--max-old-space-size=256",
  "--max-semi-space-size=8",
  "scripts/start.mjs",
];

export interface SiteProcess {
  url: string;
  port: number;
  /** The metrics listener's port, when one was asked for (withMetrics). */
  metricsPort?: number;
  child: ChildProcess;
  /** SIGTERM (graceful), SIGKILL after 15 s. */
  stop(): Promise<void>;
  /** SIGKILL now: nothing gets to finish. */
  kill(): Promise<void>;
}

export interface SiteProcessOptions {
  /** Where the process's output goes. */
  logFile: string;
  /**
   * Variables over the current environment (PORT, CONTENT_PORT and HOST are set here;
   * METRICS_PORT is 0 unless given).
   */
  env?: Record<string, string>;
  /** Reuse a port (a restart on the same address). */
  port?: number;
  /**
   * How long the start may take before it fails with the log's tail (default 10 minutes, a
   * build included): a test starting a site on a current build gives less than its own timeout.
   */
  startTimeoutMs?: number;
  /** Open the metrics listener too, on a port picked with the others (SiteProcess.metricsPort). */
  withMetrics?: boolean;
  /** The project to run (its server/main.ts, its build/); default this one. */
  projectDir?: string;
}

export function startSiteProcess(options: SiteProcessOptions): Promise<SiteProcess> {
  // A port free a moment ago can be taken before the child binds it: the child then stops
  // with EADDRINUSE, and starts again on ports chosen anew (a port the caller named stays).
  return retryOnPortTaken(() => startOnce(options));
}

async function startOnce(options: SiteProcessOptions): Promise<SiteProcess> {
  const port = options.port ?? (await freePort());
  const logStart = await stat(options.logFile).then(
    (info) => info.size,
    () => 0,
  );
  const contentPort = await freePort();
  const metricsPort = options.withMetrics ? await freePort() : undefined;
  // The child writes its log file itself, as under a service manager: relaying a pipe
  // would cost this process CPU beside the server it measures.
  const out = openSync(options.logFile, "a");
  // `npm start`'s own command (one node process, so a kill reaches the server itself).
  const child = spawn(process.execPath, SITE_START_ARGS, {
    cwd: options.projectDir ?? PROJECT_DIR,
    env: {
      ...process.env,
      SITE_ORIGIN: process.env.SITE_ORIGIN ?? DEFAULT_SITE_ORIGIN,
      // Several instances run side by side: metrics only where a caller asks (a free port).
      METRICS_PORT: String(metricsPort ?? 0),
      ...options.env,
      PORT: String(port),
      CONTENT_PORT: String(contentPort),
      HOST: "127.0.0.1",
    },
    stdio: ["ignore", out, out],
  });
  closeSync(out);
  let exitedWith = "";
  const exited = new Promise<void>((resolve) =>
    child.once("exit", (code, signal) => {
      exitedWith = signal ? `signal ${signal}` : `exit code ${code}`;
      resolve();
    }),
  );
  let alive = true;
  void exited.then(() => {
    alive = false;
  });
  const stop = async () => {
    if (alive && child.pid) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(timer);
    }
  };
  const kill = async () => {
    if (alive && child.pid) child.kill("SIGKILL");
    await exited;
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.startTimeoutMs ?? START_TIMEOUT_MS);
  while (Date.now() < deadline && alive) {
    const ok = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { url, port, metricsPort, child, stop, kill };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  const log = (await readFile(options.logFile).catch(() => Buffer.alloc(0))).subarray(logStart);
  const tail = log.toString("utf8").trim().split("\n");
  const how = exitedWith ? `it ended with ${exitedWith}` : "it did not answer in time";
  const message = `the site did not start (${how}; log tail):\n${tail.slice(-20).join("\n")}`;
  // The site says so in its own words ("PORT=… is already in use"), or with the code.
  throw exitedWith && portTakenIn(log.toString("utf8"))
    ? new PortTakenError(message)
    : new Error(message);
}
