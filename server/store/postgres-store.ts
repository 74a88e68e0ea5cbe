// The shared store: PostgreSQL (13 or later) through a `pg` pool, for several instances of
// the site. Migrations run at start under a session advisory lock, so instances starting
// together run each one once; outbox claims take rows with FOR UPDATE SKIP LOCKED and lease
// them until an expiry, so two instances never send one submission at the same moment.
// A database that goes away fails the calls (the site answers 503 to a submission, the
// outbox waits for its next poll); the pool reconnects when it is back.
import { randomBytes } from "node:crypto";
import pg from "pg";
import {
  DEFAULT_DATABASE_POOL_SIZE,
  DEFAULT_DATABASE_STATEMENT_TIMEOUT_SECONDS,
} from "../../app/config/env.server";
import type { SubmissionRecord } from "../../app/forms/contract";
import {
  CREATE_COMPATIBILITY_TABLE,
  MIGRATIONS,
  type Migration,
  oldestReleaseFor,
  schemaStep,
} from "./migrations";
import type { PreviousSigningKey } from "./signing-key-file";
import {
  ALL_PREVIEW_LINKS,
  type ClaimedSubmission,
  ENTRY_ADDRESS_UPSERT_SQL,
  ENTRY_ADDRESSES_SQL,
  type EntryAddressColumns,
  type EntryAddressRecord,
  EXTEND_LEASE_SQL,
  INSERT_COLUMNS,
  insertValues,
  type ListFilter,
  MARK_DELIVERED_SQL,
  newLeaseToken,
  newSubmissionId,
  type PreviewRevocationStore,
  PUBLISHED_VERSION_UPSERT_SQL,
  PURGE_CLAIM_SQL,
  PURGE_CLAIM_STATE_SQL,
  PURGE_DONE_SQL,
  PURGE_FORGET_SQL,
  type PublishedVersion,
  type PublishedVersionColumns,
  type PublishedVersionKey,
  type PublishedVersionStore,
  type PurgeClaim,
  type PurgeClaimStore,
  purgeSql,
  type RateLimitRule,
  type RateLimitStore,
  RETRY_SQL,
  REVOKE_SQL,
  REVOKED_AT_SQL,
  type RetryResult,
  type RevocationScope,
  rateDecision,
  revocationKey,
  type SiteStore,
  StoreUnavailableError,
  type SubmissionColumns,
  type SubmissionRow,
  type SubmissionStatus,
  type SubmissionStore,
  toEntryAddressRecord,
  toPublishedVersion,
  toSubmissionRow,
  toVersionKey,
  untakenPurgeClaim,
  VERSION_KEYS_SQL,
  type VersionKeyColumns,
  WAITING_SQL,
} from "./store";

/** One key for the whole site's migrations (pg_advisory_lock takes a bigint). */
export const MIGRATION_LOCK_KEY = 0x1d5_5703e;
const SIGNING_KEY_NAME = "forms-signing-key";
/** The key the last rotation replaced; its created_at is the time of the rotation. */
const PREVIOUS_SIGNING_KEY_NAME = "forms-signing-key-previous";
const KEY_HEX = /^[0-9a-f]{64}$/;
const KEY_BYTES = 32;

export interface PostgresStoreOptions {
  /** Longest wait for a connection (the database down: a submission fails after this). */
  connectTimeoutMs?: number;
  statementTimeoutMs?: number;
  poolSize?: number;
  /** Told about errors of idle connections (the database restarted, the network dropped). */
  onBackgroundError?: (error: Error) => void;
  /** The schema this release knows (default MIGRATIONS; a test gives another release's list). */
  migrations?: readonly Migration[];
  /**
   * Told, and awaited, before the start waits on the schema without a time limit: for the
   * migration lock another session holds, or for this start's own migrations.
   */
  onSchemaWait?: (wait: SchemaWait) => Promise<void> | void;
}

const INT8_OID = 20;
const DEFAULT_STATEMENT_TIMEOUT_MS = DEFAULT_DATABASE_STATEMENT_TIMEOUT_SECONDS * 1000;

async function withStatementTimeout(client: pg.ClientBase, ms: number): Promise<void> {
  await client.query("SELECT set_config('statement_timeout', $1, false)", [`${ms}ms`]);
}

/** Times are BIGINT milliseconds: read them as numbers (exact up to 2^53, year 287396). */
const types = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === INT8_OID
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format as "text")) as typeof pg.types.getTypeParser,
};

/** postgres://user@host:port/database, without the password, for messages and logs. */
export function describeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const user = parsed.username ? `${decodeURIComponent(parsed.username)}@` : "";
    return `postgres://${user}${parsed.host}${parsed.pathname}`;
  } catch {
    return "postgres://(unreadable URL)";
  }
}

/** The libpq modes `pg` 8 reads as `verify-full`, with a warning on stderr (pg 9: as libpq). */
const VERIFYING_SSL_MODES = new Set(["prefer", "require", "verify-ca"]);

/**
 * `prefer`, `require` and `verify-ca` written out as `verify-full` (docs/deploy.md): `pg` 8
 * reads them so too, but says so in a multi-line warning at every start (breaking the log's
 * one JSON object per line), and its next major will check less. `uselibpqcompat=true` asks
 * for libpq's meanings, and the URL is left as it is.
 */
export function withSiteSslMode(url: string): string {
  if (!URL.canParse(url)) return url;
  const parsed = new URL(url);
  const mode = parsed.searchParams.get("sslmode");
  if (!mode || !VERIFYING_SSL_MODES.has(mode)) return url;
  if (parsed.searchParams.get("uselibpqcompat") === "true") return url;
  parsed.searchParams.set("sslmode", "verify-full");
  return parsed.toString();
}

/** An error as a code or name only: a driver message may quote data. */
function errorCode(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === "string" ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
}

type Queryable = Pick<pg.Pool | pg.PoolClient, "query">;

class PostgresSubmissions implements SubmissionStore {
  constructor(private readonly db: Queryable) {}

  private async rows(sql: string, params: unknown[] = []): Promise<SubmissionColumns[]> {
    return (await this.db.query<SubmissionColumns>(sql, params)).rows;
  }

  private async count(sql: string, params: unknown[]): Promise<number> {
    return (await this.db.query(sql, params)).rowCount ?? 0;
  }

  async insert(record: SubmissionRecord, now = Date.now()): Promise<string> {
    const id = newSubmissionId();
    await this.db.query(
      `INSERT INTO submissions (${INSERT_COLUMNS})
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
      insertValues(id, record, now),
    );
    return id;
  }

  async due(now: number, limit: number): Promise<SubmissionRow[]> {
    const rows = await this.rows(
      `SELECT * FROM submissions WHERE status = 'pending' AND next_attempt_at <= $1
       ORDER BY next_attempt_at, received_at LIMIT $2`,
      [now, limit],
    );
    return rows.map(toSubmissionRow);
  }

  async claimDue(
    now: number,
    limit: number,
    leaseUntil: number,
    inFlight: readonly string[] = [],
  ): Promise<ClaimedSubmission[]> {
    // One statement: the rows another instance is claiming right now are skipped, not
    // waited for, and each claimed row gets its own lease token.
    const rows = await this.rows(
      `UPDATE submissions SET next_attempt_at = $3,
         lease_token = $4 || '.' || id
       WHERE id IN (
         SELECT id FROM submissions
         WHERE status = 'pending' AND next_attempt_at <= $1 AND NOT (id = ANY($5::text[]))
         ORDER BY next_attempt_at, received_at
         LIMIT $2
         FOR UPDATE SKIP LOCKED
       )
       RETURNING *`,
      [now, limit, leaseUntil, newLeaseToken(), inFlight],
    );
    return rows
      .map((row) => ({ ...toSubmissionRow(row), leaseToken: row.lease_token as string }))
      .sort((a, b) => a.queuedAt - b.queuedAt || a.receivedAt - b.receivedAt);
  }

  async nextDueAt(): Promise<number | undefined> {
    const { rows } = await this.db.query<{ due: number | null }>(
      "SELECT min(next_attempt_at) AS due FROM submissions WHERE status = 'pending'",
    );
    return rows[0]?.due ?? undefined;
  }

  async waiting(): Promise<{ count: number; oldestQueuedAt?: number }> {
    const { rows } = await this.db.query<{ count: number; oldest: number | null }>(WAITING_SQL);
    const oldest = rows[0]?.oldest;
    return {
      count: Number(rows[0]?.count ?? 0),
      oldestQueuedAt: oldest == null ? undefined : Number(oldest),
    };
  }

  async extendLease(id: string, leaseToken: string, leaseUntil: number): Promise<boolean> {
    return (await this.count(EXTEND_LEASE_SQL, [leaseUntil, id, leaseToken])) > 0;
  }

  async markDelivered(
    id: string,
    status: number,
    now = Date.now(),
    leaseToken?: string,
  ): Promise<void> {
    await this.db.query(MARK_DELIVERED_SQL, [status, now, id, leaseToken ?? null]);
  }

  async markRetry(
    id: string,
    nextAt: number,
    error: string,
    status?: number,
    leaseToken?: string,
  ): Promise<void> {
    await this.db.query(
      `UPDATE submissions SET attempts = attempts + 1, next_attempt_at = $1, last_error = $2,
         last_status = $3, lease_token = NULL
       WHERE id = $4 AND status = 'pending' AND ($5::text IS NULL OR lease_token = $5::text)`,
      [nextAt, error, status ?? null, id, leaseToken ?? null],
    );
  }

  async markDead(
    id: string,
    error: string,
    status?: number,
    now = Date.now(),
    leaseToken?: string,
  ): Promise<void> {
    await this.db.query(
      `UPDATE submissions SET status = 'dead', attempts = attempts + 1, next_attempt_at = NULL,
         last_error = $1, last_status = $2, dead_at = $3, lease_token = NULL
       WHERE id = $4 AND status = 'pending' AND ($5::text IS NULL OR lease_token = $5::text)`,
      [error, status ?? null, now, id, leaseToken ?? null],
    );
  }

  async get(id: string): Promise<SubmissionRow | undefined> {
    const [row] = await this.rows("SELECT * FROM submissions WHERE id = $1", [id]);
    return row ? toSubmissionRow(row) : undefined;
  }

  async list(filter: ListFilter = {}): Promise<SubmissionRow[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.status) {
      params.push(filter.status);
      where.push(`status = $${params.length}`);
    }
    if (filter.spam !== undefined) where.push(filter.spam ? "spam IS NOT NULL" : "spam IS NULL");
    if (filter.since) {
      params.push(filter.since.getTime());
      where.push(`received_at >= $${params.length}`);
    }
    const order = filter.order === "oldest" ? "ASC" : "DESC";
    let sql = `SELECT * FROM submissions${where.length ? ` WHERE ${where.join(" AND ")}` : ""}
      ORDER BY received_at ${order}, id ${order}`;
    if (filter.limit !== undefined) {
      params.push(filter.limit);
      sql += ` LIMIT $${params.length}`;
    }
    return (await this.rows(sql, params)).map(toSubmissionRow);
  }

  async retry(id: string, now = Date.now()): Promise<RetryResult> {
    const row = await this.get(id);
    if (!row) return { ok: false, reason: "not-found" };
    if (row.purgedAt !== null || row.fields === null) return { ok: false, reason: "purged" };
    await this.db.query(RETRY_SQL, [now, id]);
    return { ok: true, previousStatus: row.status };
  }

  async retryDead(now = Date.now()): Promise<number> {
    return this.count(
      `UPDATE submissions SET status = 'pending', queued_at = $1, next_attempt_at = $1,
         dead_at = NULL, lease_token = NULL
       WHERE status = 'dead' AND purged_at IS NULL`,
      [now],
    );
  }

  async purge(status: SubmissionStatus, before: Date, now = Date.now()): Promise<number> {
    return this.count(purgeSql(status), [now, before.getTime(), status]);
  }
}

/** One statement counts the attempt, restarting the window when it has run out. */
const RATE_HIT_SQL = `INSERT INTO rate_windows (key, started_at, count) VALUES ($1, $2, 1)
  ON CONFLICT (key) DO UPDATE SET
    count = CASE WHEN rate_windows.started_at <= $2::bigint - $3::bigint THEN 1
                 ELSE rate_windows.count + 1 END,
    started_at = CASE WHEN rate_windows.started_at <= $2::bigint - $3::bigint THEN $2::bigint
                      ELSE rate_windows.started_at END
  RETURNING started_at, count`;

class PostgresRateLimits implements RateLimitStore {
  constructor(private readonly db: Queryable) {}

  async hit(key: string, rule: RateLimitRule) {
    const { rows } = await this.db.query<{ started_at: number; count: number }>(RATE_HIT_SQL, [
      key,
      rule.now,
      rule.windowMs,
    ]);
    const row = rows[0] as { started_at: number; count: number };
    return rateDecision(row.started_at, row.count, rule);
  }

  async purgeExpired(before: number): Promise<number> {
    return (
      (await this.db.query("DELETE FROM rate_windows WHERE started_at < $1", [before])).rowCount ??
      0
    );
  }
}

class PostgresPublishedVersions implements PublishedVersionStore {
  constructor(private readonly pool: pg.Pool) {}

  async listPublishedVersionKeys(templateName: string): Promise<PublishedVersionKey[]> {
    const { rows } = await this.pool.query<VersionKeyColumns>(VERSION_KEYS_SQL, [templateName]);
    return rows.map(toVersionKey);
  }

  async getPublishedVersions(entryIds: readonly string[]): Promise<PublishedVersion[]> {
    if (entryIds.length === 0) return [];
    const { rows } = await this.pool.query<PublishedVersionColumns>(
      "SELECT * FROM published_versions WHERE entry_id = ANY($1::text[])",
      [[...entryIds]],
    );
    const byId = new Map(rows.map((row) => [row.entry_id, toPublishedVersion(row)]));
    return entryIds.flatMap((id) => byId.get(id) ?? []);
  }

  /** All or none, in one transaction on one connection. */
  async recordPublishedVersions(versions: readonly PublishedVersion[]): Promise<void> {
    await this.inTransaction(async (client) => {
      for (const v of versions) {
        await client.query(PUBLISHED_VERSION_UPSERT_SQL, [
          v.entryId,
          v.templateName,
          v.versionKey,
          JSON.stringify(v.entry),
          v.recordedAt,
          v.path ?? null,
        ]);
        if (v.path !== undefined) {
          await client.query(ENTRY_ADDRESS_UPSERT_SQL, [
            v.entryId,
            v.path,
            v.templateName,
            v.recordedAt,
          ]);
        }
      }
    });
  }

  async removePublishedVersions(entryIds: readonly string[]): Promise<void> {
    if (entryIds.length === 0) return;
    await this.inTransaction(async (client) => {
      for (const table of ["published_versions", "entry_addresses"]) {
        await client.query(`DELETE FROM ${table} WHERE entry_id = ANY($1::text[])`, [
          [...entryIds],
        ]);
      }
    });
  }

  async listEntryAddresses(): Promise<EntryAddressRecord[]> {
    const { rows } = await this.pool.query<EntryAddressColumns>(ENTRY_ADDRESSES_SQL);
    return rows.map(toEntryAddressRecord);
  }

  private async inTransaction(work: (client: pg.PoolClient) => Promise<void>): Promise<void> {
    const client = await this.pool.connect();
    try {
      await client.query("BEGIN");
      await work(client);
      await client.query("COMMIT");
      client.release();
    } catch (error) {
      await client.query("ROLLBACK").catch(() => {});
      client.release(true);
      throw error;
    }
  }
}

class PostgresPreviewRevocations implements PreviewRevocationStore {
  constructor(private readonly db: Queryable) {}

  async revokePreviewLinks(scope: RevocationScope, at: number): Promise<void> {
    await this.db.query(REVOKE_SQL, [revocationKey(scope), at]);
  }

  async previewLinksRevokedAt(entryId: string): Promise<number> {
    const { rows } = await this.db.query<{ at: number }>(REVOKED_AT_SQL, [
      entryId,
      ALL_PREVIEW_LINKS,
    ]);
    return Number(rows[0]?.at ?? 0);
  }
}

async function schemaVersion(client: Queryable): Promise<number> {
  const exists = await client.query<{ table: string | null }>(
    "SELECT to_regclass('store_schema')::text AS table",
  );
  if (!exists.rows[0]?.table) return 0;
  const { rows } = await client.query<{ version: number }>(
    "SELECT coalesce(max(version), 0) AS version FROM store_schema",
  );
  return Number(rows[0]?.version ?? 0);
}

async function recordedOldestRelease(client: Queryable): Promise<number | undefined> {
  const exists = await client.query<{ table: string | null }>(
    "SELECT to_regclass('store_compatibility')::text AS table",
  );
  if (!exists.rows[0]?.table) return undefined;
  const { rows } = await client.query<{ oldest_release: number }>(
    "SELECT oldest_release FROM store_compatibility",
  );
  return rows[0] ? Number(rows[0].oldest_release) : undefined;
}

/** Neither wait has a time limit, so the start says which it is (store-wait.ts). */
export type SchemaWait =
  | { kind: "migration lock"; holder: string }
  | { kind: "migrating"; from: number; to: number };

/** Who holds the migration lock, in words for a log line (their session may have ended). */
async function migrationLockHolder(client: Queryable): Promise<string> {
  // A bigint advisory key is kept as two 32-bit halves, and objsubid 1.
  const { rows } = await client.query<{ pid: number; application_name: string }>(
    `SELECT a.pid, a.application_name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
     WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1
       AND l.classid::bigint = $1 AND l.objid::bigint = $2`,
    [Math.floor(MIGRATION_LOCK_KEY / 2 ** 32), MIGRATION_LOCK_KEY % 2 ** 32],
  );
  const row = rows[0];
  if (!row) return "another session";
  return `session ${row.pid}${row.application_name ? ` (${row.application_name})` : ""}`;
}

/**
 * Each migration commits with its version and who can run on it, so a failed one leaves the
 * last good version. The lock and the migrations run in a session without a statement
 * timeout: a migration may take longer than any request should, and an instance waiting for
 * another's must wait as long as it takes rather than fail and be started again.
 */
async function migrate(
  checks: Queryable,
  session: () => Promise<pg.Client>,
  where: string,
  migrations: readonly Migration[],
  onWait: (wait: SchemaWait) => Promise<void> | void,
): Promise<number[]> {
  const step = async (client: Queryable) =>
    schemaStep(await schemaVersion(client), await recordedOldestRelease(client), migrations, where);
  if ((await step(checks)) !== "migrate") return [];
  const client = await session();
  try {
    const { rows } = await client.query<{ taken: boolean }>(
      "SELECT pg_try_advisory_lock($1) AS taken",
      [MIGRATION_LOCK_KEY],
    );
    if (!rows[0]?.taken) {
      await onWait({ kind: "migration lock", holder: await migrationLockHolder(client) });
      await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    }
    const ran: number[] = [];
    try {
      await client.query("CREATE TABLE IF NOT EXISTS store_schema (version INTEGER NOT NULL)");
      await client.query(CREATE_COMPATIBILITY_TABLE);
      if ((await step(client)) !== "migrate") return [];
      const from = await schemaVersion(client);
      await onWait({ kind: "migrating", from, to: migrations.length });
      for (let index = from; index < migrations.length; index++) {
        await client.query("BEGIN");
        try {
          await client.query((migrations[index] as Migration).postgres);
          await client.query("DELETE FROM store_schema");
          await client.query("INSERT INTO store_schema (version) VALUES ($1)", [index + 1]);
          await client.query("DELETE FROM store_compatibility");
          await client.query("INSERT INTO store_compatibility (oldest_release) VALUES ($1)", [
            oldestReleaseFor(migrations, index + 1),
          ]);
          await client.query("COMMIT");
        } catch (error) {
          await client.query("ROLLBACK");
          throw error;
        }
        ran.push(index + 1);
      }
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
    }
    return ran;
  } finally {
    // Ending the session also releases the lock if the unlock above could not be sent.
    await client.end().catch(() => {});
  }
}

class PostgresPurgeClaims implements PurgeClaimStore {
  constructor(private readonly pool: pg.Pool) {}

  async claim(
    change: string,
    holder: string,
    now: number,
    leaseUntil: number,
  ): Promise<PurgeClaim> {
    const taken = await this.pool.query(PURGE_CLAIM_SQL, [change, holder, now, leaseUntil]);
    if (taken.rowCount) return "claimed";
    const { rows } = await this.pool.query<{ done_at: number | null }>(PURGE_CLAIM_STATE_SQL, [
      change,
    ]);
    return untakenPurgeClaim(rows[0]?.done_at);
  }

  async markDone(change: string, holder: string, now: number): Promise<void> {
    await this.pool.query(PURGE_DONE_SQL, [change, holder, now]);
  }

  async forgetBefore(before: number): Promise<number> {
    return (await this.pool.query(PURGE_FORGET_SQL, [before])).rowCount ?? 0;
  }
}

export class PostgresStore implements SiteStore {
  readonly engine = "postgres";
  readonly submissions: SubmissionStore;
  readonly rateLimits: RateLimitStore;
  readonly publishedVersions: PublishedVersionStore;
  readonly previewRevocations: PreviewRevocationStore;
  readonly purgeClaims: PurgeClaimStore;
  private closed = false;

  private constructor(
    private readonly pool: pg.Pool,
    readonly location: string,
    readonly migrated: readonly number[],
  ) {
    this.submissions = new PostgresSubmissions(pool);
    this.rateLimits = new PostgresRateLimits(pool);
    this.publishedVersions = new PostgresPublishedVersions(pool);
    this.previewRevocations = new PostgresPreviewRevocations(pool);
    this.purgeClaims = new PostgresPurgeClaims(pool);
  }

  static async open(url: string, options: PostgresStoreOptions = {}): Promise<PostgresStore> {
    const location = describeDatabaseUrl(url);
    const statementTimeoutMs = options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
    const connection = {
      connectionString: withSiteSslMode(url),
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
      keepAlive: true,
      application_name: "id5-site",
      types,
    };
    const pool = new pg.Pool({
      ...connection,
      // Also bounds a query whose server vanished without closing the connection.
      query_timeout: statementTimeoutMs + 5_000,
      max: options.poolSize ?? DEFAULT_DATABASE_POOL_SIZE,
      // Set once the session is open, not sent with the connection's startup parameters:
      // PgBouncer refuses a connection that names one it does not know (08P01), and
      // statement_timeout is one of those.
      onConnect: (client) => withStatementTimeout(client, statementTimeoutMs),
    });
    // The migrations' session: no statement timeout, no client-side one either.
    const migrationSession = async () => {
      const client = new pg.Client(connection);
      client.on("error", (error) => options.onBackgroundError?.(error));
      await client.connect();
      await withStatementTimeout(client, 0);
      return client;
    };
    // Without a listener an idle connection's error (the server restarting) would end the
    // process; the pool drops that connection and opens another when next asked.
    pool.on("error", (error) => options.onBackgroundError?.(error));
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      await pool.end().catch(() => {});
      throw new StoreUnavailableError(
        `could not connect to the database at ${location} (${errorCode(error)})`,
        { cause: error },
      );
    }
    try {
      const { rows } = await client.query<{ server_version_num: string }>(
        "SHOW server_version_num",
      );
      const version = Number(rows[0]?.server_version_num ?? 0);
      if (version < 130000) {
        throw new Error(
          `the database at ${location} runs PostgreSQL ${Math.floor(version / 10000)}: the site needs 13 or later`,
        );
      }
    } catch (error) {
      client.release(true);
      await pool.end().catch(() => {});
      throw error;
    }
    client.release();
    try {
      const ran = await migrate(
        pool,
        migrationSession,
        location,
        options.migrations ?? MIGRATIONS,
        options.onSchemaWait ?? (() => {}),
      );
      return new PostgresStore(pool, location, ran);
    } catch (error) {
      await pool.end().catch(() => {});
      throw error;
    }
  }

  async signingKey(configured?: string): Promise<Buffer> {
    if (configured) return Buffer.from(configured, "utf8");
    // Of instances starting together, the first insert wins and all read the winner's key.
    await this.pool.query(
      `INSERT INTO secrets (name, value, created_at) VALUES ($1, $2, $3)
       ON CONFLICT (name) DO NOTHING`,
      [SIGNING_KEY_NAME, randomBytes(KEY_BYTES).toString("hex"), Date.now()],
    );
    const { rows } = await this.pool.query<{ value: string }>(
      "SELECT value FROM secrets WHERE name = $1",
      [SIGNING_KEY_NAME],
    );
    const value = rows[0]?.value ?? "";
    if (!KEY_HEX.test(value)) {
      throw new Error(
        `the signing key stored in ${this.location} is damaged (not 64 hex characters)`,
      );
    }
    return Buffer.from(value, "hex");
  }

  async previousSigningKey(): Promise<PreviousSigningKey | undefined> {
    const { rows } = await this.pool.query<{ value: string; created_at: string }>(
      "SELECT value, created_at FROM secrets WHERE name = $1",
      [PREVIOUS_SIGNING_KEY_NAME],
    );
    const row = rows[0];
    if (!row) return undefined;
    if (!KEY_HEX.test(row.value)) {
      throw new Error(`the previous signing key stored in ${this.location} is damaged`);
    }
    return { key: Buffer.from(row.value, "hex"), rotatedAt: Number(row.created_at) };
  }

  async rotateSigningKey(now: number): Promise<PreviousSigningKey> {
    const replaced = await this.signingKey();
    // One statement, so one transaction: the current key becomes the previous one and a
    // new key takes its place, both or neither. The row lock makes concurrent rotations
    // take turns, and the check on the value keeps the answer true to what was replaced.
    const { rowCount } = await this.pool.query(
      `WITH replaced AS (
         SELECT value FROM secrets WHERE name = $1 AND value = $3 FOR UPDATE
       ), kept AS (
         INSERT INTO secrets (name, value, created_at) SELECT $2, value, $5 FROM replaced
         ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value, created_at = EXCLUDED.created_at
       )
       UPDATE secrets SET value = $4, created_at = $5
       WHERE name = $1 AND EXISTS (SELECT 1 FROM replaced)`,
      [
        SIGNING_KEY_NAME,
        PREVIOUS_SIGNING_KEY_NAME,
        replaced.toString("hex"),
        randomBytes(KEY_BYTES).toString("hex"),
        now,
      ],
    );
    if (rowCount !== 1) {
      throw new Error(
        `the signing key in ${this.location} changed during the rotation; run it again`,
      );
    }
    return { key: replaced, rotatedAt: now };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.pool.end();
  }
}
