// The PostgreSQL store's sessions, straight on the database and through PgBouncer in session
// mode (its defaults: it refuses startup parameters it does not know): every statement of
// the pool is limited by the statement timeout, and the migrations and their lock are not,
// so a migration longer than it finishes and a start waiting for another's lock waits.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIGRATIONS, type Migration, SCHEMA_VERSION } from "../../server/store/migrations";
import {
  MIGRATION_LOCK_KEY,
  PostgresStore,
  type SchemaWait,
} from "../../server/store/postgres-store";
import { sampleSubmission } from "../support/form-submission";
import { type PgBouncer, startPgBouncer } from "../support/pgbouncer";
import { pollUntil } from "../support/poll";
import { type PostgresServer, startPostgres } from "../support/postgres";

/** Short, so that what outlasts it does so quickly. */
const STATEMENT_TIMEOUT_MS = 1_000;
const WAIT_MS = 60_000;

let server: PostgresServer;
let bouncer: PgBouncer;

beforeAll(async () => {
  server = await startPostgres({ durable: false });
  bouncer = await startPgBouncer(server, { poolMode: "session" });
}, 120_000);

afterAll(async () => {
  await bouncer?.stop();
  await server?.stop();
});

/** A session of the test's own, straight on the database. */
async function session(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

const ways = [
  { name: "straight on the database", url: (database: string) => server.url(database) },
  { name: "through PgBouncer in session mode", url: (database: string) => bouncer.url(database) },
];

describe.each(ways)("the PostgreSQL store $name", { timeout: 2 * WAIT_MS }, (way) => {
  const fresh = async () => {
    const direct = await server.createDatabase();
    return { direct, url: way.url(new URL(direct).pathname.slice(1)) };
  };

  it("cancels a statement that waits past the statement timeout, and goes on after", async () => {
    const { direct, url } = await fresh();
    const store = await PostgresStore.open(url, { statementTimeoutMs: STATEMENT_TIMEOUT_MS });
    const other = await session(direct);
    try {
      // Another session holds the table: an insert waits, as a query stuck behind a lock does.
      await other.query("BEGIN");
      await other.query("LOCK TABLE submissions IN ACCESS EXCLUSIVE MODE");
      const stuck = await store.submissions.insert(sampleSubmission()).catch((error) => error);
      expect(stuck).toMatchObject({ code: "57014" });
      await other.query("ROLLBACK");
      expect(await store.submissions.insert(sampleSubmission())).toMatch(/\S/);
    } finally {
      await other.end();
      await store.close();
    }
  });

  it("runs a migration that takes longer than the statement timeout", async () => {
    const { url } = await fresh();
    const slow: Migration = {
      description: "a migration slower than any request should be",
      sqlite: "SELECT 1",
      postgres: `SELECT pg_sleep(${(2 * STATEMENT_TIMEOUT_MS) / 1000})`,
    };
    const store = await PostgresStore.open(url, {
      statementTimeoutMs: STATEMENT_TIMEOUT_MS,
      migrations: [...MIGRATIONS, slow],
    });
    try {
      expect(store.migrated.at(-1)).toBe(SCHEMA_VERSION + 1);
    } finally {
      await store.close();
    }
  });

  it("waits for the migration lock another session holds past the statement timeout, naming it, then migrates", async () => {
    const { direct, url } = await fresh();
    const holder = await session(direct);
    try {
      await holder.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
      const { rows } = await holder.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
      const waits: SchemaWait[] = [];
      let settled = false;
      const opening = PostgresStore.open(url, {
        statementTimeoutMs: STATEMENT_TIMEOUT_MS,
        onSchemaWait: (wait) => {
          waits.push(wait);
        },
      }).finally(() => {
        settled = true;
      });
      await pollUntil(
        "the lock wait to outlast the statement timeout twice",
        async () => {
          // An open that ended meanwhile (cancelled by the timeout) says why here.
          if (settled) await opening;
          const waited = await holder.query<{ seconds: number }>(
            `SELECT extract(epoch FROM now() - query_start)::float AS seconds FROM pg_stat_activity
             WHERE wait_event_type = 'Lock' AND query LIKE '%pg_advisory_lock%'`,
          );
          return (waited.rows[0]?.seconds ?? 0) > (2 * STATEMENT_TIMEOUT_MS) / 1000;
        },
        { timeoutMs: WAIT_MS },
      );
      expect(settled).toBe(false);
      expect(waits).toEqual([{ kind: "migration lock", holder: `session ${rows[0]?.pid}` }]);
      await holder.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
      const store = await opening;
      try {
        expect(waits.at(-1)).toEqual({ kind: "migrating", from: 0, to: SCHEMA_VERSION });
        expect(store.migrated).toHaveLength(SCHEMA_VERSION);
      } finally {
        await store.close();
      }
    } finally {
      await holder.end();
    }
  });
});
