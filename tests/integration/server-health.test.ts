// /healthz and /readyz: readiness is the start's catch-up; the content service's answer to one
// authenticated call is reported beside it, never a reason to refuse traffic. The key goes in
// the Authorization header only and never comes back in the answer.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createContentProbe } from "../../server/running/health";
import { startTestSite, TEST_SECRET, testEnv } from "../support/fake-site-build";

let cms: Server;
let cmsOrigin: string;
let mode: "ok" | "unauthorized" | "slow" = "ok";
const seen: IncomingMessage[] = [];

beforeAll(async () => {
  cms = createServer((req, res) => {
    seen.push(req);
    if (mode === "slow") return; // never answers
    if (req.headers.authorization !== `ApiKey key-test.${TEST_SECRET}`) {
      res.writeHead(401, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ message: `Invalid key ${req.headers.authorization}` }));
      return;
    }
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ items: [{ code: "en" }] }));
  });
  await new Promise<void>((r) => cms.listen(0, "127.0.0.1", r));
  cmsOrigin = `http://127.0.0.1:${(cms.address() as AddressInfo).port}`;
});
afterAll(async () => {
  cms.closeAllConnections();
  await new Promise((r) => cms.close(r));
});

describe("health endpoints", () => {
  it("/healthz answers ok without asking anyone", async () => {
    const t = await startTestSite();
    try {
      const res = await t.get("/healthz");
      expect(res.status).toBe(200);
      expect(JSON.parse(res.text)).toEqual({ status: "ok" });
      expect(res.headers["cache-control"]).toBe("no-store");
    } finally {
      await t.close();
    }
  });

  it("/readyz is 200 when the content service answers an authenticated call", async () => {
    mode = "ok";
    const t = await startTestSite({ env: testEnv({ BCMS_ORIGIN: cmsOrigin }) });
    try {
      const res = await t.get("/readyz");
      expect(res.status).toBe(200);
      expect(JSON.parse(res.text)).toEqual({
        status: "ready",
        content: "HTTP 200",
        catchUp: "done",
      });
      const call = seen.at(-1);
      expect(call?.url).toBe("/api/v3/org/org-test/instance/instance-test/language/all");
      expect(call?.url).not.toContain(TEST_SECRET);
    } finally {
      await t.close();
    }
  });

  it("/readyz stays 200 when the content service refuses, and echoes nothing of it", async () => {
    mode = "unauthorized";
    const t = await startTestSite({
      env: testEnv({ BCMS_ORIGIN: cmsOrigin, BCMS_API_KEY_SECRET: `${TEST_SECRET}-wrong` }),
    });
    try {
      const res = await t.get("/readyz");
      expect(res.status).toBe(200);
      expect(JSON.parse(res.text)).toEqual({
        status: "ready",
        content: "HTTP 401",
        catchUp: "done",
      });
      expect(res.text).not.toContain(TEST_SECRET);
    } finally {
      await t.close();
    }
  });

  it("/readyz stays 200 when the content service is unreachable", async () => {
    const t = await startTestSite({ env: testEnv({ BCMS_ORIGIN: "http://127.0.0.1:9" }) });
    try {
      const res = await t.get("/readyz");
      expect(res.status).toBe(200);
      expect(JSON.parse(res.text).content).toBe("unreachable");
    } finally {
      await t.close();
    }
  });

  it("readiness reports a content service that does not answer in time as a timeout", async () => {
    mode = "slow";
    const probe = createContentProbe(
      {
        origin: cmsOrigin,
        orgId: "org-test",
        instanceId: "instance-test",
        apiKey: { id: "key-test", secret: TEST_SECRET },
      },
      // Waits for the call's own end here; the next test bounds the wait.
      { timeoutMs: 100, waitMs: 60_000 },
    );
    expect(await probe()).toEqual({ answered: false, content: "timeout" });
  });

  it("readiness does not wait on a content service that hangs: it says it is checking", async () => {
    mode = "slow";
    const probe = createContentProbe(
      {
        origin: cmsOrigin,
        orgId: "org-test",
        instanceId: "instance-test",
        apiKey: { id: "key-test", secret: TEST_SECRET },
      },
      { timeoutMs: 60_000, waitMs: 10 },
    );
    expect(await probe()).toEqual({ answered: false, content: "checking" });
  });

  it("health endpoints are not redirected on the news host", async () => {
    const t = await startTestSite();
    try {
      expect((await t.get("/healthz", { headers: { Host: "news.id5.io" } })).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});
