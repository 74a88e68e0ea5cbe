// `/metrics` on a listener of its own (METRICS_HOST:METRICS_PORT), apart from the site's
// port: a scraper inside the network reads it; visitors never reach it.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { NO_STORE } from "../../app/config/cache-control";
import { metricsExposition } from "./site-metrics";

export const METRICS_PATH = "/metrics";

export interface MetricsListener {
  port: number;
  url: string;
  close(): Promise<void>;
}

export function startMetricsListener(port: number, host: string): Promise<MetricsListener> {
  const server = createServer((request, response) => {
    const path = (request.url ?? "/").split("?")[0];
    if (path !== METRICS_PATH || (request.method !== "GET" && request.method !== "HEAD")) {
      response.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("Not Found\n");
      return;
    }
    metricsExposition().then(
      ({ contentType, body }) => {
        response.writeHead(200, { "content-type": contentType, "cache-control": NO_STORE });
        response.end(request.method === "HEAD" ? undefined : body);
      },
      () => {
        response.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
        response.end("metrics unavailable\n");
      },
    );
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      const bound = (server.address() as AddressInfo).port;
      const shown = host.includes(":") ? `[${host}]` : host;
      resolve({
        port: bound,
        url: `http://${shown}:${bound}${METRICS_PATH}`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
