// A pass-through HTTP proxy in front of a local server (WebSocket upgrades included) that
// can hold requests whose path matches, so a test can look at the site while one of its
// calls to the content service is known to be in flight, instead of guessing with a delay.
import { createServer, request as httpRequest, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { connect, type Socket } from "node:net";
import { tieSockets } from "./late-origin";

export interface GatedProxy {
  url: string;
  port: number;
  /**
   * Holds requests (WebSocket upgrades too) whose path matches until `release`; `arrived`
   * resolves on the first, or fails naming the pattern when none came within `deadlineMs` of
   * the hold (default HOLD_ARRIVAL_MS): a test's timeout must cover it.
   */
  hold(pattern: RegExp, deadlineMs?: number): { arrived: Promise<void>; release(): void };
  /**
   * An outage: every open connection (the CMS's socket included) is cut, and each new one is
   * closed at once, until `restore`.
   */
  cut(): { restore(): void };
  /**
   * A CMS that fails partway: the `n`th write (any request but GET) from now is answered by
   * the proxy with BCMS's error for an unexpected exception, 500 `{"message": "Unknown
   * exception"}`, and never passed on; every other request passes.
   */
  failWrite(n: number): void;
  close(): Promise<void>;
}

/** How long a held request may take to come, by default: a site's call on a busy machine. */
export const HOLD_ARRIVAL_MS = 30_000;

export async function startGatedProxy(target: string, port = 0): Promise<GatedProxy> {
  const to = new URL(target);
  const gates: { pattern: RegExp; open: Promise<void>; arrive: () => void }[] = [];
  const sockets = new Set<Socket>();
  let down = false;
  let writesUntilFailure = 0;

  const passed = async (path: string) => {
    for (const gate of gates.filter((g) => g.pattern.test(path))) {
      gate.arrive();
      await gate.open;
    }
  };

  const server: Server = createServer(async (request, response) => {
    await passed(request.url ?? "/");
    if (request.method !== "GET" && writesUntilFailure > 0 && --writesUntilFailure === 0) {
      request.resume();
      response.writeHead(500, { "content-type": "application/json" });
      response.end(JSON.stringify({ message: "Unknown exception" }));
      return;
    }
    const upstream = httpRequest(
      {
        host: to.hostname,
        port: to.port,
        method: request.method,
        path: request.url,
        headers: { ...request.headers, host: to.host },
      },
      (answer: IncomingMessage) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on("error", () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });
  server.on("connection", (socket) => {
    if (down) {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  server.on("upgrade", async (request, client, head) => {
    await passed(request.url ?? "/");
    const upstream = connect(Number(to.port), to.hostname, () => {
      const lines = [`${request.method} ${request.url} HTTP/1.1`];
      for (let i = 0; i < request.rawHeaders.length; i += 2) {
        lines.push(`${request.rawHeaders[i]}: ${request.rawHeaders[i + 1]}`);
      }
      upstream.write(`${lines.join("\r\n")}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    tieSockets(client, upstream, sockets);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const listening = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${listening}`,
    port: listening,
    hold(pattern, deadlineMs = HOLD_ARRIVAL_MS) {
      let arrive = () => {};
      let release = () => {};
      const arrived = new Promise<void>((resolve, reject) => {
        const late = setTimeout(
          () => reject(new Error(`no request matching ${pattern} came in ${deadlineMs} ms`)),
          deadlineMs,
        );
        late.unref();
        arrive = () => {
          clearTimeout(late);
          resolve();
        };
      });
      // A test that never awaits the arrival is not failed by its deadline.
      arrived.catch(() => {});
      const open = new Promise<void>((resolve) => {
        release = resolve;
      });
      const gate = { pattern, open, arrive };
      gates.push(gate);
      return {
        arrived,
        release() {
          gates.splice(gates.indexOf(gate), 1);
          release();
          // Released before any came: nothing is awaited any more.
          arrive();
        },
      };
    },
    cut() {
      down = true;
      for (const socket of sockets) socket.destroy();
      return {
        restore() {
          down = false;
        },
      };
    },
    failWrite(n) {
      writesUntilFailure = n;
    },
    async close() {
      for (const gate of gates.splice(0)) gate.arrive();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
