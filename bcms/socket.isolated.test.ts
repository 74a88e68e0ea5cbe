import type { AddressInfo } from "node:net";
import { createServer, type Server, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import {
  afterRejectionsTold,
  createFakeTimers,
  createMemoryLogger,
  everythingAbout,
  recordUnhandledRejections,
  startSocketServer,
  TEST_KEY_ID,
  TEST_SECRET,
  type TestSocketServer,
  unusedPort,
  waitFor,
} from "../tests/support/bcms";
import { BcmsSocketError } from "./errors";
import {
  BcmsSocket,
  type BcmsSocketOptions,
  buildSocketUrl,
  describeSocketUrl,
  SOCKET_CONNECT_TIMEOUT_MS,
  SOCKET_HANDLER_FAILED_MESSAGE,
  SOCKET_INVALID_MESSAGE,
  SOCKET_RECONNECT_INITIAL_DELAY_MS,
  SOCKET_RECONNECT_MAX_DELAY_MS,
  type SocketState,
} from "./socket";

const unhandled = recordUnhandledRejections();

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await afterRejectionsTold();
  expect(unhandled).toEqual([]);
});

async function server(options: Parameters<typeof startSocketServer>[0] = {}) {
  const started = await startSocketServer(options);
  cleanups.push(() => started.close());
  return started;
}

/** A TCP server that accepts connections and never answers: no WebSocket handshake ever. */
async function silentTcpServer(): Promise<{ origin: string; connections: Socket[] }> {
  const connections: Socket[] = [];
  const silent: Server = createServer((connection) => {
    connections.push(connection);
  });
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        for (const connection of connections) connection.destroy();
        silent.close(() => resolve());
      }),
  );
  const port = (silent.address() as AddressInfo).port;
  return { origin: `http://127.0.0.1:${port}`, connections };
}

function socketFor(origin: string, options: Partial<BcmsSocketOptions> = {}) {
  const memory = createMemoryLogger();
  const socket = new BcmsSocket({
    cmsOrigin: origin,
    apiKey: { id: TEST_KEY_ID, secret: TEST_SECRET },
    logger: memory.logger,
    initialReconnectDelayMs: 20,
    ...options,
  });
  const states: SocketState[] = [];
  socket.onStateChange((state) => states.push(state));
  cleanups.push(() => socket.dispose());
  return { socket, memory, states };
}

describe("socket URL", () => {
  it("is {ws|wss}://{host}/api/v3/socket?token=apikey_{id}.{secret}", () => {
    const key = { id: "k1", secret: "s1" };
    expect(buildSocketUrl("https://app.thebcms.com", key)).toBe(
      "wss://app.thebcms.com/api/v3/socket?token=apikey_k1.s1",
    );
    expect(buildSocketUrl("http://127.0.0.1:3100", key)).toBe(
      "ws://127.0.0.1:3100/api/v3/socket?token=apikey_k1.s1",
    );
    expect(describeSocketUrl("https://app.thebcms.com")).toBe(
      "wss://app.thebcms.com/api/v3/socket",
    );
  });

  it("uses the socket's timing defaults", () => {
    expect(SOCKET_RECONNECT_INITIAL_DELAY_MS).toBe(1000);
    expect(SOCKET_RECONNECT_MAX_DELAY_MS).toBe(60000);
    expect(SOCKET_CONNECT_TIMEOUT_MS).toBe(10000);
    expect(SOCKET_INVALID_MESSAGE).toBe("Invalid message from server");
  });
});

describe("socket connection", () => {
  it("opens on socket_connection, stores its id and sends the token", async () => {
    const ws = await server();
    const { socket, states, memory } = socketFor(ws.origin);
    await socket.connect();
    expect(socket.state).toBe("open");
    expect(socket.id).toBe("connection-1");
    expect(states).toEqual(["connecting", "open"]);
    expect(ws.tokens).toEqual([`apikey_${TEST_KEY_ID}.${TEST_SECRET}`]);
    expect(memory.text()).not.toContain(TEST_SECRET);
  });

  it("is not open before socket_connection arrives", async () => {
    const ws = await server({ greet: false });
    const { socket } = socketFor(ws.origin);
    let resolved = false;
    const connecting = socket.connect().then(() => {
      resolved = true;
    });
    await waitFor(() => ws.clients().length === 1, 2000, "client");
    // A ping answered: the client has taken the open connection and what came before the
    // pong, so a connect() that resolved on open alone would have resolved by now.
    const client = ws.clients()[0] as NonNullable<ReturnType<typeof ws.clients>[number]>;
    await new Promise<void>((resolve) => {
      client.once("pong", () => resolve());
      client.ping();
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(resolved).toBe(false);
    expect(socket.state).toBe("connecting");
    ws.broadcast("socket_connection", { id: "late" });
    await connecting;
    expect(socket.id).toBe("late");
  });

  it("dispatches {en, ed} to named and catch-all handlers; unsubscribe works", async () => {
    const ws = await server();
    const { socket } = socketFor(ws.origin);
    const seen: unknown[] = [];
    const off = socket.on("entry", (data) => {
      seen.push(["entry", data]);
    });
    await socket.connect();
    socket.onAny((data, name) => {
      seen.push(["any", name, data]);
    });
    ws.broadcast("entry", { type: "update", entryId: "e1", templateId: "t1" });
    await waitFor(() => seen.length >= 2);
    off();
    ws.broadcast("entry", { type: "delete" });
    await waitFor(() => seen.length >= 3);
    expect(seen).toEqual([
      ["entry", { type: "update", entryId: "e1", templateId: "t1" }],
      ["any", "entry", { type: "update", entryId: "e1", templateId: "t1" }],
      ["any", "entry", { type: "delete" }],
    ]);
  });

  it("logs invalid messages as 'Invalid message from server' and stays open", async () => {
    const ws = await server();
    const { socket, memory } = socketFor(ws.origin);
    const seen: string[] = [];
    socket.onAny((_data, name) => {
      seen.push(name);
    });
    await socket.connect();
    for (const client of ws.clients()) {
      client.send("not json{");
      client.send(JSON.stringify({ ed: { no: "name" } }));
      client.send(JSON.stringify([1, 2]));
      client.send(JSON.stringify("just a string"));
      client.send(Buffer.from([0xff, 0x00]), { binary: true });
      client.send(JSON.stringify({ en: "media", ed: { type: "update", mediaId: "m1" } }));
    }
    await waitFor(() => seen.includes("media"));
    const invalid = memory.lines.filter((line) => line.args[0] === "Invalid message from server");
    expect(invalid).toHaveLength(5);
    expect(invalid[0]?.args[1]).toBe("not json{");
    expect(socket.state).toBe("open");
  });

  it("logs a failing handler (throw or rejection) and still runs the others", async () => {
    const ws = await server();
    const { socket, memory } = socketFor(ws.origin);
    const ran: string[] = [];
    socket.on("entry", () => {
      ran.push("throws");
      throw new Error("sync failure");
    });
    socket.on("entry", async () => {
      ran.push("rejects");
      throw new Error("async failure");
    });
    socket.on("entry", () => {
      ran.push("fine");
    });
    await socket.connect();
    ws.broadcast("entry", { type: "update" });
    await waitFor(() => memory.lines.filter((l) => l.level === "error").length === 2);
    expect(ran).toEqual(["throws", "rejects", "fine"]);
    const failures = memory.lines.filter((line) => line.args[0] === SOCKET_HANDLER_FAILED_MESSAGE);
    expect(failures.map((line) => (line.args[1] as { error: Error }).error.message).sort()).toEqual(
      ["async failure", "sync failure"],
    );
    expect(socket.state).toBe("open");
  });

  it("rejects connect() on a refused connection, without the secret", async () => {
    const port = await unusedPort();
    const { socket, memory } = socketFor(`http://127.0.0.1:${port}`);
    const error = await socket.connect().catch((e) => e);
    expect(error).toBeInstanceOf(BcmsSocketError);
    expect(error.message).toMatch(/ECONNREFUSED/);
    expect(everythingAbout(error)).not.toContain(TEST_SECRET);
    expect(memory.text()).not.toContain(TEST_SECRET);
    expect(["reconnecting", "connecting", "closed"]).toContain(socket.state);
  });

  it("rejects connect() when the upgrade is refused with 401", async () => {
    const ws = await server({ rejectWith: 401 });
    const { socket, memory } = socketFor(ws.origin);
    const error = await socket.connect().catch((e) => e);
    expect(error).toBeInstanceOf(BcmsSocketError);
    expect(error.message).toContain("401");
    expect(everythingAbout(error)).not.toContain(TEST_SECRET);
    await waitFor(() => ws.tokens.length >= 2, 2000, "a retry");
    expect(memory.text()).not.toContain(TEST_SECRET);
  });

  it("rejects connect() after the connection timeout when the server never answers", async () => {
    const silent = await silentTcpServer();
    const { socket } = socketFor(silent.origin, { connectTimeoutMs: 150 });
    const started = Date.now();
    const error = await socket.connect().catch((e) => e);
    expect(error).toBeInstanceOf(BcmsSocketError);
    expect(error.message).toContain("timed out after 150 ms");
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it("gives up after SOCKET_CONNECT_TIMEOUT_MS (10 s) by default when the handshake never completes", async () => {
    const silent = await silentTcpServer();
    const fake = createFakeTimers();
    const { socket, memory } = socketFor(silent.origin, { timers: fake.timers });
    let settled = false;
    const connecting = socket.connect().then(
      () => "connected",
      (error: unknown) => error,
    );
    void connecting.finally(() => {
      settled = true;
    });
    await waitFor(() => silent.connections.length === 1, 5000, "the TCP connection");
    expect(fake.pendingDelays()).toEqual([SOCKET_CONNECT_TIMEOUT_MS]);
    expect(settled).toBe(false);
    expect(socket.state).toBe("connecting");

    expect(fake.runNext()).toBe(SOCKET_CONNECT_TIMEOUT_MS);
    const error = await connecting;
    expect(error).toBeInstanceOf(BcmsSocketError);
    expect((error as Error).message).toBe(
      `BCMS socket connection failed: connection timed out after ${SOCKET_CONNECT_TIMEOUT_MS} ms`,
    );
    expect(socket.state).toBe("reconnecting");
    expect(memory.text()).not.toContain(TEST_SECRET);
  });

  it("rejects connect() when the server upgrades but never sends socket_connection", async () => {
    const ws = await server({ greet: false });
    const { socket } = socketFor(ws.origin, { connectTimeoutMs: 150 });
    await expect(socket.connect()).rejects.toThrow(/timed out/);
  });

  it("reconnects by itself after the server is killed, with a new id", async () => {
    const first = await startSocketServer();
    const { socket, states } = socketFor(first.origin);
    await socket.connect();
    const port = first.port;
    await first.close();
    await waitFor(() => states.includes("reconnecting"), 3000, "reconnecting");
    const second = await server({ port });
    await waitFor(() => socket.state === "open", 5000, "reopen");
    expect(second.clients()).toHaveLength(1);
    expect(socket.id).toBe("connection-1");
    expect(states.slice(0, 4)).toEqual(["connecting", "open", "closed", "reconnecting"]);
  });

  it("reconnects when the server closes the connection mid-way", async () => {
    let connections = 0;
    const ws = await server({
      onConnection: () => {
        connections++;
      },
    });
    const { socket, memory } = socketFor(ws.origin);
    await socket.connect();
    // Closed by the server once open (the client has its id), not after some time.
    ws.clients()[0]?.close(4000, "bye");
    await waitFor(() => connections === 2 && socket.state === "open", 5000, "second connection");
    expect(memory.lines.some((line) => String(line.args[0]).includes("closed"))).toBe(true);
  });

  it("disconnect() sticks: no reconnect afterwards, pending connect() rejects", async () => {
    // Fake timers: a reconnect would have to be scheduled on them, so none pending is proof.
    const fake = createFakeTimers();
    const ws = await server();
    const { socket } = socketFor(ws.origin, { timers: fake.timers });
    await socket.connect();
    socket.disconnect();
    expect(socket.state).toBe("closed");
    // The server saw the connection close: the socket had every chance to react to it.
    await waitFor(() => ws.clients().length === 0, 5000, "the server to see the close");
    expect(socket.state).toBe("closed");
    expect(fake.pendingDelays()).toEqual([]);
    expect(ws.tokens).toHaveLength(1);

    const silentWs = await server({ greet: false });
    const { socket: second } = socketFor(silentWs.origin, { timers: fake.timers });
    const pending = second.connect();
    await waitFor(() => silentWs.clients().length === 1, 5000, "the second connection");
    second.disconnect();
    await expect(pending).rejects.toThrow("disconnected");
    await waitFor(() => silentWs.clients().length === 0, 5000, "the server to see the drop");
    expect(second.state).toBe("closed");
    expect(fake.pendingDelays()).toEqual([]);
    expect(silentWs.tokens).toHaveLength(1);
  });

  it("emits only while open", async () => {
    const received: string[] = [];
    const ws = await server({
      onConnection: (client) => client.on("message", (data) => received.push(String(data))),
    });
    const { socket } = socketFor(ws.origin);
    expect(socket.emit("x", 1)).toBe(false);
    await socket.connect();
    expect(socket.emit("entry_sync", { a: 1 })).toBe(true);
    await waitFor(() => received.length === 1);
    expect(JSON.parse(received[0] ?? "")).toEqual({ en: "entry_sync", ed: { a: 1 } });
  });
});

describe("reconnect schedule", () => {
  it("waits 1, 2, 4, 8, 16, 32, 60, 60 s, and resets to 1 s after an open", async () => {
    const fake = createFakeTimers();
    const port = await unusedPort();
    const { socket, memory } = socketFor(`http://127.0.0.1:${port}`, {
      timers: fake.timers,
      initialReconnectDelayMs: undefined,
    });
    const waitForReconnectTimer = () =>
      waitFor(
        () => socket.state === "reconnecting" && fake.pendingDelays().length === 1,
        5000,
        "reconnect timer",
      );
    await expect(socket.connect()).rejects.toBeInstanceOf(BcmsSocketError);
    const delays: number[] = [];
    for (let attempt = 0; attempt < 8; attempt++) {
      await waitForReconnectTimer();
      delays.push(fake.runNext());
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000]);

    // The server comes back: the next attempt opens and the delay resets.
    await waitForReconnectTimer();
    let ws: TestSocketServer | null = await startSocketServer({ port });
    cleanups.push(() => ws?.close());
    expect(fake.runNext()).toBe(60000);
    await waitFor(() => socket.state === "open", 5000, "open");
    expect(socket.reconnectDelayMs).toBe(1000);
    expect(fake.pendingDelays()).toEqual([]);

    await ws.close();
    ws = null;
    await waitForReconnectTimer();
    expect(fake.pendingDelays()).toEqual([1000]);
    expect(memory.text()).not.toContain(TEST_SECRET);
  });
});
