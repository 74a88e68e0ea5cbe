// A private PostgreSQL server for tests and benchmarks: a fresh cluster in a temporary
// folder, listening on a free loopback port, stopped and removed by stop(). The cluster is
// a copy of one made by initdb once for this machine's binaries (initdb takes seconds of
// CPU, the copy a fraction of one; suites start a dozen servers).
// Debian's binaries live in /usr/lib/postgresql/<major>/bin; PostgreSQL refuses to run as
// root, so under root the cluster belongs to the `postgres` system user and every binary
// runs through runuser.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { chmod, chown, existsSync, readdirSync } from "node:fs";
import { appendFile, mkdtemp, readFile, rename, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { freePort, PortTakenError, portTakenIn, retryOnPortTaken } from "./free-port";

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
  /** With `tls`: the server's certificate (self-signed for 127.0.0.1), for a client to trust. */
  certificateFile?: string;
}

/** How long pg_ctl waits for the server to accept connections (a test's timeout covers it). */
export const POSTGRES_START_TIMEOUT_MS = 60_000;

export interface PostgresOptions {
  /**
   * fsync and synchronous commit as in production (default). Off makes a test cluster
   * faster; a benchmark keeps them on.
   */
  durable?: boolean;
  /**
   * TLS on, with a self-signed certificate for 127.0.0.1 made for this server (openssl, which
   * Debian's postgresql package brings): a client trusting `certificateFile` verifies it whole.
   */
  tls?: boolean;
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

type Exec = (program: string, args: string[]) => Promise<unknown>;

const INITDB_ARGS = [
  "-U",
  "postgres",
  "--auth=trust",
  "-E",
  "UTF8",
  "--locale=C",
  "--no-sync",
  "--no-instructions",
];

/**
 * The folder of a cluster initdb made with INITDB_ARGS for these binaries and this user,
 * made now unless an earlier start made it. It is only ever copied: made in a folder of its
 * own and renamed into place whole, so a start beside another sees it complete or not at all.
 */
async function clusterTemplate(bin: string, exec: Exec, asRoot: boolean): Promise<string> {
  const key = createHash("sha256")
    .update(JSON.stringify([bin, INITDB_ARGS, process.getuid?.()]))
    .digest("hex")
    .slice(0, 16);
  const template = path.join(tmpdir(), `test-postgres-template-${key}`);
  if (existsSync(template)) return template;
  const work = await mkdtemp(path.join(tmpdir(), "test-postgres-initdb-"));
  try {
    if (asRoot) {
      const { uid, gid } = await systemUserIds();
      await promisify(chown)(work, uid, gid);
    }
    await exec("initdb", ["-D", path.join(work, "data"), ...INITDB_ARGS]);
    await rename(path.join(work, "data"), template).catch((error: NodeJS.ErrnoException) => {
      // Another start made it first: theirs is as good.
      if (error.code !== "EEXIST" && error.code !== "ENOTEMPTY") throw error;
    });
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  return template;
}

const CERTIFICATE_FILE = "server.crt";
const KEY_FILE = "server.key";

/** A certificate and key for 127.0.0.1 in `dir`, the key readable by the server's user only. */
async function tlsSettings(dir: string, asRoot: boolean): Promise<string[]> {
  const certificate = path.join(dir, CERTIFICATE_FILE);
  const key = path.join(dir, KEY_FILE);
  await run("openssl", [
    "req",
    "-x509",
    "-newkey",
    "ec",
    "-pkeyopt",
    "ec_paramgen_curve:prime256v1",
    "-nodes",
    "-keyout",
    key,
    "-out",
    certificate,
    "-days",
    "2",
    "-subj",
    "/CN=127.0.0.1",
    "-addext",
    "subjectAltName=IP:127.0.0.1",
  ]);
  await promisify(chmod)(key, 0o600);
  if (asRoot) {
    const { uid, gid } = await systemUserIds();
    await promisify(chown)(key, uid, gid);
  }
  return ["ssl = on", `ssl_cert_file = '${certificate}'`, `ssl_key_file = '${key}'`];
}

export async function startPostgres(options: PostgresOptions = {}): Promise<PostgresServer> {
  const bin = findPostgresBinaries();
  if (!bin) throw new Error(MISSING);
  const asRoot = process.getuid?.() === 0;
  const dir = await mkdtemp(path.join(tmpdir(), "test-postgres-"));
  const dataDir = path.join(dir, "data");
  const logFile = path.join(dir, "server.log");
  const exec: Exec = (program, args) =>
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
    // Owner and modes kept: the server refuses a data folder others can read.
    await run("cp", ["-a", await clusterTemplate(bin, exec, asRoot), dataDir]);
    const settings = [
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${dir}'`,
      "max_connections = 100",
      ...(options.durable === false ? ["fsync = off", "synchronous_commit = off"] : []),
      ...(options.tls ? await tlsSettings(dir, asRoot) : []),
    ];
    await appendFile(path.join(dataDir, "postgresql.conf"), `\n${settings.join("\n")}\n`);
    // A port free a moment ago can be taken meanwhile: the server says so in its log.
    await retryOnPortTaken(async () => {
      port = await freePort();
      const logged = (await readFile(logFile, "utf8").catch(() => "")).length;
      try {
        await exec("pg_ctl", startArgs(port));
      } catch (error) {
        const log = (await readFile(logFile, "utf8").catch(() => "")).slice(logged);
        throw portTakenIn(log) ? new PortTakenError(log) : error;
      }
    });
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
    certificateFile: options.tls ? path.join(dir, CERTIFICATE_FILE) : undefined,
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
