// The client's address behind real proxies: the site sits behind two HTTP proxies on loopback
// addresses of their own (a CDN's edge, then a load balancer), each appending the address it
// saw to X-Forwarded-For, as real ones do. Visitors connect from loopback addresses of their
// own too. What the site takes for the client is seen through a per-client limit (the CSP
// report endpoint's 60 reports a minute): it must count visitors, not the proxy in front,
// and a visitor must not escape it by making up headers.
import { createServer, request as httpRequest, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CSP_REPORTS_PER_CLIENT } from "../../server/security/csp-report";
import {
  REAL_SITE_START_MS,
  type RealSiteOnContent,
  serveRealBuildOnContent,
} from "../support/site-build";

const EDGE = "127.0.0.2";
const BALANCER = "127.0.0.3";

interface Proxy {
  port: number;
  server: Server;
}

/** A proxy on `address` that forwards to `target`, from `address`, appending what it saw. */
async function startProxy(
  address: string,
  target: () => { host: string; port: number },
): Promise<Proxy> {
  const server = createServer((request: IncomingMessage, response) => {
    const seen = request.socket.remoteAddress ?? "";
    const before = request.headers["x-forwarded-for"];
    const upstream = httpRequest(
      {
        ...target(),
        localAddress: address,
        method: request.method,
        path: request.url,
        headers: { ...request.headers, "x-forwarded-for": before ? `${before}, ${seen}` : seen },
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
  await new Promise<void>((resolve) => server.listen(0, address, resolve));
  return { port: (server.address() as AddressInfo).port, server };
}

/** One CSP report sent through the edge from `visitor`'s own address. */
function report(
  visitor: string,
  headers: Record<string, string> = {},
): Promise<{ status: number }> {
  const body = JSON.stringify({
    "csp-report": {
      "document-uri": "https://id5.io/about",
      "effective-directive": "script-src-elem",
      "blocked-uri": "inline",
    },
  });
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      {
        host: EDGE,
        port: edge.port,
        localAddress: visitor,
        method: "POST",
        path: "/csp-report",
        headers: {
          "Content-Type": "application/csp-report",
          "Sec-Fetch-Site": "same-origin",
          "Content-Length": Buffer.byteLength(body),
          ...headers,
        },
      },
      (answer) => {
        answer.resume();
        answer.once("end", () => resolve({ status: answer.statusCode ?? 0 }));
      },
    );
    sent.once("error", reject);
    sent.end(body);
  });
}

/** Sends reports until one is refused; returns how many were taken. */
async function takenBeforeRefusal(
  visitor: string,
  headers: (i: number) => Record<string, string> = () => ({}),
): Promise<number> {
  for (let i = 0; i <= CSP_REPORTS_PER_CLIENT; i++) {
    const { status } = await report(visitor, headers(i));
    if (status === 429) return i;
    expect(status).toBe(204);
  }
  return CSP_REPORTS_PER_CLIENT + 1;
}

let site: RealSiteOnContent;
let edge: Proxy;
let balancer: Proxy;

/** The real site, told of its proxies as an operator tells it (TRUST_PROXY, CLIENT_IP_HEADER). */
async function startBehindProxies(variables: Record<string, string>) {
  site = await serveRealBuildOnContent("client-address-proxies", { variables });
}

beforeAll(async () => {
  balancer = await startProxy(BALANCER, () => ({ host: "127.0.0.1", port: site.port }));
  edge = await startProxy(EDGE, () => ({ host: BALANCER, port: balancer.port }));
});
afterAll(async () => {
  for (const proxy of [edge, balancer]) {
    proxy.server.closeAllConnections();
    await new Promise((resolve) => proxy.server.close(resolve));
  }
});

describe("behind two proxies (TRUST_PROXY=2)", () => {
  beforeAll(() => startBehindProxies({ TRUST_PROXY: "2" }), REAL_SITE_START_MS);
  afterAll(() => site.close());

  it("counts each visitor, not the proxy, and a made-up X-Forwarded-For changes nothing", async () => {
    // Each report claims another origin in X-Forwarded-For: the edge appends the real one.
    const spoofing = (i: number) => ({ "X-Forwarded-For": `198.51.100.${i + 1}` });
    expect(await takenBeforeRefusal("127.0.0.10", spoofing)).toBe(CSP_REPORTS_PER_CLIENT);
    // Another visitor behind the same two proxies has a limit of its own.
    expect((await report("127.0.0.11")).status).toBe(204);
    expect((await report("127.0.0.10")).status).toBe(429);
  });

  it("does not take a client-address header it was not told to trust", async () => {
    const spoofing = (i: number) => ({ "CF-Connecting-IP": `198.51.100.${i + 1}` });
    expect(await takenBeforeRefusal("127.0.0.20", spoofing)).toBe(CSP_REPORTS_PER_CLIENT);
  });
});

describe("with TRUST_PROXY=1 behind the same two proxies", () => {
  beforeAll(() => startBehindProxies({ TRUST_PROXY: "1" }), REAL_SITE_START_MS);
  afterAll(() => site.close());

  it("takes the edge for the client: every visitor shares one limit", async () => {
    expect(await takenBeforeRefusal("127.0.0.30")).toBe(CSP_REPORTS_PER_CLIENT);
    expect((await report("127.0.0.31")).status).toBe(429);
  });
});

describe("with a named client-address header (CLIENT_IP_HEADER)", () => {
  beforeAll(
    () => startBehindProxies({ TRUST_PROXY: "2", CLIENT_IP_HEADER: "cf-connecting-ip" }),
    REAL_SITE_START_MS,
  );
  afterAll(() => site.close());

  it("counts by the header the edge sets", async () => {
    // The edge of a CDN overwrites this header with the visitor's address; here the test
    // plays the edge and names the visitor.
    const visitor = { "CF-Connecting-IP": "203.0.113.40" };
    expect(await takenBeforeRefusal("127.0.0.40", () => visitor)).toBe(CSP_REPORTS_PER_CLIENT);
    expect((await report("127.0.0.40", { "CF-Connecting-IP": "203.0.113.41" })).status).toBe(204);
  });
});
