// nginx for the serving benchmarks: one worker serving a build's client folder as the site
// lays it out (pages as folder/index.html, the build's .gz siblings sent as they are), and
// taskset pinning of the processes measured.
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { freePort } from "../../tests/support/free-port";

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
  stop(): Promise<void>;
}

/**
 * nginx with one worker serving `clientDir`, its master and worker pinned to `cpu`.
 * `dir` holds its configuration, pid file and logs.
 */
export async function startNginx(options: {
  dir: string;
  clientDir: string;
  cpu: number;
  /** A path that answers 200 once nginx is up. */
  probe?: string;
}): Promise<Nginx> {
  const { dir } = options;
  if (!existsSync(NGINX))
    throw new Error(`nginx not found at ${NGINX} (apt install nginx, or set NGINX)`);
  const port = await freePort();
  await mkdir(path.join(dir, "logs"), { recursive: true });
  const conf = path.join(dir, "nginx.conf");
  await writeFile(
    conf,
    `${process.getuid?.() === 0 ? "user root;\n" : ""}worker_processes 1;
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
    root ${options.clientDir};
    location / { try_files $uri $uri/index.html =404; }
  }
}
`,
  );
  const child = spawn(NGINX, ["-c", conf, "-p", dir], { stdio: ["ignore", "ignore", "pipe"] });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGQUIT");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
    }
  };
  const url = `http://127.0.0.1:${port}`;
  let up = false;
  for (let attempt = 0; attempt < 100 && !up; attempt++) {
    up = await fetch(`${url}${options.probe ?? "/about"}`).then(
      (r) => r.ok,
      () => false,
    );
    if (child.exitCode !== null) throw new Error("nginx exited at start");
    if (!up) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  // The master and its worker on the measured core.
  const pids = (await run("pgrep", ["-P", String(child.pid)]).catch(() => ({ stdout: "" }))).stdout
    .split("\n")
    .filter(Boolean)
    .map(Number);
  const workerPid = pids[0];
  if (!up || workerPid === undefined) {
    await stop();
    throw new Error(up ? "nginx started no worker" : "nginx did not answer");
  }
  for (const pid of [child.pid as number, ...pids]) await pin(pid, options.cpu);
  return { url, child, workerPid, stop };
}
