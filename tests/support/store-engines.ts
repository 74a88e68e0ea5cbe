// The two engines the store runs on, as test suites open them: SQLite in a temporary folder
// and a private PostgreSQL server (tests/support/postgres.ts) started for the suite. Every
// place is fresh (a folder, a database); "two instances" are two stores opened on it.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "libsql";
import pg from "pg";
import { openStore } from "../../server/store/open-store";
import { SQLITE_FILE } from "../../server/store/sqlite-store";
import type { SiteStore } from "../../server/store/store";
import { type PostgresServer, startPostgres } from "./postgres";

/** A fresh place to open stores on, as an engine provides it. */
export interface Place {
  open(): Promise<SiteStore>;
  /** Writes a schema version the way the engine records it (as newer code would). */
  setSchemaVersion(version: number): Promise<void>;
  remove(): Promise<void>;
}

export interface Engine {
  name: "sqlite" | "postgres";
  start(): Promise<void>;
  stop(): Promise<void>;
  place(): Promise<Place>;
}

export const sqlite: Engine = {
  name: "sqlite",
  async start() {},
  async stop() {},
  async place() {
    const dir = await mkdtemp(path.join(tmpdir(), "site-store-"));
    const dataDir = path.join(dir, "data");
    return {
      open: () => openStore({ dataDir }),
      async setSchemaVersion(version) {
        const raw = new Database(path.join(dataDir, SQLITE_FILE));
        raw.exec(`PRAGMA user_version = ${version}`);
        raw.close();
      },
      remove: () => rm(dir, { recursive: true, force: true }),
    };
  },
};

let server: PostgresServer | undefined;
export const postgres: Engine = {
  name: "postgres",
  async start() {
    server = await startPostgres({ durable: false });
  },
  async stop() {
    await server?.stop();
  },
  async place() {
    const url = await (server as PostgresServer).createDatabase();
    return {
      open: () => openStore({ databaseUrl: url, dataDir: "/nonexistent-unused" }),
      async setSchemaVersion(version) {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query("UPDATE store_schema SET version = $1", [version]);
        await client.end();
      },
      remove: async () => {},
    };
  },
};
