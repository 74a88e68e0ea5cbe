// The store's schema, as migrations in order, each written for both engines; the version is
// how many have run. Append only: a released migration never changes. Beside the version,
// each run records the oldest release that can still run on the schema (store_compatibility):
// a migration that only adds leaves it, so the release before it (mid rolling deploy, or
// rolled back to) runs on the newer schema; one `breaksOlderReleases` raises it to itself.
export interface Migration {
  /** What it adds, for the log line of the start that runs it. */
  description: string;
  sqlite: string;
  postgres: string;
  /**
   * Set when the migration changes or removes something older releases read or write (a
   * column renamed, a constraint tightened, a table dropped): no release before it may run
   * on the schema it leaves. Unset: it only adds (tables, indexes, nullable columns), which
   * older releases ignore.
   */
  breaksOlderReleases?: true;
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
  {
    description: "every address a public entry had, so an old address redirects to the new one",
    sqlite: `ALTER TABLE published_versions ADD COLUMN path TEXT;
     CREATE TABLE entry_addresses (
       entry_id TEXT NOT NULL,
       path TEXT NOT NULL,
       template_name TEXT NOT NULL,
       first_public_at INTEGER NOT NULL,
       last_public_at INTEGER NOT NULL,
       PRIMARY KEY (entry_id, path)
     );`,
    postgres: `ALTER TABLE published_versions ADD COLUMN path TEXT;
     CREATE TABLE entry_addresses (
       entry_id TEXT NOT NULL,
       path TEXT NOT NULL,
       template_name TEXT NOT NULL,
       first_public_at BIGINT NOT NULL,
       last_public_at BIGINT NOT NULL,
       PRIMARY KEY (entry_id, path)
     );`,
  },
];

export const SCHEMA_VERSION = MIGRATIONS.length;

/** Where both engines record the oldest release that can run on the schema. */
export const CREATE_COMPATIBILITY_TABLE =
  "CREATE TABLE IF NOT EXISTS store_compatibility (oldest_release INTEGER NOT NULL)";

/**
 * The oldest release (by the schema version it knows) that can run on a schema migrated to
 * `version`: the latest breaking migration's version, else the first.
 */
export function oldestReleaseFor(migrations: readonly Migration[], version: number): number {
  let oldest = 1;
  for (let index = 0; index < version; index++) {
    if (migrations[index]?.breaksOlderReleases) oldest = index + 1;
  }
  return oldest;
}

/**
 * What a release knowing `migrations` does with a database at schema version `found`:
 * migrate it (older), nothing (the same), run on it as it is (newer, and it records that
 * this release can run on it), or refuse (newer, and not) with SchemaTooNewError.
 */
export function schemaStep(
  found: number,
  oldestRelease: number | undefined,
  migrations: readonly Migration[],
  where: string,
): "migrate" | "current" | "newer" {
  if (found < migrations.length) return "migrate";
  if (found === migrations.length) return "current";
  if (oldestRelease !== undefined && oldestRelease <= migrations.length) return "newer";
  throw new SchemaTooNewError(found, migrations.length, oldestRelease, where);
}

/** Thrown at start when a newer release migrated the database in a way this one cannot run on. */
export class SchemaTooNewError extends Error {
  constructor(
    readonly found: number,
    readonly known: number,
    readonly oldestRelease: number | undefined,
    where: string,
  ) {
    const why =
      oldestRelease === undefined
        ? "and records no release older than itself that can run on it"
        : `which only releases knowing schema version ${oldestRelease} or later can run on (a migration changed what older releases read)`;
    super(
      `the database at ${where} has schema version ${found}, newer than this code's ${known}: this instance is older than the database, ${why}; run a release that knows schema version ${oldestRelease ?? found} or later, or restore a backup taken before the newer release's first start (docs/deploy.md, Rolling back)`,
    );
    this.name = "SchemaTooNewError";
  }
}
