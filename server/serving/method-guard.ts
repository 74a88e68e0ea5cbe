// The methods the site answers: GET and HEAD everywhere, POST for forms, CSP reports and the
// preview endpoints. Any other method is answered 405 here, before a file is looked up or a
// page rendered: handed to React Router, TRACE and CONNECT fail while their Request is made
// (a 500 and an error log), and the rest get a rendered page a CDN may keep.
import type { ServerResponse } from "node:http";
import { NO_STORE } from "../../app/config/cache-control";

const SERVED_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "POST"]);
export const ALLOWED_METHODS = "GET, HEAD, POST";

const BODY = "Method not allowed\n";
/** The 405's own headers (the site's for every answer come on top), on node:http and in full. */
export const METHOD_NOT_ALLOWED_HEADERS: Readonly<Record<string, string>> = {
  Allow: ALLOWED_METHODS,
  "Cache-Control": NO_STORE,
  "Content-Type": "text/plain; charset=utf-8",
};

export function isServedMethod(method: string | undefined): boolean {
  return method !== undefined && SERVED_METHODS.has(method);
}

export function methodNotAllowed(): Response {
  return new Response(BODY, { status: 405, headers: METHOD_NOT_ALLOWED_HEADERS });
}

/**
 * The 405 written straight on node:http, with the site's headers for every answer (a request
 * of a method the site does not serve may not even become a Request: TRACE cannot).
 */
export function refuseUnservedMethod(
  response: ServerResponse,
  siteHeaders: readonly string[],
): void {
  response.writeHead(405, [
    ...siteHeaders,
    ...Object.entries(METHOD_NOT_ALLOWED_HEADERS).flat(),
    "Content-Length",
    String(Buffer.byteLength(BODY)),
  ]);
  response.end(BODY);
}
