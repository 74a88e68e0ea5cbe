import { afterEach, describe, expect, it } from "vitest";
import {
  createMemoryLogger,
  everythingAbout,
  sendJson,
  startHttpServer,
  TEST_BASE,
  TEST_KEY_ID,
  TEST_SECRET,
  type TestHttpServer,
  testConfig,
  unusedPort,
  waitFor,
} from "../tests/support/bcms";
import { resolveConfig } from "./config";
import {
  BcmsCanceledError,
  BcmsError,
  BcmsNetworkError,
  BcmsResponseError,
  BcmsTimeoutError,
  QUEUE_ITEM_CANCELED_MESSAGE,
} from "./errors";
import { isTemplate } from "./guards";
import { createHttpClient } from "./http";
import { createSafeLogger } from "./logger";
import { buildPath } from "./paths";
import { createQueue } from "./queue";
import { createRedactor } from "./redact";

let server: TestHttpServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

function makeClient(origin: string, options: { timeoutMs?: number; concurrency?: number } = {}) {
  const memory = createMemoryLogger();
  const config = resolveConfig(
    testConfig(origin, { timeoutMs: options.timeoutMs, logger: memory.logger, debug: true }),
  );
  const redact = createRedactor([config.apiKey.secret]);
  const logger = createSafeLogger(config.logger, { debug: true, redact });
  const queue = createQueue({ concurrency: options.concurrency ?? 8 });
  return { http: createHttpClient({ config, queue, logger, redact }), memory, queue };
}

const template = { _id: "t1", name: "blog", props: [] };

describe("http primitive", () => {
  it("sends the ApiKey Authorization header and unwraps `items` and `item`", async () => {
    server = await startHttpServer((request, res) => {
      if (request.path.endsWith("/template/all")) sendJson(res, 200, { items: [template] });
      else sendJson(res, 200, { item: template });
    });
    const { http } = makeClient(server.origin);
    expect(await http.items("/template/all", isTemplate)).toEqual([template]);
    expect(await http.item({ path: "/template/t1" }, isTemplate)).toEqual(template);
    for (const request of server.requests) {
      expect(request.headers.authorization).toBe(`ApiKey ${TEST_KEY_ID}.${TEST_SECRET}`);
    }
    expect(server.requests[0]?.path).toBe(`${TEST_BASE}/template/all`);
  });

  it("URL-encodes every path segment, so ids cannot change the path", async () => {
    server = await startHttpServer((_request, res) => sendJson(res, 200, { item: template }));
    const { http } = makeClient(server.origin);
    await http.item({ path: buildPath("template", "a/b?c#d", "..x", "ü x") }, isTemplate);
    expect(server.requests[0]?.url).toBe(`${TEST_BASE}/template/a%2Fb%3Fc%23d/..x/%C3%BC%20x`);
    expect(() => buildPath("template", "..")).toThrow(TypeError);
    expect(() => buildPath("template", ".")).toThrow(TypeError);
    expect(() => buildPath("template", "")).toThrow(TypeError);
  });

  it("turns an error status into a BcmsError with method, path, status and server message", async () => {
    server = await startHttpServer((_request, res) =>
      sendJson(res, 404, { message: 'Entry with ID "x" does not exist' }),
    );
    const { http } = makeClient(server.origin);
    const error = await http.item({ path: "/template/t1" }, isTemplate).catch((e) => e);
    expect(error).toBeInstanceOf(BcmsError);
    expect(error).toMatchObject({
      kind: "http",
      method: "GET",
      path: `${TEST_BASE}/template/t1`,
      status: 404,
      serverMessage: 'Entry with ID "x" does not exist',
    });
    expect(error.message).toContain("404");
    expect(JSON.parse(JSON.stringify(error))).toMatchObject({ status: 404, kind: "http" });
  });

  it("never lets the secret into an error, even when the server echoes the header", async () => {
    server = await startHttpServer((request, res) =>
      sendJson(res, 401, { message: `Bad key: ${request.headers.authorization}` }),
    );
    const { http, memory } = makeClient(server.origin);
    const error = await http.item({ path: "/template/t1" }, isTemplate).catch((e) => e);
    expect(error).toBeInstanceOf(BcmsError);
    expect(error.serverMessage).toContain("[redacted]");
    expect(everythingAbout(error)).not.toContain(TEST_SECRET);
    expect(memory.lines.length).toBeGreaterThan(0);
    expect(memory.text()).not.toContain(TEST_SECRET);
  });

  it("keeps a non-JSON error body, trimmed", async () => {
    server = await startHttpServer((_request, res) => {
      res.writeHead(502, { "content-type": "text/html" });
      res.end(`<h1>Bad gateway</h1>${"x".repeat(2000)}`);
    });
    const { http } = makeClient(server.origin);
    const error = await http.item({ path: "/x" }, isTemplate).catch((e) => e);
    expect(error.status).toBe(502);
    expect(error.serverMessage.startsWith("<h1>Bad gateway</h1>")).toBe(true);
    expect(error.serverMessage.length).toBeLessThanOrEqual(500);
  });

  it("times out a server that never answers", async () => {
    server = await startHttpServer(() => {
      // Never answers.
    });
    const { http } = makeClient(server.origin, { timeoutMs: 150 });
    const started = Date.now();
    const error = await http.item({ path: "/template/t1" }, isTemplate).catch((e) => e);
    expect(error).toBeInstanceOf(BcmsTimeoutError);
    expect(error).toMatchObject({ kind: "timeout", status: null, timeoutMs: 150, method: "GET" });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(everythingAbout(error)).not.toContain(TEST_SECRET);
  });

  it("times out a body that stalls after the headers", async () => {
    server = await startHttpServer((_request, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.write('{"items": [');
    });
    const { http } = makeClient(server.origin);
    const error = await http.items("/template/all", isTemplate, { timeoutMs: 150 }).catch((e) => e);
    expect(error).toBeInstanceOf(BcmsTimeoutError);
  });

  it("reports a refused connection as a network error", async () => {
    const port = await unusedPort();
    const { http } = makeClient(`http://127.0.0.1:${port}`);
    const error = await http.item({ path: "/template/t1" }, isTemplate).catch((e) => e);
    expect(error).toBeInstanceOf(BcmsNetworkError);
    expect(error).toMatchObject({ kind: "network", status: null, code: "ECONNREFUSED" });
    expect(everythingAbout(error)).not.toContain(TEST_SECRET);
  });

  it("cancels on the caller's AbortSignal with the queue message", async () => {
    server = await startHttpServer(() => {});
    const { http } = makeClient(server.origin);
    const controller = new AbortController();
    const pending = http.item({ path: "/template/t1", signal: controller.signal }, isTemplate);
    const running = server;
    await waitFor(() => running.requests.length === 1, 5_000, "the request to reach the server");
    controller.abort();
    const error = await pending.catch((e) => e);
    expect(error).toBeInstanceOf(BcmsCanceledError);
    expect(error.message).toBe(QUEUE_ITEM_CANCELED_MESSAGE);
  });

  it("cancels queued requests when the queue is cancelled", async () => {
    server = await startHttpServer(() => {});
    const { http, queue } = makeClient(server.origin, { concurrency: 1 });
    const first = http.item({ path: "/a" }, isTemplate).catch((e) => e);
    const second = http.item({ path: "/b" }, isTemplate).catch((e) => e);
    const running = server;
    await waitFor(() => running.requests.length === 1, 5_000, "the first request to arrive");
    expect(queue.running).toBe(1);
    expect(queue.waiting).toBe(1);
    queue.cancelAll();
    for (const error of [await first, await second]) {
      expect(error).toBeInstanceOf(BcmsCanceledError);
      expect(error.message).toBe("Queue item has been canceled by user");
    }
    expect(server.requests.map((request) => request.path)).toEqual([`${TEST_BASE}/a`]);
  });

  it("rejects a 2xx body without the promised envelope", async () => {
    server = await startHttpServer((request, res) => {
      if (request.path.endsWith("/bad-json")) {
        res.writeHead(200);
        res.end("not json");
      } else if (request.path.endsWith("/bad-item")) sendJson(res, 200, { item: { name: 1 } });
      else sendJson(res, 200, { data: [] });
    });
    const { http } = makeClient(server.origin);
    await expect(http.items("/no-items", isTemplate)).rejects.toBeInstanceOf(BcmsResponseError);
    await expect(http.item({ path: "/bad-json" }, isTemplate)).rejects.toBeInstanceOf(
      BcmsResponseError,
    );
    await expect(http.item({ path: "/bad-item" }, isTemplate)).rejects.toThrow(/malformed/);
  });

  it("sends JSON bodies and reads binaries", async () => {
    server = await startHttpServer((request, res) => {
      if (request.method === "PUT")
        sendJson(res, 200, { item: { ...template, echo: request.body } });
      else {
        res.writeHead(200);
        res.end(Buffer.from([1, 2, 3]));
      }
    });
    const { http } = makeClient(server.origin);
    const item = await http.item(
      { method: "PUT", path: "/template/t1/update", body: { label: "X" } },
      isTemplate,
    );
    expect(item).toMatchObject({ echo: '{"label":"X"}' });
    expect(server.requests[0]?.headers["content-type"]).toBe("application/json");
    expect([...(await http.bytes({ path: "/media/m/bin2/a.png" }))]).toEqual([1, 2, 3]);
  });
});

describe("streamed responses", () => {
  it("hands over status, headers and a streamed body; extra headers never replace the key", async () => {
    server = await startHttpServer((_request, res) => {
      res.writeHead(206, {
        "content-type": "image/png",
        "content-range": "bytes 0-2/10",
        etag: '"v1"',
      });
      res.write(Buffer.from([1, 2]));
      res.end(Buffer.from([3]));
    });
    const { http } = makeClient(server.origin);
    const response = await http.stream({
      path: "/media/m/bin2/a.png",
      headers: { range: "bytes=0-2", authorization: "ApiKey someone.else" },
    });
    expect(response.status).toBe(206);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("content-range")).toBe("bytes 0-2/10");
    expect(response.headers.get("etag")).toBe('"v1"');
    expect([...new Uint8Array(await response.arrayBuffer())]).toEqual([1, 2, 3]);
    expect(server.requests[0]?.headers.range).toBe("bytes=0-2");
    expect(server.requests[0]?.headers.authorization).toBe(`ApiKey ${TEST_KEY_ID}.${TEST_SECRET}`);
  });

  it("answers a 304 to a conditional request with an empty body", async () => {
    server = await startHttpServer((_request, res) => {
      res.writeHead(304, { etag: '"v1"' });
      res.end();
    });
    const { http } = makeClient(server.origin);
    const response = await http.stream({ path: "/m", headers: { "if-none-match": '"v1"' } });
    expect(response.status).toBe(304);
    expect(response.headers.get("etag")).toBe('"v1"');
    expect(response.body).toBeNull();
  });

  it("throws a redacted BcmsError for an error status", async () => {
    server = await startHttpServer((request, res) =>
      sendJson(res, 404, { message: `No file for ${request.headers.authorization}` }),
    );
    const { http, memory } = makeClient(server.origin);
    const error = await http.stream({ path: "/media/m/bin2/a.png" }).catch((e) => e);
    expect(error).toBeInstanceOf(BcmsError);
    expect(error).toMatchObject({
      kind: "http",
      status: 404,
      path: `${TEST_BASE}/media/m/bin2/a.png`,
    });
    expect(everythingAbout(error)).not.toContain(TEST_SECRET);
    expect(memory.text()).not.toContain(TEST_SECRET);
  });

  it("times out a body that stalls after the headers, with the typed error", async () => {
    server = await startHttpServer((_request, res) => {
      res.writeHead(200, { "content-type": "video/mp4" });
      res.write(Buffer.from([1]));
    });
    const { http } = makeClient(server.origin);
    // The limit covers connecting and the headers too: generous, so that on a loaded machine
    // it is the stalled body that runs it out.
    const timeoutMs = 2_000;
    const response = await http.stream({ path: "/media/m/bin2/v.mp4", timeoutMs });
    expect(response.status).toBe(200);
    const error = await response.arrayBuffer().catch((e) => e);
    expect(error).toBeInstanceOf(BcmsTimeoutError);
    expect(error).toMatchObject({ kind: "timeout", timeoutMs });
  });

  it("cancels a body being read when the caller's signal aborts", async () => {
    server = await startHttpServer((_request, res) => {
      res.writeHead(200, { "content-type": "video/mp4" });
      res.write(Buffer.from([1]));
    });
    const { http } = makeClient(server.origin);
    const controller = new AbortController();
    const response = await http.stream({ path: "/v.mp4", signal: controller.signal });
    const reading = response.arrayBuffer().catch((e) => e);
    controller.abort();
    const error = await reading;
    expect(error).toBeInstanceOf(BcmsCanceledError);
    expect(error.message).toBe(QUEUE_ITEM_CANCELED_MESSAGE);
  });

  it("frees its queue slot once the headers are in", async () => {
    server = await startHttpServer((request, res) => {
      if (request.path.endsWith("/slow-body")) {
        res.writeHead(200);
        res.write("still coming");
      } else sendJson(res, 200, { item: template });
    });
    const { http, queue } = makeClient(server.origin, { concurrency: 1 });
    const streaming = await http.stream({ path: "/slow-body" });
    expect(queue.running).toBe(0);
    expect(await http.item({ path: "/template/t1" }, isTemplate)).toEqual(template);
    await streaming.body?.cancel();
  });
});
