// `npm run dev` answers the CMS's redirects as the production server does: the seed's
// /summit short link (a `redirect` entry, 302) on the real dev server over a copy of the seed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readEnvOrReport } from "../../app/config/read-env";
import { createJsonLogger } from "../../app/logging/logger.server";
import { type DevSession, startDev } from "../../scripts/dev";
import { freePort } from "../support/free-port";
import { pollUntil } from "../support/poll";
import { copySnapshot, removeSnapshot } from "../support/snapshot-copy";

describe("npm run dev serves the CMS's redirects", () => {
  let dir: string;
  let session: DevSession | undefined;
  let origin: string;

  beforeAll(async () => {
    dir = await copySnapshot("dev-redirects");
    const port = await freePort();
    const processEnv = {
      PATH: process.env.PATH ?? "",
      CONTENT_DIR: dir,
      CONTENT_CACHE_DIR: `${dir}-cache`,
      NODE_ENV: "development",
    };
    const env = readEnvOrReport(processEnv);
    if (!env) throw new Error("the test's settings are refused");
    const logger = createJsonLogger({ secrets: [], level: "error" });
    session = await startDev(env, {
      args: ["--port", String(port), "--strictPort"],
      processEnv,
      logger,
    });
    origin = `http://127.0.0.1:${port}`;
    await pollUntil(
      "the dev server to answer /about",
      async () => (await fetch(`${origin}/about`).catch(() => undefined))?.ok,
      { timeoutMs: 90_000, intervalMs: 250 },
    );
  }, 120_000);

  afterAll(async () => {
    await session?.stop();
    await removeSnapshot(dir);
  });

  it("answers the seed's CMS redirect, with its status and the query kept", async () => {
    const response = await fetch(`${origin}/summit?utm_source=flyer`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(
      "/events/addressability-summit-london-2026?utm_source=flyer",
    );
    // The code's table still answers too.
    const code = await fetch(`${origin}/connect`, { redirect: "manual" });
    expect(code.status).toBe(301);
    expect(code.headers.get("location")).toBe("/solutions");
  });
});
