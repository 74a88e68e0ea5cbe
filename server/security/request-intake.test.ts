import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { clientAddressOf, NO_PROXY } from "./request-intake";

/** What the server sees of a request: its headers and the socket's peer. */
function arriving(headers: Record<string, string>, peer = "10.0.0.9"): IncomingMessage {
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return { headers: lower, socket: { remoteAddress: peer } } as unknown as IncomingMessage;
}

describe("the client's address", () => {
  it("is the socket's peer with no proxy, whatever the headers say", () => {
    const request = arriving({ "X-Forwarded-For": "1.1.1.1", "CF-Connecting-IP": "2.2.2.2" });
    expect(clientAddressOf(request, NO_PROXY)).toBe("10.0.0.9");
  });

  it("behind one proxy is the entry it appended (the last)", () => {
    const request = arriving({ "X-Forwarded-For": "6.6.6.6, 203.0.113.7" });
    expect(clientAddressOf(request, { hops: 1 })).toBe("203.0.113.7");
  });

  it("behind two proxies is what the first saw, not a left-most entry the visitor made up", () => {
    // visitor 203.0.113.7 sent "6.6.6.6"; the CDN appended the visitor, the balancer the CDN.
    const request = arriving({ "X-Forwarded-For": "6.6.6.6, 203.0.113.7, 198.51.100.1" });
    expect(clientAddressOf(request, { hops: 2 })).toBe("203.0.113.7");
    expect(clientAddressOf(request, { hops: 1 })).toBe("198.51.100.1");
  });

  it("is the farthest entry when fewer proxies appended than are trusted", () => {
    expect(clientAddressOf(arriving({ "X-Forwarded-For": "203.0.113.7" }), { hops: 3 })).toBe(
      "203.0.113.7",
    );
  });

  it("is the socket's peer behind a proxy that sent no X-Forwarded-For", () => {
    expect(clientAddressOf(arriving({}), { hops: 1 })).toBe("10.0.0.9");
  });

  it("is the named header's address when one is configured", () => {
    const request = arriving({
      "CF-Connecting-IP": "2001:db8::5",
      "X-Forwarded-For": "6.6.6.6, 198.51.100.1",
    });
    expect(clientAddressOf(request, { hops: 1, clientIpHeader: "cf-connecting-ip" })).toBe(
      "2001:db8::5",
    );
  });

  it("ignores a named header that is not configured, and one that holds no address", () => {
    const spoofed = arriving({ "Fastly-Client-IP": "6.6.6.6", "X-Forwarded-For": "203.0.113.7" });
    expect(clientAddressOf(spoofed, { hops: 1, clientIpHeader: "cf-connecting-ip" })).toBe(
      "203.0.113.7",
    );
    const garbage = arriving({ "CF-Connecting-IP": "not an address" });
    expect(clientAddressOf(garbage, { hops: 0, clientIpHeader: "cf-connecting-ip" })).toBe(
      "10.0.0.9",
    );
  });
});
