// `npm start` refuses to start on a store it cannot use: a malformed DATABASE_URL, a schema
// newer than its code. Each is one clear line and a non-zero exit before anything listens
// (the site's port is never opened: it logs no listening line, and it is started on port 0
// so that no port of the test can be taken by another process meanwhile). A database it
// cannot reach yet is waited for, not ready: store-unreachable-start.test.ts.
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SITE_START_ARGS } from "../../scripts/site-process";
import { MIGRATIONS, type Migration, SCHEMA_VERSION } from "../../server/store/migrations";
import { openStore } from "../../server/store/open-store";
import { type PostgresServer, startPostgres } from "../support/postgres";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

let work: string;
let postgres: PostgresServer | undefined;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), "store-start-"));
  postgres = await startPostgres({ durable: false });
}, 120_000);
afterAll(async () => {
  await postgres?.stop();
  await rm(work, { recursive: true, force: true });
});

/** What the site logs once it listens on its port (as a site, or as one waiting for its store). */
const SITE_LISTENING = /"msg":"(site listening|listening as a starting instance)"/;

/** How long a refusing start may take: within the tests' own timeout. */
const EXIT_TIMEOUT_MS = 45_000;

/** Runs `npm start`'s command until it exits; its output, exit code and whether it listened. */
async function start(env: Record<string, string>) {
  const child = spawn(process.execPath, SITE_START_ARGS, {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      PORT: "0",
      CONTENT_PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "info",
      // Other servers of the suite run beside it: no fixed metrics port to collide on.
      METRICS_PORT: "0",
      DATA_DIR: path.join(work, "data"),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
    timeout: EXIT_TIMEOUT_MS,
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve, reject) =>
    child.once("close", (exitCode, signal) =>
      signal
        ? reject(new Error(`npm start did not exit by itself (${signal}):\n${output}`))
        : resolve(exitCode),
    ),
  );
  return { code, output, listening: SITE_LISTENING.test(output) };
}

describe("npm start with DATABASE_URL", { timeout: 60_000 }, () => {
  it("refuses a malformed DATABASE_URL with one message per problem", async () => {
    const result = await start({ DATABASE_URL: "postgres://user:s3cret-pw@db.example:5432" });
    expect(result.code).toBe(1);
    expect(result.output).toContain(
      "DATABASE_URL names no database: add its name as the path (postgres://user:password@db.example:5432/site)",
    );
    expect(result.output).not.toContain("s3cret-pw");
    expect(result.listening).toBe(false);
  });

  it("refuses a database a newer release changed in a way it cannot run on", async () => {
    const url = await (postgres as PostgresServer).createDatabase("newer");
    // The newer release: this code's migrations and one that renames a column it reads.
    const newerRelease: Migration[] = [
      ...MIGRATIONS,
      {
        description: "a breaking step of the next release",
        sqlite: "ALTER TABLE submissions RENAME COLUMN page_path TO page_address",
        postgres: "ALTER TABLE submissions RENAME COLUMN page_path TO page_address",
        breaksOlderReleases: true,
      },
    ];
    await (await openStore({ databaseUrl: url, dataDir: work, migrations: newerRelease })).close();
    const result = await start({ DATABASE_URL: url });
    expect(result.code).toBe(1);
    expect(result.output).toContain(
      `has schema version ${SCHEMA_VERSION + 1}, newer than this code's ${SCHEMA_VERSION}: this instance is older than the database, which only releases knowing schema version ${SCHEMA_VERSION + 1} or later can run on`,
    );
    expect(result.listening).toBe(false);
  });
});
