// nginx for the serving benchmarks: one worker serving a build's client folder as the site
// lays it out (pages as folder/index.html, the build's .gz siblings sent as they are), and
// taskset pinning of the processes measured.
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { freePort, PortTakenError, retryOnPortTaken } from "../../tests/support/free-port";

const run = promisify(execFile);
export const NGINX = process.env.NGINX ?? "/usr/sbin/nginx";
const TASKSET = "/usr/bin/taskset";
export const hasTaskset = existsSync(TASKSET);

/** Pins every thread of a process to one CPU (when taskset exists). */
export async function pin(pid: number, cpu: number): Promise<void> {
  if (hasTaskset) await run(TASKSET, ["-a", "-p", "-c", String(cpu), String(pid)]);
}

export interface Nginx {
  url: string;
  child: ChildProcess;
  /** The one worker: the process that answers (its CPU time is nginx's cost). */
  workerPid: number;
  /** Resolves when this nginx still answers as itself; else fails saying how it ended. */
  serving(): Promise<void>;
  stop(): Promise<void>;
}

/** Where nginx answers with the token of its start: whoever answers it is this nginx. */
const IDENTITY_PATH = "/.bench-nginx-identity";
/** How long nginx has to listen and answer (it retries a taken port for about 2.5 s). */
const START_TIMEOUT_MS = 20_000;
const PROBE_INTERVAL_MS = 50;

export interface NginxOptions {
  dir: string;
  clientDir: string;
  cpu: number;
  /** A path that answers 200 once nginx is up. */
  probe?: string;
  /** The port tried first (default a free one); when it is taken, a free one is picked. */
  port?: number;
}

/**
 * nginx with one worker serving `clientDir`, its master and worker pinned to `cpu`.
 * `dir` holds its configuration, pid file and logs. The port is picked free a moment before
 * nginx binds it, so another process may take it meanwhile: nginx then cannot bind and
 * exits, and starts again on another port. A server that holds the port is never taken for
 * nginx: the probe asks for this start's own token.
 */
export async function startNginx(options: NginxOptions): Promise<Nginx> {
  if (!existsSync(NGINX))
    throw new Error(`nginx not found at ${NGINX} (apt install nginx, or set NGINX)`);
  let first = options.port;
  return retryOnPortTaken(async () => {
    const port = first ?? (await freePort());
    first = undefined;
    return startOnce(options, port);
  });
}

function nginxConf(dir: string, clientDir: string, port: number, token: string): string {
  return `${process.getuid?.() === 0 ? "user root;\n" : ""}worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/logs/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  include /etc/nginx/mime.types;
  types { application/octet-stream data; }
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 10000000;
  gzip_static on;
  server {
    listen 127.0.0.1:${port};
    root ${clientDir};
    location = ${IDENTITY_PATH} { default_type text/plain; return 200 "${token}"; }
    location / { try_files $uri $uri/index.html =404; }
  }
}
`;
}

/** The last lines of nginx's error log (what it said when it would not start or stopped). */
async function errorLogTail(dir: string): Promise<string> {
  const text = await readFile(path.join(dir, "logs/error.log"), "utf8").catch(() => "");
  return text.trim().split("\n").slice(-5).join("\n");
}

async function answers(url: string, token?: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    const body = await response.text();
    return response.ok && (token === undefined || body === token);
  } catch {
    return false;
  }
}

async function startOnce(options: NginxOptions, port: number): Promise<Nginx> {
  const { dir } = options;
  const token = randomUUID();
  await mkdir(path.join(dir, "logs"), { recursive: true });
  // Each start's log alone: a taken port is read from what this start said.
  await rm(path.join(dir, "logs/error.log"), { force: true });
  const conf = path.join(dir, "nginx.conf");
  await writeFile(conf, nginxConf(dir, options.clientDir, port, token));
  const child = spawn(NGINX, ["-c", conf, "-p", dir], { stdio: ["ignore", "ignore", "pipe"] });
  // What it says before its own log is open (a configuration it refuses), kept short.
  let said = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    said = `${said}${chunk.toString("utf8")}`.slice(-2_000);
  });
  let exitedWith: string | undefined;
  const exited = new Promise<void>((resolve) =>
    child.once("exit", (code, signal) => {
      exitedWith = signal ? `signal ${signal}` : `exit code ${code}`;
      resolve();
    }),
  );
  const stop = async () => {
    if (exitedWith === undefined) {
      child.kill("SIGQUIT");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
    }
  };
  const url = `http://127.0.0.1:${port}`;
  const gone = async () => {
    const log = (await errorLogTail(dir)) || said.trim();
    return { message: `nginx on ${url} ended (${exitedWith}); it said:\n${log}`, log };
  };
  const deadline = Date.now() + START_TIMEOUT_MS;
  let up = false;
  while (!up && exitedWith === undefined && Date.now() < deadline) {
    up = await answers(`${url}${IDENTITY_PATH}`, token);
    if (!up) await new Promise((resolve) => setTimeout(resolve, PROBE_INTERVAL_MS));
  }
  if (exitedWith !== undefined) {
    const { message, log } = await gone();
    throw /Address already in use/.test(log) ? new PortTakenError(message) : new Error(message);
  }
  const probe = `${url}${options.probe ?? "/about"}`;
  if (!up || !(await answers(probe))) {
    await stop();
    throw new Error(up ? `nginx answered ${probe} with no page` : "nginx did not answer");
  }
  // The master and its worker on the measured core.
  const pids = (await run("pgrep", ["-P", String(child.pid)]).catch(() => ({ stdout: "" }))).stdout
    .split("\n")
    .filter(Boolean)
    .map(Number);
  const workerPid = pids[0];
  if (workerPid === undefined) {
    await stop();
    throw new Error("nginx started no worker");
  }
  for (const pid of [child.pid as number, ...pids]) await pin(pid, options.cpu);
  const serving = async () => {
    if (exitedWith === undefined && (await answers(`${url}${IDENTITY_PATH}`, token))) return;
    throw new Error(
      exitedWith === undefined
        ? `nginx on ${url} runs but does not answer as itself`
        : (await gone()).message,
    );
  };
  return { url, child, workerPid, serving, stop };
}
