// Headers every response carries. The Content-Security-Policy (and X-Frame-Options and
// Reporting-Endpoints, which go with it) depends on the page and its inline scripts:
// server/security/content-security-policy.ts builds it, server/request-pipeline.ts sets it.
import { DEFAULT_CONTENT_SECURITY_POLICY } from "./content-security-policy";

/** The policy of an answer without inline scripts, tag manager or framing (served over https). */
export const CONTENT_SECURITY_POLICY = DEFAULT_CONTENT_SECURITY_POLICY;
export const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), interest-cohort=()";
export const HSTS = "max-age=63072000; includeSubDomains";

/** The page-independent headers for a site served at `siteOrigin` (HSTS only when it is https). */
export function securityHeaders(siteOrigin: string): [string, string][] {
  const headers: [string, string][] = [
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["Permissions-Policy", PERMISSIONS_POLICY],
  ];
  if (siteOrigin.startsWith("https:")) headers.push(["Strict-Transport-Security", HSTS]);
  return headers;
}

/** The security headers and the policy's companions (the CSP itself is per body). */
export function siteHeadersOf(
  security: readonly [string, string][],
  policy: { companionHeaders: readonly [string, string][] },
): [string, string][] {
  return [...security, ...policy.companionHeaders];
}

/** Sets `headers` on `response`, copying it first when its headers are immutable. */
export function withHeaders(
  response: Response,
  ...lists: ReadonlyArray<readonly [string, string]>[]
): Response {
  try {
    for (const headers of lists)
      for (const [name, value] of headers) response.headers.set(name, value);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    for (const headers of lists) for (const [name, value] of headers) copy.headers.set(name, value);
    return copy;
  }
}
