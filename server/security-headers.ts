// Headers every response carries. The Content-Security-Policy is the part that needs no
// per-response nonce; a script-src policy with nonces is a later step (see
// docs/decisions/0001-production-server.md: prerendered HTML cannot carry a fresh nonce).

export const CONTENT_SECURITY_POLICY = "frame-ancestors 'none'; base-uri 'self'; object-src 'none'";
export const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), interest-cohort=()";
export const HSTS = "max-age=63072000; includeSubDomains";

/** The headers for a site served at `siteOrigin` (HSTS only when it is https). */
export function securityHeaders(siteOrigin: string): [string, string][] {
  const headers: [string, string][] = [
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["Permissions-Policy", PERMISSIONS_POLICY],
    ["Content-Security-Policy", CONTENT_SECURITY_POLICY],
    ["X-Frame-Options", "DENY"],
  ];
  if (siteOrigin.startsWith("https:")) headers.push(["Strict-Transport-Security", HSTS]);
  return headers;
}

/** Sets `headers` on `response`, copying it first when its headers are immutable. */
export function withHeaders(response: Response, headers: readonly [string, string][]): Response {
  try {
    for (const [name, value] of headers) response.headers.set(name, value);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    for (const [name, value] of headers) copy.headers.set(name, value);
    return copy;
  }
}
