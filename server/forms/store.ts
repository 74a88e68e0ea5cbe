// The durable store of form submissions: one SQLite file ({dataDir}/forms.db) in WAL mode
// with synchronous=FULL, so a submission is on disk before the visitor sees the outcome.
// It is also the outbox's queue (status + next_attempt_at) and what the operator's command
// reads; the running site and `npm run forms` open the same file at the same time.
import { randomBytes } from "node:crypto";
import { closeSync, mkdirSync, openSync } from "node:fs";
import path from "node:path";
import Database from "libsql";
import type { Attribution, FieldValue, SubmissionRecord } from "../../app/forms/service";

export const FORMS_DB_FILE = "forms.db";
/** How long another connection (the CLI, a second instance) may hold the write lock. */
export const BUSY_TIMEOUT_MS = 5000;

export type SubmissionStatus = "pending" | "delivered" | "dead" | "spam";
export const SUBMISSION_STATUSES: readonly SubmissionStatus[] = [
  "pending",
  "delivered",
  "dead",
  "spam",
];

/** A stored submission; `fields`, `consent` and `attribution` are null once purged. */
export interface SubmissionRow {
  id: string;
  receivedAt: number;
  formId: string;
  formEntryId: string;
  formVersion: string;
  destination: string;
  pagePath: string;
  fields: Record<string, FieldValue> | null;
  consent: SubmissionRecord["consent"];
  attribution: Attribution | null;
  /** Why it was caught as spam, or null. */
  spam: string | null;
  status: SubmissionStatus;
  /** When its current delivery run began: on receipt, or when an operator retried it. */
  queuedAt: number;
  /** Delivery attempts finished so far (over every run: the receiver's attempt number). */
  attempts: number;
  nextAttemptAt: number | null;
  lastError: string | null;
  lastStatus: number | null;
  deliveredAt: number | null;
  deadAt: number | null;
  purgedAt: number | null;
}

/** What the CRM receives (key order fixed: the body is signed byte for byte). */
export interface SubmissionPayload {
  id: string;
  formId: string;
  formEntryId: string;
  formVersion: string;
  destination: string;
  pagePath: string;
  submittedAt: string;
  fields: Record<string, FieldValue>;
  consent: { version: string; text: string } | null;
  attribution: Attribution | null;
}

export interface ListFilter {
  status?: SubmissionStatus;
  /** true: only the submissions caught as spam; false: none of them; unset: all. */
  spam?: boolean;
  /** Received at or after. */
  since?: Date;
  limit?: number;
  /** Newest first (default) or in the order received. */
  order?: "newest" | "oldest";
}

export type RetryResult =
  | { ok: true; previousStatus: SubmissionStatus }
  | { ok: false; reason: "not-found" | "purged" };

/**
 * Schema migrations, in order; PRAGMA user_version is how many have run. Append only:
 * a released migration never changes.
 */
const MIGRATIONS: readonly string[] = [
  `CREATE TABLE submissions (
     id TEXT PRIMARY KEY,
     received_at INTEGER NOT NULL,
     form_id TEXT NOT NULL,
     form_entry_id TEXT NOT NULL,
     form_version TEXT NOT NULL,
     destination TEXT NOT NULL,
     page_path TEXT NOT NULL,
     fields_json TEXT,
     consent_json TEXT,
     attribution_json TEXT,
     spam TEXT,
     status TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'dead', 'spam')),
     queued_at INTEGER NOT NULL,
     attempts INTEGER NOT NULL DEFAULT 0,
     next_attempt_at INTEGER,
     last_error TEXT,
     last_status INTEGER,
     delivered_at INTEGER,
     dead_at INTEGER,
     purged_at INTEGER
   );
   CREATE INDEX submissions_outbox ON submissions (status, next_attempt_at);
   CREATE INDEX submissions_received ON submissions (received_at);`,
];
export const SCHEMA_VERSION = MIGRATIONS.length;

interface DbRow {
  id: string;
  received_at: number;
  form_id: string;
  form_entry_id: string;
  form_version: string;
  destination: string;
  page_path: string;
  fields_json: string | null;
  consent_json: string | null;
  attribution_json: string | null;
  spam: string | null;
  status: SubmissionStatus;
  queued_at: number;
  attempts: number;
  next_attempt_at: number | null;
  last_error: string | null;
  last_status: number | null;
  delivered_at: number | null;
  dead_at: number | null;
  purged_at: number | null;
}

const BASE32 = "abcdefghijklmnopqrstuvwxyz234567";

/** `sub_` + 20 random base32 characters (100 bits): unguessable, safe in URLs and logs. */
export function newSubmissionId(): string {
  // 256 is a multiple of 32, so `byte % 32` is uniform.
  return `sub_${Array.from(randomBytes(20), (byte) => BASE32[byte % 32]).join("")}`;
}

function parseJson<T>(text: string | null): T | null {
  return text === null ? null : (JSON.parse(text) as T);
}

function toRow(row: DbRow): SubmissionRow {
  return {
    id: row.id,
    receivedAt: row.received_at,
    formId: row.form_id,
    formEntryId: row.form_entry_id,
    formVersion: row.form_version,
    destination: row.destination,
    pagePath: row.page_path,
    fields: parseJson(row.fields_json),
    consent: parseJson(row.consent_json),
    attribution: parseJson(row.attribution_json),
    spam: row.spam,
    status: row.status,
    queuedAt: row.queued_at,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    lastError: row.last_error,
    lastStatus: row.last_status,
    deliveredAt: row.delivered_at,
    deadAt: row.dead_at,
    purgedAt: row.purged_at,
  };
}

function migrate(db: Database.Database): void {
  const version = () => db.prepare("PRAGMA user_version").get() as { user_version: number };
  if (version().user_version === SCHEMA_VERSION) return;
  // IMMEDIATE takes the write lock first, so two processes opening a fresh file at once
  // cannot both run the same migration: the second one sees the new version and skips.
  db.transaction(() => {
    const current = version().user_version;
    if (current > SCHEMA_VERSION) {
      throw new Error(
        `forms database schema version ${current} is newer than this code knows (${SCHEMA_VERSION})`,
      );
    }
    for (let index = current; index < SCHEMA_VERSION; index++) {
      db.exec(MIGRATIONS[index] as string);
    }
    // Inside the transaction: the schema and its version commit together.
    db.exec(`PRAGMA user_version = ${SCHEMA_VERSION}`);
  }).immediate();
}

export class FormsStore {
  private constructor(
    private readonly db: Database.Database,
    /** Absolute path of the database file. */
    readonly path: string,
  ) {}

  /** Opens (creating and migrating when needed) {dataDir}/forms.db. */
  static open(dataDir: string): FormsStore {
    const dir = path.resolve(dataDir);
    // The folder and the file hold personal data: readable by this user only when we create them.
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const file = path.join(dir, FORMS_DB_FILE);
    // SQLite gives its -wal and -shm files the database file's mode.
    closeSync(openSync(file, "a", 0o600));
    const db = new Database(file);
    try {
      // First: switching to WAL takes a lock, and another process (the site, the operator's
      // command) may hold it for a moment; without a busy timeout that is an instant error.
      db.exec(`PRAGMA busy_timeout=${BUSY_TIMEOUT_MS}`);
      db.exec("PRAGMA journal_mode=WAL");
      db.exec("PRAGMA synchronous=FULL");
      migrate(db);
    } catch (error) {
      db.close();
      throw error;
    }
    return new FormsStore(db, file);
  }

  /**
   * Commits the submission (fsync'd before this returns) and returns its id. Spam is kept
   * for the operator to review but never delivered.
   */
  insert(record: SubmissionRecord, now = Date.now()): string {
    const id = newSubmissionId();
    const spam = record.spam ?? null;
    this.db
      .prepare(
        `INSERT INTO submissions (id, received_at, form_id, form_entry_id, form_version,
           destination, page_path, fields_json, consent_json, attribution_json, spam, status,
           queued_at, attempts, next_attempt_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?)`,
      )
      .run(
        id,
        now,
        record.formId,
        record.formEntryId,
        record.formVersion,
        record.destination,
        record.pagePath,
        JSON.stringify(record.fields),
        record.consent ? JSON.stringify(record.consent) : null,
        record.attribution ? JSON.stringify(record.attribution) : null,
        spam,
        spam === null ? "pending" : "spam",
        now,
        spam === null ? now : null,
      );
    return id;
  }

  /** Pending submissions whose next attempt is due, oldest due first. */
  due(now: number, limit: number): SubmissionRow[] {
    const rows = this.db
      .prepare(
        `SELECT * FROM submissions WHERE status = 'pending' AND next_attempt_at <= ?
         ORDER BY next_attempt_at, received_at LIMIT ?`,
      )
      .all(now, limit) as DbRow[];
    return rows.map(toRow);
  }

  /**
   * Takes due submissions for delivery: their next attempt moves to `leaseUntil`, so another
   * process on the same file (or this one, polling again) does not send them meanwhile. Should
   * this process die mid-delivery, they are due again when the lease runs out.
   */
  claimDue(now: number, limit: number, leaseUntil: number): SubmissionRow[] {
    return this.db
      .transaction(() => {
        const rows = this.due(now, limit);
        const lease = this.db.prepare(
          "UPDATE submissions SET next_attempt_at = ? WHERE id = ? AND status = 'pending'",
        );
        for (const row of rows) lease.run(leaseUntil, row.id);
        return rows;
      })
      .immediate();
  }

  /** When the next pending submission is due (ms), or undefined when none is pending. */
  nextDueAt(): number | undefined {
    const row = this.db
      .prepare("SELECT min(next_attempt_at) AS due FROM submissions WHERE status = 'pending'")
      .get() as { due: number | null } | undefined;
    return row?.due ?? undefined;
  }

  markDelivered(id: string, status: number, now = Date.now()): void {
    this.db
      .prepare(
        `UPDATE submissions SET status = 'delivered', attempts = attempts + 1,
           next_attempt_at = NULL, last_error = NULL, last_status = ?, delivered_at = ?
         WHERE id = ?`,
      )
      .run(status, now, id);
  }

  /** Records a failed attempt and when to try again. */
  markRetry(id: string, nextAt: number, error: string, status?: number): void {
    this.db
      .prepare(
        `UPDATE submissions SET attempts = attempts + 1, next_attempt_at = ?, last_error = ?,
           last_status = ?
         WHERE id = ? AND status = 'pending'`,
      )
      .run(nextAt, error, status ?? null, id);
  }

  /** Dead-letters a submission: kept, never sent again unless an operator retries it. */
  markDead(id: string, error: string, status?: number, now = Date.now()): void {
    this.db
      .prepare(
        `UPDATE submissions SET status = 'dead', attempts = attempts + 1, next_attempt_at = NULL,
           last_error = ?, last_status = ?, dead_at = ?
         WHERE id = ? AND status = 'pending'`,
      )
      .run(error, status ?? null, now, id);
  }

  get(id: string): SubmissionRow | undefined {
    const row = this.db.prepare("SELECT * FROM submissions WHERE id = ?").get(id) as
      | DbRow
      | undefined;
    return row ? toRow(row) : undefined;
  }

  list(filter: ListFilter = {}): SubmissionRow[] {
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
    return (this.db.prepare(sql).all(...params) as DbRow[]).map(toRow);
  }

  /**
   * Queues a submission for delivery now, whatever its status: this is how an operator
   * resends a dead one or rescues a false positive of the spam checks (which then stops
   * counting as spam). The delivery age limit counts again from now.
   */
  retry(id: string, now = Date.now()): RetryResult {
    const row = this.get(id);
    if (!row) return { ok: false, reason: "not-found" };
    if (row.purgedAt !== null || row.fields === null) return { ok: false, reason: "purged" };
    this.db
      .prepare(
        `UPDATE submissions SET status = 'pending', spam = NULL, queued_at = ?,
           next_attempt_at = ?, dead_at = NULL, delivered_at = NULL
         WHERE id = ?`,
      )
      .run(now, now, id);
    return { ok: true, previousStatus: row.status };
  }

  /** Queues every dead submission for delivery now; returns how many. */
  retryDead(now = Date.now()): number {
    return this.db
      .prepare(
        `UPDATE submissions SET status = 'pending', queued_at = ?, next_attempt_at = ?,
           dead_at = NULL
         WHERE status = 'dead'`,
      )
      .run(now, now).changes;
  }

  /**
   * Deletes the personal data of submissions delivered before `before`; the rows stay (ids,
   * forms, dates, statuses) so counts and references survive. Returns how many were purged.
   */
  purgeDelivered(before: Date, now = Date.now()): number {
    return this.purgeWhere("status = 'delivered' AND delivered_at < ?", before, now);
  }

  /** The same for spam received before `before`. */
  purgeSpam(before: Date, now = Date.now()): number {
    return this.purgeWhere("status = 'spam' AND received_at < ?", before, now);
  }

  private purgeWhere(condition: string, before: Date, now: number): number {
    return this.db
      .prepare(
        `UPDATE submissions SET fields_json = NULL, consent_json = NULL, attribution_json = NULL,
           purged_at = ?
         WHERE purged_at IS NULL AND ${condition}`,
      )
      .run(now, before.getTime()).changes;
  }

  /** The JSON object the CRM receives for a stored submission. */
  payloadOf(row: SubmissionRow): SubmissionPayload {
    return {
      id: row.id,
      formId: row.formId,
      formEntryId: row.formEntryId,
      formVersion: row.formVersion,
      destination: row.destination,
      pagePath: row.pagePath,
      submittedAt: new Date(row.receivedAt).toISOString(),
      fields: row.fields ?? {},
      consent: row.consent,
      attribution: row.attribution,
    };
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}
