// The methods the site answers: GET and HEAD everywhere, POST for forms, CSP reports and the
// preview endpoints. Any other method is answered 405 here, before a file is looked up or a
// page rendered: handed to React Router, TRACE and CONNECT fail while their Request is made
// (a 500 and an error log), and the rest get a rendered page a CDN may keep.
import type { IncomingMessage, ServerResponse } from "node:http";

const SERVED_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "POST"]);
export const ALLOWED_METHODS = "GET, HEAD, POST";

const BODY = "Method not allowed\n";
/** The 405's headers, the same on the fast path and the full server. */
export const METHOD_NOT_ALLOWED_HEADERS: Readonly<Record<string, string>> = {
  Allow: ALLOWED_METHODS,
  "Cache-Control": "no-store",
  "Content-Type": "text/plain; charset=utf-8",
  "X-Content-Type-Options": "nosniff",
};

export function isServedMethod(method: string | undefined): boolean {
  return method !== undefined && SERVED_METHODS.has(method);
}

/** The 405 as a Response (the full server's). */
export function methodNotAllowed(): Response {
  return new Response(BODY, { status: 405, headers: METHOD_NOT_ALLOWED_HEADERS });
}

/**
 * Answers a request of a method the site does not serve with the 405, straight on node:http
 * (before a Request exists: TRACE cannot be one), and logs it, every time (a probe is worth
 * its line). False for a served method: the request goes on.
 */
export function refuseUnservedMethod(
  request: IncomingMessage,
  response: ServerResponse,
  log: (record: {
    request: IncomingMessage;
    method: string;
    path: string;
    status: number;
    durationMs: number;
    source: string;
  }) => void,
  /** The security headers every answer carries (the pipeline's, with its policy for the path). */
  securityHeaders: readonly (readonly [string, string])[] = [],
): boolean {
  if (isServedMethod(request.method)) return false;
  const started = performance.now();
  response.writeHead(405, {
    ...Object.fromEntries(securityHeaders),
    ...METHOD_NOT_ALLOWED_HEADERS,
    "Content-Length": String(Buffer.byteLength(BODY)),
  });
  response.end(BODY);
  log({
    request,
    method: String(request.method),
    path: (request.url ?? "/").split("?", 1)[0] ?? "/",
    status: 405,
    durationMs: performance.now() - started,
    source: "refused",
  });
  return true;
}
