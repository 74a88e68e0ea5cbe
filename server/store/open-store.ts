// Opens the site's store: PostgreSQL when DATABASE_URL is set, else the embedded SQLite file
// in DATA_DIR. Either way migrated and checked before it is returned; a start that cannot
// open it stops with the reason.
import type { Migration } from "./migrations";
import { PostgresStore, type PostgresStoreOptions } from "./postgres-store";
import { SqliteStore } from "./sqlite-store";
import type { SiteStore } from "./store";

export interface OpenStoreOptions {
  /** PostgreSQL's URL; unset: SQLite in dataDir. */
  databaseUrl?: string;
  /** Holds forms.db and the generated signing key (SQLite). */
  dataDir: string;
  postgres?: PostgresStoreOptions;
  /** The schema this release knows (default MIGRATIONS; a test gives another release's list). */
  migrations?: readonly Migration[];
}

export async function openStore(options: OpenStoreOptions): Promise<SiteStore> {
  const { migrations } = options;
  if (options.databaseUrl) {
    return PostgresStore.open(options.databaseUrl, { ...options.postgres, migrations });
  }
  return SqliteStore.open(options.dataDir, migrations);
}

/**
 * The start's warning when FORMS_SIGNING_SECRET is set (so several instances sign alike) with
 * SQLite, each instance's own file: a preview link is then revoked only on the instance that
 * took the revocation, and each keeps its own rate limits and published versions.
 */
export function unsharedStoreWarning(settings: {
  databaseUrl?: string;
  signingSecret?: string;
}): string | undefined {
  if (settings.databaseUrl || !settings.signingSecret) return undefined;
  return "FORMS_SIGNING_SECRET is set without DATABASE_URL: if several instances serve the site, each keeps its own store, so a preview link revoked on one stays valid on the others (and rate limits and published versions are not shared). Give every instance the same DATABASE_URL (docs/deploy.md).";
}
