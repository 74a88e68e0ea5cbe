// The store's schema, as migrations in order, each written for both engines. The schema
// version is how many have run: PRAGMA user_version in SQLite, the store_schema table in
// PostgreSQL. Append only: a released migration never changes, and adding a table is one
// migration appended here.
export interface Migration {
  /** What it adds, for the log line of the start that runs it. */
  description: string;
  sqlite: string;
  postgres: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    description: "form submissions and their delivery outbox",
    sqlite: `CREATE TABLE submissions (
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
    postgres: `CREATE TABLE submissions (
       id TEXT PRIMARY KEY,
       received_at BIGINT NOT NULL,
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
       queued_at BIGINT NOT NULL,
       attempts INTEGER NOT NULL DEFAULT 0,
       next_attempt_at BIGINT,
       last_error TEXT,
       last_status INTEGER,
       delivered_at BIGINT,
       dead_at BIGINT,
       purged_at BIGINT
     );
     CREATE INDEX submissions_outbox ON submissions (status, next_attempt_at);
     CREATE INDEX submissions_received ON submissions (received_at);`,
  },
  {
    description:
      "delivery leases and shared rate-limit windows (and, in PostgreSQL, the signing key)",
    sqlite: `ALTER TABLE submissions ADD COLUMN lease_token TEXT;
     CREATE TABLE rate_windows (
       key TEXT PRIMARY KEY,
       started_at INTEGER NOT NULL,
       count INTEGER NOT NULL
     );
     CREATE INDEX rate_windows_started ON rate_windows (started_at);`,
    // SQLite keeps the signing key in its file beside the database, as before.
    postgres: `ALTER TABLE submissions ADD COLUMN lease_token TEXT;
     CREATE TABLE rate_windows (
       key TEXT PRIMARY KEY,
       started_at BIGINT NOT NULL,
       count INTEGER NOT NULL
     );
     CREATE INDEX rate_windows_started ON rate_windows (started_at);
     CREATE TABLE secrets (
       name TEXT PRIMARY KEY,
       value TEXT NOT NULL,
       created_at BIGINT NOT NULL
     );`,
  },
  {
    description: "published versions of reworked entries and preview-link revocations",
    sqlite: `CREATE TABLE published_versions (
       entry_id TEXT PRIMARY KEY,
       template_name TEXT NOT NULL,
       version_key TEXT NOT NULL,
       entry_json TEXT NOT NULL,
       recorded_at INTEGER NOT NULL
     );
     CREATE INDEX published_versions_template ON published_versions (template_name);
     CREATE TABLE preview_revocations (
       scope TEXT PRIMARY KEY,
       revoked_at INTEGER NOT NULL
     );`,
    postgres: `CREATE TABLE published_versions (
       entry_id TEXT PRIMARY KEY,
       template_name TEXT NOT NULL,
       version_key TEXT NOT NULL,
       entry_json TEXT NOT NULL,
       recorded_at BIGINT NOT NULL
     );
     CREATE INDEX published_versions_template ON published_versions (template_name);
     CREATE TABLE preview_revocations (
       scope TEXT PRIMARY KEY,
       revoked_at BIGINT NOT NULL
     );`,
  },
  {
    description: "claims on CDN purges, so one instance sends each change's purge",
    sqlite: `CREATE TABLE purge_claims (
       change_key TEXT PRIMARY KEY,
       holder TEXT NOT NULL,
       claimed_at INTEGER NOT NULL,
       lease_until INTEGER NOT NULL,
       done_at INTEGER
     );
     CREATE INDEX purge_claims_claimed ON purge_claims (claimed_at);`,
    postgres: `CREATE TABLE purge_claims (
       change_key TEXT PRIMARY KEY,
       holder TEXT NOT NULL,
       claimed_at BIGINT NOT NULL,
       lease_until BIGINT NOT NULL,
       done_at BIGINT
     );
     CREATE INDEX purge_claims_claimed ON purge_claims (claimed_at);`,
  },
];

/** The schema this code writes and reads. */
export const SCHEMA_VERSION = MIGRATIONS.length;

/** Thrown at start when the database was migrated by newer code than this instance's. */
export class SchemaTooNewError extends Error {
  constructor(
    readonly found: number,
    where: string,
  ) {
    super(
      `the database at ${where} has schema version ${found}, newer than this code's ${SCHEMA_VERSION}: this instance is older than the database (a newer release migrated it); run the newer release, or restore a backup taken before it`,
    );
    this.name = "SchemaTooNewError";
  }
}
