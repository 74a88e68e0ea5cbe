// What a start writes is one JSON object per line, whatever the settings: the real site
// process on the real build, its DATABASE_URL with `?sslmode=require` (the driver announces
// its reading of that mode with a multi-line warning on stderr unless the site writes the
// mode out itself) on a private PostgreSQL server with TLS, whose certificate the instance
// trusts through NODE_EXTRA_CA_CERTS as the guide says. PURGE_URL set without PURGE_TOKEN:
// one warning line says so. On the same server, the store shows the guide's table of
// `sslmode`s holds: `require` checks the certificate, libpq's reading does not.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SiteProcess, startSiteProcess } from "../../scripts/site-process";
import { PostgresStore } from "../../server/store/postgres-store";
import { type CdnStandIn, startCdnStandIn } from "../support/cdn-stand-in";
import {
  type ContentServerProcess,
  LOCAL_CMS_VARIABLES,
  spawnContentServer,
} from "../support/content-server-process";
import { pollUntil } from "../support/poll";
import { type PostgresServer, startPostgres } from "../support/postgres";
import { CURRENT_BUILD_START_MS, ensureSiteBuild } from "../support/site-build";
import { type InstanceProject, makeInstanceProject } from "../support/site-instance";
import { copySnapshot, removeSnapshot } from "../support/snapshot-copy";

const WAIT_MS = 120_000;

let work: string;
let snapshot: string;
let content: ContentServerProcess | undefined;
let postgres: PostgresServer | undefined;
let project: InstanceProject | undefined;
let site: SiteProcess | undefined;
let cdn: CdnStandIn | undefined;
let logFile: string;
let databaseUrl: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), "server-start-log-"));
  logFile = path.join(work, "site.log");
  const [, copied, server] = await Promise.all([
    ensureSiteBuild(),
    copySnapshot("server-start-log"),
    startPostgres({ durable: false, tls: true }),
  ]);
  snapshot = copied;
  postgres = server;
  databaseUrl = await server.createDatabase("site");
  content = await spawnContentServer(snapshot, `${snapshot}-cache`);
  cdn = await startCdnStandIn(WAIT_MS);
  project = await makeInstanceProject({
    BCMS_ORIGIN: content.url,
    ...LOCAL_CMS_VARIABLES,
    SITE_ORIGIN: "https://id5.io",
    DATABASE_URL: `${databaseUrl}?sslmode=require`,
    NODE_EXTRA_CA_CERTS: server.certificateFile as string,
    PURGE_URL: cdn.url,
    LOG_LEVEL: "info",
  });
}, 15 * 60_000);

afterAll(async () => {
  await site?.stop();
  if (content) {
    content.child.kill("SIGKILL");
    await content.exited;
  }
  await cdn?.close();
  await postgres?.stop();
  await project?.remove();
  if (snapshot) await removeSnapshot(snapshot);
  if (work) await rm(work, { recursive: true, force: true });
});

describe("a start's log", { timeout: 3 * WAIT_MS }, () => {
  it("is one JSON object per line with sslmode=require over TLS, and warns once of PURGE_URL without PURGE_TOKEN", async () => {
    const running = await startSiteProcess({
      projectDir: (project as InstanceProject).dir,
      logFile,
      env: { ...(project as InstanceProject).env, DATA_DIR: path.join(work, "data") },
      startTimeoutMs: CURRENT_BUILD_START_MS,
    });
    site = running;
    await pollUntil(
      async () => `ready; log:\n${await readFile(logFile, "utf8")}`,
      async () => {
        const answer = await fetch(`${running.url}/readyz`).catch(() => undefined);
        await answer?.arrayBuffer();
        return answer?.status === 200;
      },
      { timeoutMs: WAIT_MS, intervalMs: 200 },
    );
    // The instance's sessions are encrypted.
    const check = new pg.Client({ connectionString: databaseUrl });
    await check.connect();
    try {
      const { rows } = await check.query<{ ssl: boolean }>(
        `SELECT s.ssl FROM pg_stat_ssl s JOIN pg_stat_activity a ON a.pid = s.pid
         WHERE a.application_name = 'id5-site'`,
      );
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((row) => row.ssl)).toBe(true);
    } finally {
      await check.end();
    }
    await running.stop();
    site = undefined;

    const lines = (await readFile(logFile, "utf8")).split("\n").filter((line) => line !== "");
    const notJson = lines.filter((line) => {
      try {
        return typeof JSON.parse(line) !== "object";
      } catch {
        return true;
      }
    });
    expect(notJson).toEqual([]);
    const messages = lines.map((line) => (JSON.parse(line) as { msg?: string }).msg ?? "");
    expect(messages).toContain("site listening");
    expect(
      messages.filter((msg) => msg.startsWith("PURGE_URL is set without PURGE_TOKEN")),
    ).toHaveLength(1);
  });
});

describe("sslmode in DATABASE_URL", () => {
  it("require checks the certificate as verify-full does; uselibpqcompat=true reads it as libpq", async () => {
    // This process does not trust the server's certificate.
    await expect(
      PostgresStore.open(`${databaseUrl}?sslmode=require`, { connectTimeoutMs: 10_000 }),
    ).rejects.toThrow(/self-signed certificate/);
    const libpq = await PostgresStore.open(`${databaseUrl}?uselibpqcompat=true&sslmode=require`);
    await libpq.close();
  });
});
