// Readiness's parts, with a stand-in for the BCMS cloud: what the content probe reports for
// each answer of the content service (the key only in the Authorization header), and that
// its answer is reported beside the conditions, never a reason to refuse traffic.
// (tests/integration/server-health.test.ts asks the real site over HTTP.)
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ContentAnswer,
  catchUpCondition,
  createContentProbe,
  readinessResponse,
} from "./health";

const SECRET = "health-test-secret-5c2a";
const KEY = { id: "key-test", secret: SECRET };

let cms: Server;
let cmsOrigin: string;
let mode: "ok" | "slow" = "ok";
const seen: IncomingMessage[] = [];

beforeAll(async () => {
  cms = createServer((request, response) => {
    seen.push(request);
    if (mode === "slow") return; // never answers
    if (request.headers.authorization !== `ApiKey ${KEY.id}.${SECRET}`) {
      response.writeHead(401, { "Content-Type": "application/json" });
      response.end(JSON.stringify({ message: `Invalid key ${request.headers.authorization}` }));
      return;
    }
    response.writeHead(200, { "Content-Type": "application/json" });
    response.end(JSON.stringify({ items: [{ code: "en" }] }));
  });
  await new Promise<void>((resolve) => cms.listen(0, "127.0.0.1", resolve));
  cmsOrigin = `http://127.0.0.1:${(cms.address() as AddressInfo).port}`;
});
afterAll(async () => {
  cms.closeAllConnections();
  await new Promise((resolve) => cms.close(resolve));
});

function probe(
  options: { origin?: string; secret?: string; timeoutMs?: number; waitMs?: number } = {},
): () => Promise<ContentAnswer> {
  return createContentProbe(
    {
      origin: options.origin ?? cmsOrigin,
      orgId: "org-test",
      instanceId: "instance-test",
      apiKey: { id: KEY.id, secret: options.secret ?? SECRET },
    },
    { timeoutMs: options.timeoutMs, waitMs: options.waitMs ?? 60_000 },
  );
}

describe("the content probe", () => {
  it("reports an authenticated call's answer, the key in its header only", async () => {
    mode = "ok";
    expect(await probe()()).toEqual({ answered: true, content: "HTTP 200" });
    const call = seen.at(-1);
    expect(call?.url).toBe("/api/v3/org/org-test/instance/instance-test/language/all");
    expect(call?.url).not.toContain(SECRET);
    expect(call?.headers.authorization).toBe(`ApiKey ${KEY.id}.${SECRET}`);
  });

  it("reports a refusal by its status, and nothing of what the service said", async () => {
    mode = "ok";
    const answer = await probe({ secret: `${SECRET}-wrong` })();
    expect(answer).toEqual({ answered: false, content: "HTTP 401" });
  });

  it("reports a service nobody listens for as unreachable", async () => {
    expect(await probe({ origin: "http://127.0.0.1:9" })()).toEqual({
      answered: false,
      content: "unreachable",
    });
  });

  it("reports a content service that does not answer in time as a timeout", async () => {
    mode = "slow";
    // Waits for the call's own end here; the next test bounds the wait.
    expect(await probe({ timeoutMs: 100 })()).toEqual({ answered: false, content: "timeout" });
  });

  it("does not wait on a content service that hangs: it says it is checking", async () => {
    mode = "slow";
    expect(await probe({ timeoutMs: 60_000, waitMs: 10 })()).toEqual({
      answered: false,
      content: "checking",
    });
  });
});

describe("the readiness answer", () => {
  it("is 200 once the catch-up is done, whatever the content service answered", async () => {
    for (const content of ["HTTP 200", "HTTP 401", "unreachable", "timeout"]) {
      const response = readinessResponse(content, [catchUpCondition("done")]);
      expect(response.status, content).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(await response.json()).toEqual({ status: "ready", content, catchUp: "done" });
    }
  });

  it("is 503 while a condition is not met, naming its state", async () => {
    const response = readinessResponse("HTTP 200", [catchUpCondition("reading")]);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      status: "starting",
      content: "HTTP 200",
      catchUp: "reading",
    });
  });
});
