// A private PostgreSQL server for tests and benchmarks: a fresh cluster (initdb) in a
// temporary folder, listening on a free loopback port, stopped and removed by stop().
// Debian's binaries live in /usr/lib/postgresql/<major>/bin; PostgreSQL refuses to run as
// root, so under root the cluster belongs to the `postgres` system user and every binary
// runs through runuser.
import { execFile } from "node:child_process";
import { chown, existsSync, readdirSync } from "node:fs";
import { appendFile, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { freePort } from "./free-port";

const run = promisify(execFile);
const DEBIAN_ROOT = "/usr/lib/postgresql";
const SYSTEM_USER = "postgres";

export interface PostgresServer {
  port: number;
  /** The URL of `database` on this server (superuser `postgres`, no password). */
  url(database?: string): string;
  /** Creates an empty database and returns its URL. */
  createDatabase(name?: string): Promise<string>;
  /** Stops the server and keeps its data: the database is down until start(). */
  halt(): Promise<void>;
  /** Starts a halted server again on the same port and data. */
  start(): Promise<void>;
  /** Stops the server (fast shutdown) and removes its folder. */
  stop(): Promise<void>;
}

/** How long pg_ctl waits for the server to accept connections (a test's timeout covers it). */
export const POSTGRES_START_TIMEOUT_MS = 60_000;

export interface PostgresOptions {
  /**
   * fsync and synchronous commit as in production (default). Off makes a test cluster
   * faster; a benchmark keeps them on.
   */
  durable?: boolean;
}

/** The folder holding initdb, pg_ctl and postgres: the newest Debian major, else PATH. */
export function findPostgresBinaries(): string | undefined {
  const has = (dir: string) =>
    ["initdb", "pg_ctl", "postgres"].every((name) => existsSync(path.join(dir, name)));
  if (existsSync(DEBIAN_ROOT)) {
    const majors = readdirSync(DEBIAN_ROOT)
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
    for (const major of majors) {
      const dir = path.join(DEBIAN_ROOT, major, "bin");
      if (has(dir)) return dir;
    }
  }
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (dir && has(dir)) return dir;
  }
  return undefined;
}

const MISSING =
  "PostgreSQL's binaries (initdb, pg_ctl, postgres) were not found in /usr/lib/postgresql/*/bin or on PATH: install Debian's `postgresql` package (.ci/run does)";

async function systemUserIds(): Promise<{ uid: number; gid: number }> {
  const [uid, gid] = await Promise.all([
    run("id", ["-u", SYSTEM_USER]),
    run("id", ["-g", SYSTEM_USER]),
  ]);
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

export async function startPostgres(options: PostgresOptions = {}): Promise<PostgresServer> {
  const bin = findPostgresBinaries();
  if (!bin) throw new Error(MISSING);
  const asRoot = process.getuid?.() === 0;
  const dir = await mkdtemp(path.join(tmpdir(), "test-postgres-"));
  const dataDir = path.join(dir, "data");
  const logFile = path.join(dir, "server.log");
  const exec = (program: string, args: string[]) =>
    asRoot
      ? run("runuser", ["-u", SYSTEM_USER, "--", path.join(bin, program), ...args])
      : run(path.join(bin, program), args);
  const startArgs = (port: number) => [
    "start",
    "-w",
    "-t",
    String(POSTGRES_START_TIMEOUT_MS / 1000),
    "-D",
    dataDir,
    "-l",
    logFile,
    "-o",
    `-p ${port}`,
  ];
  let port = 0;
  try {
    if (asRoot) {
      const { uid, gid } = await systemUserIds();
      await promisify(chown)(dir, uid, gid);
    }
    await exec("initdb", [
      "-D",
      dataDir,
      "-U",
      "postgres",
      "--auth=trust",
      "-E",
      "UTF8",
      "--locale=C",
      "--no-sync",
      "--no-instructions",
    ]);
    const settings = [
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${dir}'`,
      "max_connections = 100",
      ...(options.durable === false ? ["fsync = off", "synchronous_commit = off"] : []),
    ];
    await appendFile(path.join(dataDir, "postgresql.conf"), `\n${settings.join("\n")}\n`);
    // A port free a moment ago can be taken meanwhile: try a few.
    for (let attempt = 0; ; attempt++) {
      port = await freePort();
      try {
        await exec("pg_ctl", startArgs(port));
        break;
      } catch (error) {
        if (attempt >= 2) throw error;
      }
    }
  } catch (error) {
    const log = await readFile(logFile, "utf8").catch(() => "");
    await rm(dir, { recursive: true, force: true });
    const detail = error instanceof Error ? error.message : String(error);
    throw new Error(`the test PostgreSQL server did not start: ${detail}\n${log}`);
  }
  const url = (database = "postgres") => `postgres://postgres@127.0.0.1:${port}/${database}`;
  let created = 0;
  let stopped = false;
  return {
    port,
    url,
    async createDatabase(name = `test_${process.pid}_${++created}_${Date.now() % 1e6}`) {
      const client = new pg.Client({ connectionString: url() });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name}"`);
      } finally {
        await client.end();
      }
      return url(name);
    },
    async halt() {
      await exec("pg_ctl", ["stop", "-m", "fast", "-w", "-D", dataDir]);
    },
    async start() {
      await exec("pg_ctl", startArgs(port));
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      try {
        // Halted already, or stopping now.
        await exec("pg_ctl", ["stop", "-m", "fast", "-w", "-D", dataDir]).catch(() => {});
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}
