// The HTTP lifecycle around a fetch handler whose answers the test holds: a close lets
// in-flight requests finish, refuses new connections, and cuts what outlasts its drain; it
// is idempotent and works before listen; a Host the URL parser refuses gets 400.
// (tests/integration/server-lifecycle.test.ts closes the real site.)
import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { rawRequest } from "../../tests/support/raw-request";
import { requestGates } from "../../tests/support/request-gates";
import { type RecordingLogger, recordingLogger } from "../../tests/support/webhook-receiver";
import {
  createHttpLifecycle,
  HEADERS_TIMEOUT_MS,
  type HttpLifecycle,
  MAX_CONNECTIONS,
} from "./lifecycle";

let logger: RecordingLogger;
let lifecycle: HttpLifecycle | undefined;
afterEach(async () => {
  await lifecycle?.close();
  lifecycle = undefined;
});

/** A lifecycle whose handler waits at the gates for each path, then answers with it. */
async function serve(
  shutdownTimeoutMs = 60_000,
  limits?: Parameters<typeof createHttpLifecycle>[1]["limits"],
) {
  const gates = requestGates();
  logger = recordingLogger();
  lifecycle = createHttpLifecycle(
    async (request) => {
      const { pathname } = new URL(request.url);
      await gates.pass(pathname);
      return new Response(`answered ${pathname}`);
    },
    { logger, shutdownTimeoutMs, limits },
  );
  const { port } = await lifecycle.listen(0, "127.0.0.1");
  return { gates, port, lifecycle };
}

describe("graceful close", () => {
  it("finishes in-flight requests and refuses new connections", async () => {
    const { gates, port, lifecycle } = await serve();
    const held = gates.hold("/slow");
    const inFlight = rawRequest(port, "/slow");
    await gates.received("/slow");
    const closed = lifecycle.close();
    await expect(rawRequest(port, "/other")).rejects.toThrow(/ECONNREFUSED/);
    held.release();
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(answer.text).toBe("answered /slow");
    await closed;
    expect(logger.lines.some((line) => line.message.startsWith("shutdown: cutting"))).toBe(false);
  });

  it("cuts requests that outlast the shutdown timeout, and says so", async () => {
    const { gates, port, lifecycle } = await serve(100);
    const stuck = gates.hold("/stuck");
    const inFlight = rawRequest(port, "/stuck").then(
      () => "answered",
      () => "cut",
    );
    await gates.received("/stuck");
    await lifecycle.close();
    expect(await inFlight).toBe("cut");
    expect(
      logger.lines.find((line) => line.message.startsWith("shutdown: cutting"))?.fields,
    ).toEqual({ inflight: 1 });
    stuck.release();
  });

  it("is idempotent, and works before listen", async () => {
    const { port, lifecycle } = await serve();
    expect((await rawRequest(port, "/a")).status).toBe(200);
    await expect(Promise.all([lifecycle.close(), lifecycle.close()])).resolves.toEqual([
      undefined,
      undefined,
    ]);
    await expect(lifecycle.close()).resolves.toBeUndefined();
    await expect(rawRequest(port, "/a")).rejects.toThrow(/ECONNREFUSED/);
    await expect(lifecycle.listen(0, "127.0.0.1")).rejects.toThrow(/already listening or closed/);

    const neverListened = createHttpLifecycle(() => new Response("never"), {
      logger: recordingLogger(),
      shutdownTimeoutMs: 60_000,
    });
    await expect(neverListened.close()).resolves.toBeUndefined();
  });
});

describe("bad requests", () => {
  it("answers 400 with a log line to a Host the URL parser refuses, and keeps serving", async () => {
    const { port } = await serve();
    const bad = await rawRequest(port, "/news", { headers: { host: "news.127.0.0.1:3210" } });
    expect(bad.status).toBe(400);
    expect(logger.lines.some((line) => line.message.includes("unparsable Host"))).toBe(true);
    expect((await rawRequest(port, "/about")).text).toBe("answered /about");
  });
});

/** A socket to `port`, once connected; `closed` resolves when the server ends it. */
async function openSocket(port: number): Promise<{ socket: Socket; closed: Promise<void> }> {
  const socket = connect(port, "127.0.0.1");
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  socket.on("error", () => {});
  // Read what comes, so the end of the stream (and so its close) is seen.
  socket.resume();
  await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  return { socket, closed };
}

describe("slow and many clients", () => {
  it("keeps the headers timeout to seconds, far below the keep-alive one", () => {
    expect(HEADERS_TIMEOUT_MS).toBeLessThanOrEqual(20_000);
    expect(MAX_CONNECTIONS).toBeGreaterThan(0);
  });

  it("closes a connection whose headers never end", async () => {
    const { port } = await serve(60_000, { headersTimeoutMs: 300, checkEveryMs: 100 });
    const { socket, closed } = await openSocket(port);
    socket.write("GET /slow HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Trickle: a");
    // Waits on the close itself: the test's own deadline is the generous bound.
    await closed;
    expect(socket.destroyed).toBe(true);
  });

  it("refuses connections beyond its cap, keeping those it holds", async () => {
    const { port } = await serve(60_000, { maxConnections: 2 });
    const held = [await openSocket(port), await openSocket(port)];
    const third = await openSocket(port);
    await third.closed;
    expect(held.map(({ socket }) => socket.destroyed)).toEqual([false, false]);
    for (const { socket } of held) socket.destroy();
  });
});
