// A stand-in for a CMS that fails partway: a pass-through HTTP proxy in front of a local
// content service that answers the Nth write (any request but GET) itself with BCMS's
// error for an unexpected exception, 500 `{"message": "Unknown exception"}`, without passing
// it on. Reads always pass, and so does every write after the failed one.
import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";

export interface FailingProxy {
  url: string;
  /** Writes that reached the proxy so far (the failed one included). */
  writes(): number;
  close(): Promise<void>;
}

export async function startFailingProxy(target: string, failWrite: number): Promise<FailingProxy> {
  const to = new URL(target);
  let writes = 0;
  const server = createServer((request, response) => {
    if (request.method !== "GET") {
      writes += 1;
      if (writes === failWrite) {
        request.resume();
        response.writeHead(500, { "content-type": "application/json" });
        response.end(JSON.stringify({ message: "Unknown exception" }));
        return;
      }
    }
    const upstream = httpRequest(
      {
        host: to.hostname,
        port: to.port,
        method: request.method,
        path: request.url,
        headers: { ...request.headers, host: to.host },
      },
      (answer) => {
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
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    writes: () => writes,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
