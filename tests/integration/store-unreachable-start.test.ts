// An instance started while its PostgreSQL is down: the real site process (the real build,
// started as `npm start` starts it) on a private PostgreSQL server halted before the start.
// It stays alive and not ready, saying why, and serves no page it cannot vouch for; once the
// server is started again it goes on with its start and becomes ready.
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SiteProcess } from "../../scripts/site-process";
import { pollUntil } from "../support/poll";
import { type PostgresServer, startPostgres } from "../support/postgres";
import { type SiteInstances, startSiteInstances } from "../support/site-instances";

/** A start on the real build after the database returns, on a busy machine: generous. */
const WAIT_MS = 120_000;
/** Trust authentication takes any password: one in the URL shows it never reaches the log. */
const PASSWORD = "s3cret-pw";

let instances: SiteInstances;
let postgres: PostgresServer | undefined;
let site: SiteProcess | undefined;
let logFile: string;

function waitFor(what: string, check: () => Promise<boolean>): Promise<boolean> {
  return pollUntil(async () => `${what}; log:\n${await readFile(logFile, "utf8")}`, check, {
    timeoutMs: WAIT_MS,
    intervalMs: 200,
  });
}

beforeAll(async () => {
  const server = await startPostgres({ durable: false });
  postgres = server;
  const databaseUrl = (await server.createDatabase("site")).replace(
    "postgres@",
    `postgres:${PASSWORD}@`,
  );
  instances = await startSiteInstances("store-unreachable", {
    variables: { SITE_ORIGIN: "https://id5.io", DATABASE_URL: databaseUrl, LOG_LEVEL: "info" },
  });
  logFile = instances.logFile("site");
  await server.halt();
  site = await instances.start("site");
}, 15 * 60_000);

afterAll(async () => {
  await instances?.close();
  await postgres?.stop();
});

describe("an instance started while its database is down", { timeout: 4 * WAIT_MS }, () => {
  it("stays alive and not ready with the reason, then becomes ready when the database is back", async () => {
    const running = site as SiteProcess;
    expect((await fetch(`${running.url}/healthz`)).status).toBe(200);
    const notReady = await fetch(`${running.url}/readyz`);
    expect(notReady.status).toBe(503);
    const why = (await notReady.json()) as { status: string; store: string; error: string };
    expect(why).toMatchObject({ status: "starting", store: "unreachable" });
    expect(why.error).toContain("could not connect to the database");
    expect(why.error).not.toContain(PASSWORD);
    // No page it cannot vouch for: a page and a form's address alike wait.
    for (const address of ["/", "/about", "/contact"]) {
      const answer = await fetch(`${running.url}${address}`);
      expect(answer.status, address).toBe(503);
      expect(answer.headers.get("retry-after"), address).toBe("5");
      await answer.arrayBuffer();
    }

    await (postgres as PostgresServer).start();
    await waitFor("ready once the database answers", async () => {
      const answer = await fetch(`${running.url}/readyz`).catch(() => undefined);
      await answer?.arrayBuffer();
      return answer?.status === 200;
    });
    const home = await fetch(`${running.url}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("ID5");
    const log = await readFile(logFile, "utf8");
    expect(log).toContain("store: the database does not answer; not ready until it does");
    expect(log).toContain("store: the database answers; the start goes on");
    expect(log).not.toContain(PASSWORD);
  });
});
