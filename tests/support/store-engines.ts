// The two engines the store runs on, as test suites open them: SQLite in a temporary folder
// and a private PostgreSQL server (tests/support/postgres.ts) started for the suite. Every
// place is fresh (a folder, a database); "two instances" are two stores opened on it.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll } from "vitest";
import type { Migration } from "../../server/store/migrations";
import { openStore } from "../../server/store/open-store";
import type { SiteStore } from "../../server/store/store";
import { type PostgresServer, startPostgres } from "./postgres";

/** A fresh place to open stores on, as an engine provides it. */
export interface Place {
  /** `migrations`: the schema the opening release knows (default this code's). */
  open(migrations?: readonly Migration[]): Promise<SiteStore>;
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
      open: (migrations) => openStore({ dataDir, migrations }),
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
      open: (migrations) =>
        openStore({ databaseUrl: url, dataDir: "/nonexistent-unused", migrations }),
      remove: async () => {},
    };
  },
};

/**
 * A fresh place per test on `engine`, started once for the suite: `fresh()` opens the test's
 * store on a new place, `another()` another instance's store on the same place; every store
 * opened is closed and the place removed after each test.
 */
export function usePlaces(engine: Engine) {
  let place: Place | undefined;
  const opened: SiteStore[] = [];
  beforeAll(() => engine.start(), 120_000);
  afterAll(() => engine.stop());
  afterEach(async () => {
    for (const each of opened.splice(0)) await each.close();
    await place?.remove();
    place = undefined;
  });
  const current = (): Place => {
    if (!place) throw new Error("no place yet: call fresh() or freshPlace() first");
    return place;
  };
  const another = async (): Promise<SiteStore> => {
    const store = await current().open();
    opened.push(store);
    return store;
  };
  return {
    /** A new place with no store opened on it yet. */
    async freshPlace(): Promise<Place> {
      place = await engine.place();
      return place;
    },
    /** A new place and the test's store on it. */
    async fresh(): Promise<SiteStore> {
      place = await engine.place();
      return another();
    },
    another,
    current,
  };
}
