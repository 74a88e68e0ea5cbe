// /healthz and /readyz on the real build with its content service behind a proxy the test
// cuts: readiness is the start's conditions; the content service's answer to one
// authenticated call is reported beside them, never a reason to refuse traffic, and never
// echoes the key. (What the probe reports for each answer: server/running/health.isolated.test.ts.)
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { LOCAL_CMS_VARIABLES } from "../support/content-server-process";
import type { GatedProxy } from "../support/gated-proxy";
import { type RawResponse, rawRequest } from "../support/raw-request";
import {
  REAL_SITE_START_MS,
  type RealSiteOnContent,
  serveRealBuildOnContent,
} from "../support/site-build";

/** A start's catch-up and the content service's answers, on a busy machine. */
const READY_DEADLINE_MS = 60_000;

let real: RealSiteOnContent;
const get = (pathWithQuery: string, headers?: Record<string, string>): Promise<RawResponse> =>
  rawRequest(real.port, pathWithQuery, { headers });
const readyz = async () => {
  const response = await get("/readyz");
  return { status: response.status, body: JSON.parse(response.text), text: response.text };
};

beforeAll(async () => {
  real = await serveRealBuildOnContent("server-health", {
    throughProxy: true,
  });
}, REAL_SITE_START_MS);
afterAll(() => real?.close());

// A test waits for up to two states in turn, each with READY_DEADLINE_MS.
describe("health endpoints", { timeout: 3 * READY_DEADLINE_MS }, () => {
  it("/healthz answers ok without asking anyone", async () => {
    const res = await get("/healthz");
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toEqual({ status: "ok" });
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("health endpoints are not redirected on the news host", async () => {
    expect((await get("/healthz", { Host: "news.id5.io" })).status).toBe(200);
    expect((await get("/readyz", { Host: "news.id5.io" })).status).not.toBe(301);
  });

  it("/readyz is 200 once caught up, with the content service's answer to an authenticated call", async () => {
    await vi.waitFor(async () => expect((await readyz()).status).toBe(200), {
      timeout: READY_DEADLINE_MS,
      interval: 100,
    });
    const answer = await readyz();
    expect(answer.body).toEqual({
      status: "ready",
      content: "HTTP 200",
      catchUp: "done",
      redirects: "done",
      sharedPieces: "done",
    });
    expect(answer.text).not.toContain(LOCAL_CMS_VARIABLES.BCMS_API_KEY_SECRET);
  });

  it("/readyz stays 200 when the content service is unreachable, and says so", async () => {
    await vi.waitFor(async () => expect((await readyz()).status).toBe(200), {
      timeout: READY_DEADLINE_MS,
      interval: 100,
    });
    const outage = (real.proxy as GatedProxy).cut();
    try {
      const statuses: number[] = [];
      await vi.waitFor(
        async () => {
          const answer = await readyz();
          statuses.push(answer.status);
          expect(answer.body.content).toBe("unreachable");
        },
        { timeout: READY_DEADLINE_MS, interval: 100 },
      );
      expect(new Set(statuses)).toEqual(new Set([200]));
    } finally {
      outage.restore();
    }
  });
});
