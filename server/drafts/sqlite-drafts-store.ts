// The drafts store in SQLite ({dataDir}/drafts.db, WAL, synchronous FULL): published
// versions and preview-link revocations. Temporary home: when the shared store
// (server/store/, SQLite or PostgreSQL) lands, these two tables become a migration there and
// this file goes; the interface (drafts-store.ts) stays.
import { closeSync, mkdirSync, openSync } from "node:fs";
import path from "node:path";
import Database from "libsql";
import type { PublishedVersion, PublishedVersionKey } from "../../app/content/published-versions";
import type { DraftsStore, RevocationScope } from "./drafts-store";

export const DRAFTS_DB_FILE = "drafts.db";
const BUSY_TIMEOUT_MS = 5000;
/** The key of the revocation that covers every link. */
const ALL_LINKS = "*";

/** Append only: a released migration never changes (PRAGMA user_version counts them). */
const MIGRATIONS: readonly string[] = [
  `CREATE TABLE published_versions (
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
];

function migrate(db: Database.Database): void {
  const version = () =>
    (db.prepare("PRAGMA user_version").get() as { user_version: number }).user_version;
  if (version() === MIGRATIONS.length) return;
  db.transaction(() => {
    const current = version();
    if (current > MIGRATIONS.length) {
      throw new Error(
        `drafts database schema version ${current} is newer than this code knows (${MIGRATIONS.length})`,
      );
    }
    for (let index = current; index < MIGRATIONS.length; index++) {
      db.exec(MIGRATIONS[index] as string);
    }
    db.exec(`PRAGMA user_version = ${MIGRATIONS.length}`);
  }).immediate();
}

export class SqliteDraftsStore implements DraftsStore {
  private constructor(
    private readonly db: Database.Database,
    readonly path: string,
  ) {}

  /** Opens (creating and migrating when needed) {dataDir}/drafts.db. */
  static open(dataDir: string): SqliteDraftsStore {
    const dir = path.resolve(dataDir);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const file = path.join(dir, DRAFTS_DB_FILE);
    closeSync(openSync(file, "a", 0o600));
    const db = new Database(file);
    try {
      db.exec(`PRAGMA busy_timeout=${BUSY_TIMEOUT_MS}`);
      db.exec("PRAGMA journal_mode=WAL");
      db.exec("PRAGMA synchronous=FULL");
      migrate(db);
    } catch (error) {
      db.close();
      throw error;
    }
    return new SqliteDraftsStore(db, file);
  }

  async listPublishedVersionKeys(templateName: string): Promise<PublishedVersionKey[]> {
    const rows = this.db
      .prepare(
        "SELECT entry_id, version_key FROM published_versions WHERE template_name = ? ORDER BY entry_id",
      )
      .all(templateName) as { entry_id: string; version_key: string }[];
    return rows.map((row) => ({ entryId: row.entry_id, versionKey: row.version_key }));
  }

  async getPublishedVersions(entryIds: readonly string[]): Promise<PublishedVersion[]> {
    const select = this.db.prepare(
      "SELECT entry_id, template_name, version_key, entry_json, recorded_at FROM published_versions WHERE entry_id = ?",
    );
    const versions: PublishedVersion[] = [];
    for (const id of entryIds) {
      const row = select.get(id) as
        | {
            entry_id: string;
            template_name: string;
            version_key: string;
            entry_json: string;
            recorded_at: number;
          }
        | undefined;
      if (!row) continue;
      versions.push({
        entryId: row.entry_id,
        templateName: row.template_name,
        versionKey: row.version_key,
        entry: JSON.parse(row.entry_json),
        recordedAt: row.recorded_at,
      });
    }
    return versions;
  }

  async recordPublishedVersions(versions: readonly PublishedVersion[]): Promise<void> {
    const upsert = this.db.prepare(
      `INSERT INTO published_versions (entry_id, template_name, version_key, entry_json, recorded_at)
       VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (entry_id) DO UPDATE SET template_name = excluded.template_name,
         version_key = excluded.version_key, entry_json = excluded.entry_json,
         recorded_at = excluded.recorded_at`,
    );
    this.db.transaction(() => {
      for (const v of versions) {
        upsert.run(v.entryId, v.templateName, v.versionKey, JSON.stringify(v.entry), v.recordedAt);
      }
    })();
  }

  async removePublishedVersions(entryIds: readonly string[]): Promise<void> {
    const remove = this.db.prepare("DELETE FROM published_versions WHERE entry_id = ?");
    this.db.transaction(() => {
      for (const id of entryIds) remove.run(id);
    })();
  }

  async revokePreviewLinks(scope: RevocationScope, at: number): Promise<void> {
    const key = scope === "all" ? ALL_LINKS : scope.entryId;
    // Never moves back: an older revocation arriving late voids nothing it did not already.
    this.db
      .prepare(
        `INSERT INTO preview_revocations (scope, revoked_at) VALUES (?, ?)
         ON CONFLICT (scope) DO UPDATE SET revoked_at = MAX(revoked_at, excluded.revoked_at)`,
      )
      .run(key, at);
  }

  async previewLinksRevokedAt(entryId: string): Promise<number> {
    const row = this.db
      .prepare(
        "SELECT COALESCE(MAX(revoked_at), 0) AS at FROM preview_revocations WHERE scope IN (?, ?)",
      )
      .get(entryId, ALL_LINKS) as { at: number };
    return row.at;
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}
