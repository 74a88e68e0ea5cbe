// The embedded store: one SQLite file ({dataDir}/forms.db) in WAL mode with
// synchronous=FULL, so a submission is on disk before the visitor sees the outcome; the
// signing key is a file beside it (signing-key-file.ts). Processes on one machine (the
// site, `npm run forms`, a second instance on the same DATA_DIR) share it: every write
// takes SQLite's write lock, and a claim is one IMMEDIATE transaction.
import { closeSync, mkdirSync, openSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import Database from "libsql";
import type { SubmissionRecord } from "../../app/forms/contract";
import {
  CREATE_COMPATIBILITY_TABLE,
  MIGRATIONS,
  type Migration,
  oldestReleaseFor,
  schemaStep,
} from "./migrations";
import {
  loadPreviousSigningKey,
  loadSigningKey,
  type PreviousSigningKey,
  rotateSigningKeyFile,
} from "./signing-key-file";
import {
  ALL_PREVIEW_LINKS,
  type ClaimedSubmission,
  ENTRY_ADDRESS_UPSERT_SQL,
  ENTRY_ADDRESSES_SQL,
  type EntryAddressColumns,
  type EntryAddressRecord,
  EXTEND_LEASE_SQL,
  forSqlite,
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

export const SQLITE_FILE = "forms.db";
/** How long another connection (the CLI, a second instance) may hold the write lock. */
export const BUSY_TIMEOUT_MS = 5000;

function recordedOldestRelease(db: Database.Database): number | undefined {
  const table = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'store_compatibility'")
    .get();
  if (!table) return undefined;
  const row = db.prepare("SELECT oldest_release FROM store_compatibility").get() as
    | { oldest_release: number }
    | undefined;
  return row?.oldest_release;
}

function migrate(db: Database.Database, file: string, migrations: readonly Migration[]): number[] {
  const version = () =>
    (db.prepare("PRAGMA user_version").get() as { user_version: number }).user_version;
  const step = () => schemaStep(version(), recordedOldestRelease(db), migrations, file);
  const ran: number[] = [];
  if (step() !== "migrate") return ran;
  // IMMEDIATE takes the write lock first, so two processes opening a fresh file at once
  // cannot both run the same migration: the second one sees the new version and skips.
  db.transaction(() => {
    if (step() !== "migrate") return;
    for (let index = version(); index < migrations.length; index++) {
      db.exec((migrations[index] as Migration).sqlite);
      ran.push(index + 1);
    }
    // Inside the transaction: the schema, its version and who can run on it commit together.
    db.exec(CREATE_COMPATIBILITY_TABLE);
    db.exec("DELETE FROM store_compatibility");
    db.prepare("INSERT INTO store_compatibility (oldest_release) VALUES (?)").run(
      oldestReleaseFor(migrations, migrations.length),
    );
    db.exec(`PRAGMA user_version = ${migrations.length}`);
  }).immediate();
  return ran;
}

class SqliteSubmissions implements SubmissionStore {
  constructor(private readonly db: Database.Database) {}

  async insert(record: SubmissionRecord, now = Date.now()): Promise<string> {
    const id = newSubmissionId();
    this.db
      .prepare(
        `INSERT INTO submissions (${INSERT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(...insertValues(id, record, now));
    return id;
  }

  private dueRows(
    now: number,
    limit: number,
    inFlight: readonly string[] = [],
  ): SubmissionColumns[] {
    return this.db
      .prepare(
        `SELECT * FROM submissions WHERE status = 'pending' AND next_attempt_at <= ?
           AND id NOT IN (SELECT value FROM json_each(?))
         ORDER BY next_attempt_at, received_at LIMIT ?`,
      )
      .all(now, JSON.stringify(inFlight), limit) as SubmissionColumns[];
  }

  async due(now: number, limit: number): Promise<SubmissionRow[]> {
    return this.dueRows(now, limit).map(toSubmissionRow);
  }

  async claimDue(
    now: number,
    limit: number,
    leaseUntil: number,
    inFlight: readonly string[] = [],
  ): Promise<ClaimedSubmission[]> {
    return this.db
      .transaction(() => {
        const lease = this.db.prepare(
          "UPDATE submissions SET next_attempt_at = ?, lease_token = ? WHERE id = ? AND status = 'pending'",
        );
        return this.dueRows(now, limit, inFlight).map((row) => {
          const leaseToken = newLeaseToken();
          lease.run(leaseUntil, leaseToken, row.id);
          return { ...toSubmissionRow(row), nextAttemptAt: leaseUntil, leaseToken };
        });
      })
      .immediate();
  }

  async nextDueAt(): Promise<number | undefined> {
    const row = this.db
      .prepare("SELECT min(next_attempt_at) AS due FROM submissions WHERE status = 'pending'")
      .get() as { due: number | null } | undefined;
    return row?.due ?? undefined;
  }

  async waiting(): Promise<{ count: number; oldestQueuedAt?: number }> {
    const row = this.db.prepare(WAITING_SQL).get() as { count: number; oldest: number | null };
    return { count: row.count, oldestQueuedAt: row.oldest ?? undefined };
  }

  async extendLease(id: string, leaseToken: string, leaseUntil: number): Promise<boolean> {
    return this.db.prepare(forSqlite(EXTEND_LEASE_SQL)).run(leaseUntil, id, leaseToken).changes > 0;
  }

  async markDelivered(
    id: string,
    status: number,
    now = Date.now(),
    leaseToken?: string,
  ): Promise<void> {
    this.db.prepare(forSqlite(MARK_DELIVERED_SQL)).run(status, now, id, leaseToken ?? null);
  }

  async markRetry(
    id: string,
    nextAt: number,
    error: string,
    status?: number,
    leaseToken?: string,
  ): Promise<void> {
    this.db
      .prepare(
        `UPDATE submissions SET attempts = attempts + 1, next_attempt_at = ?, last_error = ?,
           last_status = ?, lease_token = NULL
         WHERE id = ? AND status = 'pending' AND (? IS NULL OR lease_token = ?)`,
      )
      .run(nextAt, error, status ?? null, id, leaseToken ?? null, leaseToken ?? null);
  }

  async markDead(
    id: string,
    error: string,
    status?: number,
    now = Date.now(),
    leaseToken?: string,
  ): Promise<void> {
    this.db
      .prepare(
        `UPDATE submissions SET status = 'dead', attempts = attempts + 1, next_attempt_at = NULL,
           last_error = ?, last_status = ?, dead_at = ?, lease_token = NULL
         WHERE id = ? AND status = 'pending' AND (? IS NULL OR lease_token = ?)`,
      )
      .run(error, status ?? null, now, id, leaseToken ?? null, leaseToken ?? null);
  }

  async get(id: string): Promise<SubmissionRow | undefined> {
    const row = this.db.prepare("SELECT * FROM submissions WHERE id = ?").get(id) as
      | SubmissionColumns
      | undefined;
    return row ? toSubmissionRow(row) : undefined;
  }

  async list(filter: ListFilter = {}): Promise<SubmissionRow[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.status) {
      where.push("status = ?");
      params.push(filter.status);
    }
    if (filter.spam !== undefined) where.push(filter.spam ? "spam IS NOT NULL" : "spam IS NULL");
    if (filter.since) {
      where.push("received_at >= ?");
      params.push(filter.since.getTime());
    }
    const order = filter.order === "oldest" ? "ASC" : "DESC";
    let sql = `SELECT * FROM submissions${where.length ? ` WHERE ${where.join(" AND ")}` : ""}
      ORDER BY received_at ${order}, id ${order}`;
    if (filter.limit !== undefined) {
      sql += " LIMIT ?";
      params.push(filter.limit);
    }
    return (this.db.prepare(sql).all(...params) as SubmissionColumns[]).map(toSubmissionRow);
  }

  async retry(id: string, now = Date.now()): Promise<RetryResult> {
    const row = await this.get(id);
    if (!row) return { ok: false, reason: "not-found" };
    if (row.purgedAt !== null || row.fields === null) return { ok: false, reason: "purged" };
    this.db.prepare(forSqlite(RETRY_SQL)).run(now, id);
    return { ok: true, previousStatus: row.status };
  }

  async retryDead(now = Date.now()): Promise<number> {
    return this.db
      .prepare(
        `UPDATE submissions SET status = 'pending', queued_at = ?, next_attempt_at = ?,
           dead_at = NULL, lease_token = NULL
         WHERE status = 'dead' AND purged_at IS NULL`,
      )
      .run(now, now).changes;
  }

  async purge(status: SubmissionStatus, before: Date, now = Date.now()): Promise<number> {
    const purged = this.db
      .prepare(forSqlite(purgeSql(status)))
      .run(now, before.getTime(), status).changes;
    // The old pages of what was purged live on in the WAL until a checkpoint: copied into
    // the database now (secure_delete zeroes them there) and the log emptied.
    if (purged > 0) this.db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    return purged;
  }
}

/** One statement counts the attempt, restarting the window when it has run out. */
export const RATE_HIT_SQL = `INSERT INTO rate_windows (key, started_at, count) VALUES (?1, ?2, 1)
  ON CONFLICT (key) DO UPDATE SET
    count = CASE WHEN rate_windows.started_at <= ?2 - ?3 THEN 1 ELSE rate_windows.count + 1 END,
    started_at = CASE WHEN rate_windows.started_at <= ?2 - ?3 THEN ?2 ELSE rate_windows.started_at END
  RETURNING started_at, count`;

class SqliteRateLimits implements RateLimitStore {
  constructor(private readonly db: Database.Database) {}

  async hit(key: string, rule: RateLimitRule) {
    const row = this.db.prepare(RATE_HIT_SQL).get(key, rule.now, rule.windowMs) as {
      started_at: number;
      count: number;
    };
    return rateDecision(row.started_at, row.count, rule);
  }

  async purgeExpired(before: number): Promise<number> {
    return this.db.prepare("DELETE FROM rate_windows WHERE started_at < ?").run(before).changes;
  }
}

class SqlitePublishedVersions implements PublishedVersionStore {
  constructor(private readonly db: Database.Database) {}

  async listPublishedVersionKeys(templateName: string): Promise<PublishedVersionKey[]> {
    const rows = this.db
      .prepare(forSqlite(VERSION_KEYS_SQL))
      .all(templateName) as VersionKeyColumns[];
    return rows.map(toVersionKey);
  }

  async getPublishedVersions(entryIds: readonly string[]): Promise<PublishedVersion[]> {
    const select = this.db.prepare("SELECT * FROM published_versions WHERE entry_id = ?");
    return entryIds.flatMap((id) => {
      const row = select.get(id) as PublishedVersionColumns | undefined;
      return row ? [toPublishedVersion(row)] : [];
    });
  }

  async recordPublishedVersions(versions: readonly PublishedVersion[]): Promise<void> {
    const upsert = this.db.prepare(forSqlite(PUBLISHED_VERSION_UPSERT_SQL));
    const noteAddress = this.db.prepare(forSqlite(ENTRY_ADDRESS_UPSERT_SQL));
    this.db.transaction(() => {
      for (const v of versions) {
        const json = JSON.stringify(v.entry);
        upsert.run(v.entryId, v.templateName, v.versionKey, json, v.recordedAt, v.path ?? null);
        if (v.path !== undefined) noteAddress.run(v.entryId, v.path, v.templateName, v.recordedAt);
      }
    })();
  }

  async removePublishedVersions(entryIds: readonly string[]): Promise<void> {
    const removeVersion = this.db.prepare("DELETE FROM published_versions WHERE entry_id = ?");
    const removeAddresses = this.db.prepare("DELETE FROM entry_addresses WHERE entry_id = ?");
    this.db.transaction(() => {
      for (const id of entryIds) {
        removeVersion.run(id);
        removeAddresses.run(id);
      }
    })();
  }

  async listEntryAddresses(): Promise<EntryAddressRecord[]> {
    const rows = this.db.prepare(ENTRY_ADDRESSES_SQL).all() as EntryAddressColumns[];
    return rows.map(toEntryAddressRecord);
  }
}

class SqlitePreviewRevocations implements PreviewRevocationStore {
  constructor(private readonly db: Database.Database) {}

  async revokePreviewLinks(scope: RevocationScope, at: number): Promise<void> {
    this.db.prepare(forSqlite(REVOKE_SQL)).run(revocationKey(scope), at);
  }

  async previewLinksRevokedAt(entryId: string): Promise<number> {
    const row = this.db.prepare(forSqlite(REVOKED_AT_SQL)).get(entryId, ALL_PREVIEW_LINKS) as {
      at: number;
    };
    return row.at;
  }
}

class SqlitePurgeClaims implements PurgeClaimStore {
  constructor(private readonly db: Database.Database) {}

  async claim(
    change: string,
    holder: string,
    now: number,
    leaseUntil: number,
  ): Promise<PurgeClaim> {
    const taken = this.db.prepare(forSqlite(PURGE_CLAIM_SQL)).get(change, holder, now, leaseUntil);
    if (taken) return "claimed";
    const row = this.db.prepare(forSqlite(PURGE_CLAIM_STATE_SQL)).get(change) as
      | { done_at: number | null }
      | undefined;
    return untakenPurgeClaim(row?.done_at);
  }

  async markDone(change: string, holder: string, now: number): Promise<void> {
    this.db.prepare(forSqlite(PURGE_DONE_SQL)).run(change, holder, now);
  }

  async forgetBefore(before: number): Promise<number> {
    return this.db.prepare(forSqlite(PURGE_FORGET_SQL)).run(before).changes;
  }
}

export class SqliteStore implements SiteStore {
  readonly engine = "sqlite";
  readonly submissions: SubmissionStore;
  readonly rateLimits: RateLimitStore;
  readonly publishedVersions: PublishedVersionStore;
  readonly previewRevocations: PreviewRevocationStore;
  readonly purgeClaims: PurgeClaimStore;

  private constructor(
    private readonly db: Database.Database,
    /** The rate windows' own connection: see open(). */
    private readonly rateDb: Database.Database,
    private readonly dataDir: string,
    readonly location: string,
    readonly migrated: readonly number[],
  ) {
    this.submissions = new SqliteSubmissions(db);
    this.rateLimits = new SqliteRateLimits(rateDb);
    this.publishedVersions = new SqlitePublishedVersions(db);
    this.previewRevocations = new SqlitePreviewRevocations(db);
    this.purgeClaims = new SqlitePurgeClaims(db);
  }

  static open(dataDir: string, migrations: readonly Migration[] = MIGRATIONS): SqliteStore {
    const dir = path.resolve(dataDir);
    // The folder and the file hold personal data: readable by this user only when we create them.
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const file = path.join(dir, SQLITE_FILE);
    // SQLite gives its -wal and -shm files the database file's mode.
    closeSync(openSync(file, "a", 0o600));
    const db = new Database(file);
    let migrated: number[];
    try {
      // First: switching to WAL takes a lock, and another process (the site, the operator's
      // command) may hold it for a moment; without a busy timeout that is an instant error.
      db.exec(`PRAGMA busy_timeout=${BUSY_TIMEOUT_MS}`);
      db.exec("PRAGMA journal_mode=WAL");
      db.exec("PRAGMA synchronous=FULL");
      // A purge overwrites what it frees: no submission's fields stay in free pages.
      db.exec("PRAGMA secure_delete=ON");
      migrated = migrate(db, file, migrations);
    } catch (error) {
      db.close();
      throw error;
    }
    // A rate window lost to a power cut costs nothing, so its writes skip the fsync every
    // submission's commit needs (synchronous=NORMAL: in WAL mode a commit is not synced;
    // the next FULL commit syncs the log it shares). Measured on a busy machine: 1.6 ms of
    // blocking fsync a rate check with FULL, 0.04 ms with NORMAL.
    const rateDb = new Database(file);
    rateDb.exec(`PRAGMA busy_timeout=${BUSY_TIMEOUT_MS}`);
    rateDb.exec("PRAGMA synchronous=NORMAL");
    return new SqliteStore(db, rateDb, dir, file, migrated);
  }

  async signingKey(configured?: string): Promise<Buffer> {
    return loadSigningKey(this.dataDir, configured);
  }

  async previousSigningKey(): Promise<PreviousSigningKey | undefined> {
    return loadPreviousSigningKey(this.dataDir);
  }

  async rotateSigningKey(now: number): Promise<PreviousSigningKey> {
    return rotateSigningKeyFile(this.dataDir, now);
  }

  async close(): Promise<void> {
    if (this.rateDb.open) this.rateDb.close();
    if (this.db.open) this.db.close();
  }
}

/**
 * A consistent copy of forms.db taken with VACUUM INTO while the site may be writing: one
 * file, the WAL's content in it, readable by this user only. A `target` that exists is refused
 * (VACUUM INTO writes into an empty file only); the schema is not migrated.
 */
export function backupSqliteFile(dataDir: string, target: string): { bytes: number } {
  const file = path.join(path.resolve(dataDir), SQLITE_FILE);
  // Created here, empty and private, so the copy never exists readable by others.
  closeSync(openSync(target, "wx", 0o600));
  let db: Database.Database | undefined;
  try {
    db = new Database(file, { fileMustExist: true });
    db.exec(`PRAGMA busy_timeout=${BUSY_TIMEOUT_MS}`);
    db.prepare("VACUUM INTO ?").run(target);
  } catch (error) {
    rmSync(target, { force: true });
    throw error;
  } finally {
    db?.close();
  }
  return { bytes: statSync(target).size };
}
