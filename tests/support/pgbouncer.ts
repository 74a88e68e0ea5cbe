// A private PgBouncer in front of a test PostgreSQL server (tests/support/postgres.ts): Debian's
// `pgbouncer` on a free loopback port, its configuration PgBouncer's defaults except for
// what a private instance needs (where it listens, whom it lets in, the pool mode), so that
// what it refuses is what an operator's PgBouncer refuses. Stopped by stop(), by its pid.
// PgBouncer refuses to run as root: under root it runs as the `postgres` system user.
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { chown, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort, PortTakenError, portTakenIn, retryOnPortTaken } from "./free-port";
import { pollUntil } from "./poll";
import type { PostgresServer } from "./postgres";

const BINARY = "/usr/sbin/pgbouncer";
const SYSTEM_USER = "postgres";
/** How long a start may take on a busy machine (it is ready in well under a second). */
const START_TIMEOUT_MS = 30_000;

export type PoolMode = "session" | "transaction";

export interface PgBouncer {
  port: number;
  /** The URL of `database` through PgBouncer (the server's superuser, no password). */
  url(database: string): string;
  /** What PgBouncer logged so far. */
  log(): Promise<string>;
  stop(): Promise<void>;
}

const MISSING =
  "PgBouncer (/usr/sbin/pgbouncer) is not installed: install Debian's `pgbouncer` package (.ci/run does)";

export async function startPgBouncer(
  server: PostgresServer,
  options: { poolMode?: PoolMode } = {},
): Promise<PgBouncer> {
  if (!existsSync(BINARY)) throw new Error(MISSING);
  const asRoot = process.getuid?.() === 0;
  const dir = await mkdtemp(path.join(tmpdir(), "test-pgbouncer-"));
  const logFile = path.join(dir, "pgbouncer.log");
  const readLog = () => readFile(logFile, "utf8").catch(() => "");
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  let port = 0;
  try {
    if (asRoot) {
      const ids = await Promise.all(["-u", "-g"].map((flag) => idOf(flag)));
      await chown(dir, ids[0] as number, ids[1] as number);
    }
    // Trust: PgBouncer still wants the user in its auth file.
    await writeFile(path.join(dir, "userlist.txt"), `"postgres" ""\n`);
    await retryOnPortTaken(async () => {
      port = await freePort();
      await writeFile(
        path.join(dir, "pgbouncer.ini"),
        [
          "[databases]",
          `* = host=127.0.0.1 port=${server.port}`,
          "[pgbouncer]",
          "listen_addr = 127.0.0.1",
          `listen_port = ${port}`,
          "unix_socket_dir =",
          "auth_type = trust",
          `auth_file = ${path.join(dir, "userlist.txt")}`,
          `pool_mode = ${options.poolMode ?? "session"}`,
          `logfile = ${logFile}`,
          "",
        ].join("\n"),
      );
      const logged = (await readLog()).length;
      const command = asRoot
        ? ["setpriv", `--reuid=${SYSTEM_USER}`, `--regid=${SYSTEM_USER}`, "--init-groups", BINARY]
        : [BINARY];
      const started = spawn(
        command[0] as string,
        [...command.slice(1), path.join(dir, "pgbouncer.ini")],
        {
          stdio: ["ignore", "ignore", "pipe"],
        },
      );
      let stderr = "";
      started.stderr?.on("data", (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      const gone = new Promise<void>((resolve) => started.once("exit", () => resolve()));
      let ended = false;
      void gone.then(() => {
        ended = true;
      });
      try {
        await pollUntil(
          async () =>
            `PgBouncer to accept connections on port ${port}: ${stderr}${await readLog()}`,
          async () => {
            if (ended)
              throw new Error(`PgBouncer exited: ${stderr}${(await readLog()).slice(logged)}`);
            return answers(`postgres://postgres@127.0.0.1:${port}/postgres`);
          },
          { timeoutMs: START_TIMEOUT_MS, intervalMs: 50 },
        );
      } catch (error) {
        started.kill("SIGKILL");
        await gone;
        const output = `${stderr}${(await readLog()).slice(logged)}`;
        throw portTakenIn(output) ? new PortTakenError(output) : error;
      }
      child = started;
      exited = gone;
    });
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  let stopped = false;
  return {
    port,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    log: readLog,
    async stop() {
      if (stopped) return;
      stopped = true;
      // SIGTERM: PgBouncer closes at once (SIGINT would wait for its clients to leave).
      child?.kill("SIGTERM");
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function idOf(flag: string): Promise<number> {
  return new Promise((resolve, reject) =>
    execFile("id", [flag, SYSTEM_USER], (error, stdout) =>
      error ? reject(error) : resolve(Number(stdout.trim())),
    ),
  );
}

/** True once a plain client gets an answer through PgBouncer. */
async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.query("SELECT 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}
