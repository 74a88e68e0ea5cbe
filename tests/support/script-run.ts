// One of the project's scripts run as `npm run` runs it (tsx, from the project's root), with
// a limit: tsx runs the script in a child of its own, which holds the output pipes open when
// the tsx process alone is killed, so the run gets its own process group and the limit kills
// the group. A run still going at the limit fails with what it had printed.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const TSX = join(ROOT, "node_modules", ".bin", "tsx");
/** Inside a test's 30 s default: the scripts run here take 2-5 s on a busy 2-core machine. */
const SCRIPT_RUN_LIMIT_MS = 20_000;

export interface ScriptRun {
  /** The exit code (null when a signal ended it). */
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `script` (a path from the project's root) with `args` and exactly `env`. */
export function runScript(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
  limitMs = SCRIPT_RUN_LIMIT_MS,
): Promise<ScriptRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(TSX, [script, ...args], {
      cwd: ROOT,
      env,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    let overrun = false;
    const timer = setTimeout(() => {
      overrun = true;
      if (child.pid) process.kill(-child.pid, "SIGKILL");
    }, limitMs);
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once("close", (code) => {
      clearTimeout(timer);
      if (overrun) {
        reject(
          new Error(
            `${script} was still running after ${limitMs} ms; it had printed:\n${stdout}${stderr}`,
          ),
        );
      } else resolve({ code, stdout, stderr });
    });
  });
}
