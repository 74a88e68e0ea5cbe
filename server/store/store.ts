// The site's store: what must not be lost (form submissions and their outbox) or must be the
// same for every instance (rate-limit windows, the signing key). Two engines, one test suite
// (store.isolated.test.ts): SQLite in DATA_DIR and PostgreSQL with DATABASE_URL. A new kind of
// data is a migration, a part of this interface, its methods in both adapters and its cases.
import { randomBytes } from "node:crypto";
import type {
  EntryAddressRecord,
  PublishedVersion,
  PublishedVersionKey,
  PublishedVersionStore,
} from "../../app/content/last-public-versions";
import type {
  Attribution,
  FieldValue,
  RateDecision,
  SubmissionRecord,
} from "../../app/forms/contract";
import type { PreviousSigningKey } from "./signing-key-file";

export type { EntryAddressRecord, PublishedVersion, PublishedVersionKey, PublishedVersionStore };

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

/** A submission taken for delivery: the lease is its own until `nextAttemptAt`. */
export interface ClaimedSubmission extends SubmissionRow {
  /** Names this claim: an outcome recorded with another (an expired) lease is ignored. */
  leaseToken: string;
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
  since?: Date;
  limit?: number;
  order?: "newest" | "oldest";
}

export type RetryResult =
  | { ok: true; previousStatus: SubmissionStatus }
  | { ok: false; reason: "not-found" | "purged" };

export interface SubmissionStore {
  /** Durable before it resolves. Spam is kept for the operator to review, never delivered. */
  insert(record: SubmissionRecord, now?: number): Promise<string>;
  /** Oldest due first, not claimed. */
  due(now: number, limit: number): Promise<SubmissionRow[]>;
  /**
   * Takes due submissions for delivery: their next attempt moves to `leaseUntil`, so no one
   * takes them meanwhile, and they are due again if the claimant dies. `inFlight` (the
   * claimant's own deliveries still running) are never taken, even past their lease.
   */
  claimDue(
    now: number,
    limit: number,
    leaseUntil: number,
    inFlight?: readonly string[],
  ): Promise<ClaimedSubmission[]>;
  /** False when the lease is no longer this claim's (recorded, or taken over after it ran out). */
  extendLease(id: string, leaseToken: string, leaseUntil: number): Promise<boolean>;
  nextDueAt(): Promise<number | undefined>;
  waiting(): Promise<{ count: number; oldestQueuedAt?: number }>;
  /** Ignored once the lease is another's, as for a failed attempt. */
  markDelivered(id: string, status: number, now?: number, leaseToken?: string): Promise<void>;
  markRetry(
    id: string,
    nextAt: number,
    error: string,
    status?: number,
    leaseToken?: string,
  ): Promise<void>;
  /** Dead-letters a submission: kept, never sent again unless an operator retries it. */
  markDead(
    id: string,
    error: string,
    status?: number,
    now?: number,
    leaseToken?: string,
  ): Promise<void>;
  get(id: string): Promise<SubmissionRow | undefined>;
  list(filter?: ListFilter): Promise<SubmissionRow[]>;
  /**
   * Queues a submission for delivery now, whatever its status: how an operator resends a dead
   * one or rescues a spam false positive; its age limit counts again from now. One being
   * delivered now keeps its lease: its attempt's outcome decides what comes next.
   */
  retry(id: string, now?: number): Promise<RetryResult>;
  retryDead(now?: number): Promise<number>;
  /**
   * Deletes the personal data (the CRM's last error too: it may quote them) of one status's
   * submissions older than `before` (PURGE_AGE_FROM); a pending one purged is dead.
   */
  purge(status: SubmissionStatus, before: Date, now?: number): Promise<number>;
}

/**
 * Where a submission's retention is counted from, by status: delivery, receipt (spam),
 * death (so an operator can act on a dead letter for the whole period), the start of its
 * current delivery run (pending: receipt, or an operator's retry).
 */
export const PURGE_AGE_FROM: Readonly<Record<SubmissionStatus, string>> = {
  delivered: "delivered_at",
  spam: "received_at",
  dead: "dead_at",
  pending: "queued_at",
};

/** The purge of one status ($1 now, $2 the age limit, $3 the status; forSqlite for SQLite). */
export function purgeSql(status: SubmissionStatus): string {
  return `UPDATE submissions SET fields_json = NULL, consent_json = NULL, attribution_json = NULL,
      last_error = NULL, purged_at = $1,
      status = CASE WHEN status = 'pending' THEN 'dead' ELSE status END,
      dead_at = CASE WHEN status = 'pending' THEN $1 ELSE dead_at END,
      next_attempt_at = NULL, lease_token = NULL
    WHERE purged_at IS NULL AND status = $3 AND ${PURGE_AGE_FROM[status]} < $2`;
}

export interface RateLimitRule {
  limit: number;
  windowMs: number;
  now: number;
}

/** Fixed windows per key (client address + form), counted by every instance together. */
export interface RateLimitStore {
  hit(key: string, rule: RateLimitRule): Promise<RateDecision>;
  purgeExpired(before: number): Promise<number>;
}

export type RevocationScope = { entryId: string } | "all";
/** How the revocation of every link is keyed beside the entries' own. */
export const ALL_PREVIEW_LINKS = "*";

/** Revocations of preview links (issue 19), the same for every instance. */
export interface PreviewRevocationStore {
  /** Voids the links of `scope` issued at or before `at` (ms); a revocation never moves back. */
  revokePreviewLinks(scope: RevocationScope, at: number): Promise<void>;
  /** The newest revocation covering this entry's links (its own or all), or 0. */
  previewLinksRevokedAt(entryId: string): Promise<number>;
}

export type PurgeClaim = "claimed" | "held" | "done";

/**
 * One purge per content change whatever the number of instances (docs/decisions/0021): one
 * gets it for a lease long enough to send it; another only once that lease ran out undone.
 */
export interface PurgeClaimStore {
  claim(change: string, holder: string, now: number, leaseUntil: number): Promise<PurgeClaim>;
  markDone(change: string, holder: string, now: number): Promise<void>;
  forgetBefore(before: number): Promise<number>;
}

/** Takes a claim that is free or whose lease ran out undone; returns its row if taken. */
export const PURGE_CLAIM_SQL = `INSERT INTO purge_claims (change_key, holder, claimed_at, lease_until)
  VALUES ($1, $2, $3, $4)
  ON CONFLICT (change_key) DO UPDATE SET
    holder = excluded.holder, claimed_at = excluded.claimed_at, lease_until = excluded.lease_until
  WHERE purge_claims.done_at IS NULL AND purge_claims.lease_until <= excluded.claimed_at
  RETURNING holder`;
export const PURGE_CLAIM_STATE_SQL = "SELECT done_at FROM purge_claims WHERE change_key = $1";
export const PURGE_DONE_SQL =
  "UPDATE purge_claims SET done_at = $3 WHERE change_key = $1 AND holder = $2";
export const PURGE_FORGET_SQL = "DELETE FROM purge_claims WHERE claimed_at < $1";

/** A claim not taken: done once sent, else held by another (PURGE_CLAIM_STATE_SQL's done_at). */
export function untakenPurgeClaim(doneAt: number | null | undefined): PurgeClaim {
  return doneAt === null || doneAt === undefined ? "held" : "done";
}

export interface SiteStore {
  readonly engine: "sqlite" | "postgres";
  /** Where the data is, for log lines: a file, or postgres://host:port/db (no password). */
  readonly location: string;
  readonly migrated: readonly number[];
  readonly submissions: SubmissionStore;
  readonly rateLimits: RateLimitStore;
  /** The last public version of each entry, so a reworked live page stays public (issue 19). */
  readonly publishedVersions: PublishedVersionStore;
  readonly previewRevocations: PreviewRevocationStore;
  readonly purgeClaims: PurgeClaimStore;
  /** `configured` (FORMS_SIGNING_SECRET), else one generated once, the same for every instance. */
  signingKey(configured?: string): Promise<Buffer>;
  previousSigningKey(): Promise<PreviousSigningKey | undefined>;
  /** Keeps the replaced key as the previous one. Running instances read the keys at start. */
  rotateSigningKey(now: number): Promise<PreviousSigningKey>;
  close(): Promise<void>;
}

/** Thrown when the database cannot be reached or answer (its message names no data). */
export class StoreUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "StoreUnavailableError";
  }
}

const BASE32 = "abcdefghijklmnopqrstuvwxyz234567";

/** `sub_` + 20 random base32 characters (100 bits): unguessable, safe in URLs and logs. */
export function newSubmissionId(): string {
  // 256 is a multiple of 32, so `byte % 32` is uniform.
  return `sub_${Array.from(randomBytes(20), (byte) => BASE32[byte % 32]).join("")}`;
}

/** A claim's name: random, so two instances never hold the same one. */
export function newLeaseToken(): string {
  return randomBytes(12).toString("base64url");
}

/** Times as integers of ms. */
export interface SubmissionColumns {
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
  lease_token?: string | null;
}

function parseJson<T>(text: string | null): T | null {
  return text === null ? null : (JSON.parse(text) as T);
}

export function toSubmissionRow(row: SubmissionColumns): SubmissionRow {
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

/** The values of a new submission's columns, in INSERT_COLUMNS order. */
export function insertValues(id: string, record: SubmissionRecord, now: number): unknown[] {
  const spam = record.spam ?? null;
  return [
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
  ];
}

/** A row being delivered right now: its claim's lease has not run out ($1: now). */
const LIVE_LEASE = "status = 'pending' AND lease_token IS NOT NULL AND next_attempt_at > $1";

export const WAITING_SQL = `SELECT CAST(count(*) AS INTEGER) AS count, min(queued_at) AS oldest
  FROM submissions WHERE status = 'pending'`;

/** Extends a claim's lease ($1 the new end, $2 the id, $3 the lease token). */
export const EXTEND_LEASE_SQL = `UPDATE submissions SET next_attempt_at = $1
  WHERE id = $2 AND status = 'pending' AND lease_token = $3`;

/** $1 status, $2 now, $3 id, $4 lease token or null: ignored once the lease is another's. */
export const MARK_DELIVERED_SQL = `UPDATE submissions SET status = 'delivered',
    attempts = attempts + 1, next_attempt_at = NULL, last_error = NULL, last_status = $1,
    delivered_at = $2, lease_token = NULL
  WHERE id = $3 AND (CAST($4 AS TEXT) IS NULL OR (status = 'pending' AND lease_token = $4))`;

export const INSERT_COLUMNS = `id, received_at, form_id, form_entry_id, form_version,
  destination, page_path, fields_json, consent_json, attribution_json, spam, status,
  queued_at, next_attempt_at`;

/** $1 now, $2 the id. A live lease (pending, claimed, not run out) stays where it is. */
export const RETRY_SQL = `UPDATE submissions SET status = 'pending', spam = NULL, queued_at = $1,
    next_attempt_at = CASE WHEN ${LIVE_LEASE} THEN next_attempt_at ELSE $1 END,
    lease_token = CASE WHEN ${LIVE_LEASE} THEN lease_token ELSE NULL END,
    dead_at = NULL, delivered_at = NULL
  WHERE id = $2`;

export function payloadOf(row: SubmissionRow): SubmissionPayload {
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

/** A fixed window's answer once the attempt is counted (`count` includes it). */
export function rateDecision(startedAt: number, count: number, rule: RateLimitRule): RateDecision {
  if (count <= rule.limit) return { allowed: true };
  const left = startedAt + rule.windowMs - rule.now;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(left / 1000)) };
}

export interface PublishedVersionColumns {
  entry_id: string;
  template_name: string;
  version_key: string;
  entry_json: string;
  recorded_at: number;
  path: string | null;
}

export function toPublishedVersion(row: PublishedVersionColumns): PublishedVersion {
  return {
    entryId: row.entry_id,
    templateName: row.template_name,
    versionKey: row.version_key,
    entry: JSON.parse(row.entry_json),
    recordedAt: row.recorded_at,
    ...(row.path === null ? {} : { path: row.path }),
  };
}

export function revocationKey(scope: RevocationScope): string {
  return scope === "all" ? ALL_PREVIEW_LINKS : scope.entryId;
}

/** Inserts or replaces an entry's version (PostgreSQL placeholders; forSqlite for SQLite). */
export const PUBLISHED_VERSION_UPSERT_SQL = `INSERT INTO published_versions
    (entry_id, template_name, version_key, entry_json, recorded_at, path)
    VALUES ($1, $2, $3, $4, $5, $6)
  ON CONFLICT (entry_id) DO UPDATE SET template_name = excluded.template_name,
    version_key = excluded.version_key, entry_json = excluded.entry_json,
    recorded_at = excluded.recorded_at, path = excluded.path`;

/** A template's recorded version keys, with the address each version had. */
export const VERSION_KEYS_SQL = `SELECT entry_id, version_key, path FROM published_versions
  WHERE template_name = $1 ORDER BY entry_id`;

export interface VersionKeyColumns {
  entry_id: string;
  version_key: string;
  path: string | null;
}

export function toVersionKey(row: VersionKeyColumns): PublishedVersionKey {
  return {
    entryId: row.entry_id,
    versionKey: row.version_key,
    ...(row.path === null ? {} : { path: row.path }),
  };
}

/** An entry public at an address: its first time there is kept, its last moves forward only. */
export const ENTRY_ADDRESS_UPSERT_SQL = `INSERT INTO entry_addresses
    (entry_id, path, template_name, first_public_at, last_public_at) VALUES ($1, $2, $3, $4, $4)
  ON CONFLICT (entry_id, path) DO UPDATE SET
    last_public_at = CASE WHEN excluded.last_public_at > entry_addresses.last_public_at
      THEN excluded.last_public_at ELSE entry_addresses.last_public_at END`;

export const ENTRY_ADDRESSES_SQL = `SELECT entry_id, path, template_name, first_public_at,
    last_public_at FROM entry_addresses ORDER BY entry_id, first_public_at, path`;

export interface EntryAddressColumns {
  entry_id: string;
  path: string;
  template_name: string;
  first_public_at: number | string;
  last_public_at: number | string;
}

export function toEntryAddressRecord(row: EntryAddressColumns): EntryAddressRecord {
  return {
    entryId: row.entry_id,
    path: row.path,
    templateName: row.template_name,
    firstPublicAt: Number(row.first_public_at),
    lastPublicAt: Number(row.last_public_at),
  };
}

/** A revocation never moves back: an older one arriving late voids nothing new. */
export const REVOKE_SQL = `INSERT INTO preview_revocations (scope, revoked_at) VALUES ($1, $2)
  ON CONFLICT (scope) DO UPDATE SET
    revoked_at = CASE WHEN excluded.revoked_at > preview_revocations.revoked_at
      THEN excluded.revoked_at ELSE preview_revocations.revoked_at END`;

export const REVOKED_AT_SQL = `SELECT COALESCE(MAX(revoked_at), 0) AS at FROM preview_revocations
  WHERE scope IN ($1, $2)`;

/** PostgreSQL's numbered placeholders ($1) as SQLite's (?1): one statement for both engines. */
export function forSqlite(sql: string): string {
  return sql.replace(/\$(\d+)/g, "?$1");
}
