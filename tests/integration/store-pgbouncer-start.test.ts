// An instance whose DATABASE_URL is a PgBouncer in session mode (Debian's, with PgBouncer's
// own defaults: tests/support/pgbouncer.ts), started on a fresh database while another
// session holds the migration lock far longer than the statement timeout, as an instance
// migrating a large table would. The real site process on the real build: it connects
// through PgBouncer (which refuses unknown startup parameters), waits for the lock (alive and
// not ready once it has waited SCHEMA_WAIT_HOLD_MS), saying so, and once the lock is released
// migrates, becomes ready and stores a submission through PgBouncer.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SiteProcess, startSiteProcess } from "../../scripts/site-process";
import { SCHEMA_VERSION } from "../../server/store/migrations";
import { MIGRATION_LOCK_KEY } from "../../server/store/postgres-store";
import {
  type ContentServerProcess,
  LOCAL_CMS_VARIABLES,
  spawnContentServer,
} from "../support/content-server-process";
import { type PgBouncer, startPgBouncer } from "../support/pgbouncer";
import { pollUntil } from "../support/poll";
import { type PostgresServer, startPostgres } from "../support/postgres";
import { CURRENT_BUILD_START_MS, ensureSiteBuild } from "../support/site-build";
import { type InstanceProject, makeInstanceProject } from "../support/site-instance";
import { copySnapshot, removeSnapshot } from "../support/snapshot-copy";

/** A start on the real build, on a busy machine: generous. */
const WAIT_MS = 120_000;
/** The operator's setting, at its smallest, so that a wait past it is short. */
const STATEMENT_TIMEOUT_SECONDS = 1;
/** How long the lock is held past the instance's first wait for it, in statement timeouts. */
const HELD_FOR_TIMEOUTS = 3;

let work: string;
let snapshot: string;
let content: ContentServerProcess | undefined;
let postgres: PostgresServer | undefined;
let bouncer: PgBouncer | undefined;
let holder: pg.Client | undefined;
let project: InstanceProject | undefined;
let site: SiteProcess | undefined;
let logFile: string;
let directUrl: string;

const log = () => readFile(logFile, "utf8").catch(() => "");

function waitFor<T>(what: string, check: () => Promise<T | undefined | false>): Promise<T> {
  return pollUntil(async () => `${what}; log:\n${await log()}`, check, {
    timeoutMs: WAIT_MS,
    intervalMs: 100,
  });
}

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), "store-pgbouncer-"));
  logFile = path.join(work, "site.log");
  const [, copied, server] = await Promise.all([
    ensureSiteBuild(),
    copySnapshot("store-pgbouncer"),
    startPostgres({ durable: false }),
  ]);
  snapshot = copied;
  postgres = server;
  directUrl = await server.createDatabase("site");
  bouncer = await startPgBouncer(server, { poolMode: "session" });
  content = await spawnContentServer(snapshot, `${snapshot}-cache`);
  // Another session (an instance migrating, straight on the database) holds the lock.
  holder = new pg.Client({ connectionString: directUrl });
  await holder.connect();
  await holder.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
  project = await makeInstanceProject({
    BCMS_ORIGIN: content.url,
    ...LOCAL_CMS_VARIABLES,
    SITE_ORIGIN: "https://id5.io",
    DATABASE_URL: bouncer.url("site"),
    DATABASE_STATEMENT_TIMEOUT_SECONDS: String(STATEMENT_TIMEOUT_SECONDS),
    FORMS_MIN_SUBMIT_SECONDS: "0",
    LOG_LEVEL: "info",
  });
}, 15 * 60_000);

afterAll(async () => {
  await site?.stop();
  await holder?.end().catch(() => {});
  if (content) {
    content.child.kill("SIGKILL");
    await content.exited;
  }
  await bouncer?.stop();
  await postgres?.stop();
  await project?.remove();
  if (snapshot) await removeSnapshot(snapshot);
  if (work) await rm(work, { recursive: true, force: true });
});

describe("an instance behind PgBouncer in session mode", { timeout: 4 * WAIT_MS }, () => {
  it("waits for another session's migration lock past the statement timeout, alive and not ready, then migrates, serves and stores", async () => {
    const running = await startSiteProcess({
      projectDir: (project as InstanceProject).dir,
      logFile,
      env: { ...(project as InstanceProject).env, DATA_DIR: path.join(work, "data") },
      startTimeoutMs: CURRENT_BUILD_START_MS,
    });
    // It answers /healthz (startSiteProcess waits for that) once it has waited a while.
    site = running;
    await waitFor("the instance to say it waits for the migration lock", async () =>
      (await log()).includes("store: another session holds the migration lock"),
    );
    // Its wait outlasts the statement timeout several times over, and it still waits.
    const lockHolder = holder as pg.Client;
    await waitFor(`its lock wait to last ${HELD_FOR_TIMEOUTS} statement timeouts`, async () => {
      const { rows } = await lockHolder.query<{ waited: number }>(
        `SELECT extract(epoch FROM now() - query_start)::float AS waited FROM pg_stat_activity
         WHERE wait_event_type = 'Lock' AND query LIKE '%pg_advisory_lock%' AND pid <> pg_backend_pid()`,
      );
      return (rows[0]?.waited ?? 0) > HELD_FOR_TIMEOUTS * STATEMENT_TIMEOUT_SECONDS;
    });
    expect(running.child.exitCode, await log()).toBeNull();
    expect((await fetch(`${running.url}/healthz`)).status).toBe(200);
    const waiting = await fetch(`${running.url}/readyz`);
    expect(waiting.status).toBe(503);
    expect(await waiting.json()).toMatchObject({ status: "starting", store: "migration lock" });

    await lockHolder.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
    await waitFor("ready once the lock is released", async () => {
      const answer = await fetch(`${running.url}/readyz`).catch(() => undefined);
      await answer?.arrayBuffer();
      return answer?.status === 200;
    });
    expect((await fetch(`${running.url}/`)).status).toBe(200);

    // A submission goes through PgBouncer into the database.
    const form = await (await fetch(`${running.url}/contact`)).text();
    const stamp = /name="_stamp" value="([^"]*)"/.exec(form)?.[1] ?? "";
    const sent = await fetch(`${running.url}/contact`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        _form: "contact",
        _stamp: stamp,
        name: "Behind A Pooler",
        email: "pooled@example.com",
        topic: "partnerships",
        message: "Stored through PgBouncer.",
        consent: "yes",
      }).toString(),
    });
    expect(sent.status, await sent.text()).toBe(303);
    const { rows: stored } = await lockHolder.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM submissions",
    );
    expect(stored[0]?.count).toBe(1);
    const { rows: schema } = await lockHolder.query<{ version: number }>(
      "SELECT max(version) AS version FROM store_schema",
    );
    expect(schema[0]?.version).toBe(SCHEMA_VERSION);
    const lines = await log();
    expect(lines).toContain(`store: migrating the schema from version 0 to ${SCHEMA_VERSION}`);
    expect(lines).not.toMatch(/"level":"error"/);
  });
});
