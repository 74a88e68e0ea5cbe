// Opens the site's store: PostgreSQL when DATABASE_URL is set, else the embedded SQLite file
// in DATA_DIR. Either way migrated and checked before it is returned; a start that cannot
// open it stops with the reason.
import { PostgresStore, type PostgresStoreOptions } from "./postgres-store";
import { SqliteStore } from "./sqlite-store";
import type { SiteStore } from "./store";

export interface OpenStoreOptions {
  /** PostgreSQL's URL; unset: SQLite in dataDir. */
  databaseUrl?: string;
  /** Holds forms.db and the generated signing key (SQLite). */
  dataDir: string;
  postgres?: PostgresStoreOptions;
}

export async function openStore(options: OpenStoreOptions): Promise<SiteStore> {
  if (options.databaseUrl) return PostgresStore.open(options.databaseUrl, options.postgres);
  return SqliteStore.open(options.dataDir);
}
