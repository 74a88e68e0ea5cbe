// An address for the CMS that a site can be given before the CMS it leads to exists: a TCP
// forwarder whose connections wait until `forwardTo` names where they go. A test starts a
// site on it, sets up what it holds at the gated proxy behind, then lets the site's first
// reads of the CMS through, so nothing of a start (its catch-up included) runs before the
// test is ready to see it.
import { type AddressInfo, connect, createServer, type Server, type Socket } from "node:net";
import type { Duplex } from "node:stream";

export interface LateOrigin {
  /** What the site is given as BCMS_ORIGIN. */
  url: string;
  /** From now on (and for every connection waiting), connections go to `target`. */
  forwardTo(target: string): void;
  close(): Promise<void>;
}

/**
 * Ends each of a forwarded pair of sockets with the other, and keeps the upstream one in
 * `open` while it lasts (for a close or a cut that ends them all).
 */
export function tieSockets(client: Duplex, upstream: Socket, open: Set<Socket>): void {
  open.add(upstream);
  upstream.once("close", () => open.delete(upstream));
  const end = () => {
    upstream.destroy();
    client.destroy();
  };
  upstream.on("error", end);
  upstream.on("close", end);
  client.on("error", end);
  client.on("close", end);
}

export async function startLateOrigin(): Promise<LateOrigin> {
  let named: (target: URL) => void = () => {};
  const target = new Promise<URL>((resolve) => {
    named = resolve;
  });
  const sockets = new Set<Socket>();
  const server: Server = createServer(async (client) => {
    sockets.add(client);
    client.once("close", () => sockets.delete(client));
    client.pause();
    const to = await target;
    if (client.destroyed) return;
    const upstream = connect(Number(to.port), to.hostname, () => {
      client.pipe(upstream);
      upstream.pipe(client);
      client.resume();
    });
    tieSockets(client, upstream, sockets);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    forwardTo: (origin) => named(new URL(origin)),
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
