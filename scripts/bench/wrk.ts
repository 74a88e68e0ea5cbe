// What the server benchmarks share: wrk runs parsed into figures, and a process's CPU time
// and resident memory read from /proc (Linux). CPU time per request moves less than
// requests per second when other work shares the machine, so benchmarks report both.
import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { promisify } from "node:util";

const run = promisify(execFile);

export const WRK = process.env.WRK ?? "/usr/bin/wrk";
const TICK_MICROS = 10_000;

export function requireWrk(): void {
  if (!existsSync(WRK)) throw new Error(`wrk not found at ${WRK} (set WRK)`);
}

/** User + system CPU time of a process so far, in microseconds (ticks of 1/100 s). */
export function cpuMicros(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // After the command name: state is field 3, utime field 14, stime field 15.
  return (Number(fields[11]) + Number(fields[12])) * TICK_MICROS;
}

/** Resident memory of a process, in bytes. */
export function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  if (!kb) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kb) * 1024;
}

export interface WrkRun {
  rps: number;
  requests: number;
  p99Ms: number;
  p50Ms: number;
  /** Answers that were neither 2xx nor 3xx. */
  errors: number;
  /** CPU time the measured process spent per request (when its pid was given). */
  cpuMicrosPerRequest?: number;
}

export interface WrkOptions {
  url: string;
  seconds: number;
  connections: number;
  headers?: Record<string, string>;
  /** A wrk Lua script (e.g. one that varies the path of each request). */
  script?: string;
  /** The server's process, to measure its CPU time over the run. */
  pid?: number;
  /** CPU for wrk itself (taskset), so it does not share the server's core. */
  cpu?: number;
  /** Non-2xx/3xx answers are the point of the run (hostile traffic), not a failure. */
  allowErrors?: boolean;
  /** Receives wrk's whole output (what a script's `done` printed included). */
  onOutput?: (stdout: string) => void;
}

export async function runWrk(options: WrkOptions): Promise<WrkRun> {
  const args = [
    "-t1",
    `-c${options.connections}`,
    `-d${options.seconds}s`,
    "--latency",
    ...Object.entries(options.headers ?? {}).flatMap(([name, value]) => [
      "-H",
      `${name}: ${value}`,
    ]),
    ...(options.script ? ["-s", options.script] : []),
    options.url,
  ];
  const cpuBefore = options.pid ? cpuMicros(options.pid) : 0;
  const pinned = options.cpu !== undefined && existsSync("/usr/bin/taskset");
  const { stdout } = await run(
    pinned ? "/usr/bin/taskset" : WRK,
    pinned ? ["-c", String(options.cpu), WRK, ...args] : args,
    { maxBuffer: 16 * 1024 * 1024 },
  );
  options.onOutput?.(stdout);
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1];
  const requests = /(\d+) requests in/.exec(stdout)?.[1];
  const p99 = /99%\s+([\d.]+)(us|ms|s)\b/.exec(stdout);
  const p50 = /50%\s+([\d.]+)(us|ms|s)\b/.exec(stdout);
  if (!rps || !requests || !p99 || !p50) throw new Error(`wrk printed no figures:\n${stdout}`);
  const errors = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(stdout)?.[1] ?? 0);
  if (errors > 0 && !options.allowErrors) {
    throw new Error(`${errors} non-2xx/3xx answers from ${options.url}:\n${stdout}`);
  }
  const ms = (match: RegExpExecArray) =>
    Number(match[1]) * { us: 0.001, ms: 1, s: 1000 }[match[2] as "us" | "ms" | "s"];
  const result: WrkRun = {
    rps: Number(rps),
    requests: Number(requests),
    p99Ms: ms(p99),
    p50Ms: ms(p50),
    errors,
  };
  if (options.pid) {
    result.cpuMicrosPerRequest = (cpuMicros(options.pid) - cpuBefore) / result.requests;
  }
  return result;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export const round = (value: number, digits = 1) => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};
