// What the server checks and takes from a request before the app sees it: posts from other
// sites are refused, a body is read up to a limit (a form is a few kilobytes; anything far
// larger is refused with 413 while it streams), the scheme a trusted proxy terminated is
// restored, and the client's address is found for per-client limits.
import type { IncomingMessage } from "node:http";
import { isIP } from "node:net";
import type { ProxyTrust } from "../../app/config/env.server";
import { MAX_FORM_BODY_BYTES } from "../../app/forms/limits";

/** A request's body at most: the forms' own limit, the largest body the site takes. */
export const MAX_REQUEST_BODY_BYTES = MAX_FORM_BODY_BYTES;

/** The request with its body read into memory, or "too-large" once it passes `max` bytes. */
export async function readLimitedBody(
  request: Request,
  max: number,
  url = request.url,
): Promise<Request | "too-large"> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > max) {
    await request.body?.cancel().catch(() => {});
    return "too-large";
  }
  if (!request.body) return url === request.url ? request : new Request(url, request);
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = request.body.getReader();
  for (;;) {
    let next: ReadableStreamReadResult<Uint8Array>;
    try {
      next = await reader.read();
    } catch {
      break; // the client went away; the app sees what arrived and answers 400
    }
    if (next.done) break;
    total += next.value.byteLength;
    if (total > max) {
      await reader.cancel().catch(() => {});
      return "too-large";
    }
    chunks.push(next.value);
  }
  return new Request(url, {
    method: request.method,
    headers: request.headers,
    body: Buffer.concat(chunks),
    signal: request.signal,
  });
}

/** No proxy in front: the socket's peer is the client. */
export const NO_PROXY: ProxyTrust = { hops: 0 };

/**
 * The visitor's address. With a client-address header configured, its value (the edge sets
 * it, overwriting what a visitor sent). Else, behind `hops` proxies, the X-Forwarded-For
 * entry the first of them appended: counted from the right, because every entry left of it
 * came from the visitor and may be made up. Else the socket's peer.
 */
export function clientAddressOf(incoming: IncomingMessage | undefined, trust: ProxyTrust): string {
  if (trust.clientIpHeader) {
    const named = headerValue(incoming, trust.clientIpHeader).trim();
    if (isIP(named)) return named;
  }
  if (trust.hops > 0) {
    const hops = headerValue(incoming, "x-forwarded-for")
      .split(",")
      .map((hop) => hop.trim())
      .filter(Boolean);
    // Fewer entries than proxies: the request skipped one; the farthest entry is the best known.
    const seenByFirstProxy = hops.at(-Math.min(trust.hops, hops.length));
    if (seenByFirstProxy) return seenByFirstProxy;
  }
  return incoming?.socket.remoteAddress ?? "unknown";
}

function headerValue(incoming: IncomingMessage | undefined, name: string): string {
  const value = incoming?.headers[name];
  return Array.isArray(value) ? value.join(",") : (value ?? "");
}

/**
 * A post another site made the browser send: its Sec-Fetch-Site says so, or (older
 * browsers) its Origin names a host other than this request's or the site's own. Clients
 * that send neither header are not browsers acting for another site.
 */
export function isCrossSite(request: Request, siteOrigin: string): boolean {
  const site = request.headers.get("sec-fetch-site");
  if (site) return site !== "same-origin" && site !== "none";
  const origin = request.headers.get("origin");
  if (!origin) return false;
  if (!URL.canParse(origin)) return true;
  const host = new URL(origin).host;
  return host !== new URL(request.url).host && host !== new URL(siteOrigin).host;
}

/** The URL the app sees: behind trusted proxies, with the scheme the visitor used. */
export function effectiveUrl(
  url: URL,
  incoming: IncomingMessage | undefined,
  trust: ProxyTrust,
): string {
  if (trust.hops === 0) return url.href;
  const proto = forwardedProto(incoming);
  if (proto && `${proto}:` !== url.protocol) {
    const rewritten = new URL(url.href);
    rewritten.protocol = `${proto}:`;
    return rewritten.href;
  }
  return url.href;
}

/**
 * Behind a trusted proxy its X-Forwarded-Proto says (else this request's scheme). Without
 * one, this plain-HTTP server is reached directly (a local run) or through a TLS terminator
 * not trusted to say: the scheme of the site's origin decides.
 */
export function visitorUsesHttps(
  request: Request,
  incoming: IncomingMessage | undefined,
  trust: ProxyTrust,
  siteOrigin: string,
): boolean {
  if (trust.hops === 0) return siteOrigin.startsWith("https:");
  const proto = forwardedProto(incoming);
  return proto ? proto === "https" : request.url.startsWith("https:");
}

/** visitorUsesHttps of a request as node:http received it (its own URL is always http). */
export function incomingUsesHttps(
  incoming: IncomingMessage,
  trust: ProxyTrust,
  siteOrigin: string,
): boolean {
  if (trust.hops === 0) return siteOrigin.startsWith("https:");
  return forwardedProto(incoming) === "https";
}

/** The first X-Forwarded-Proto value, when it is http or https. */
export function forwardedProto(
  incoming: IncomingMessage | undefined,
): "http" | "https" | undefined {
  const proto = String(incoming?.headers["x-forwarded-proto"] ?? "")
    .split(",")[0]
    ?.trim()
    .toLowerCase();
  return proto === "https" || proto === "http" ? proto : undefined;
}
