// The headers of every answer the site sends, by path and visitor: the security headers, the
// document policy's companions (framing, reporting) and the Content-Security-Policy. The full
// server's answers, the prepared 404 pages and the refusals made on node:http all take them
// from here, so no answer leaves without them.
import { MEDIA_PATH_PREFIX } from "../../app/config/reserved-addresses";
import { MEDIA_CONTENT_SECURITY_POLICY } from "../../app/content/cms-values/media-types";
import type { ContentSecurityPolicies, DocumentPolicy } from "./content-security-policy";
import { siteHeadersOf } from "./security-headers";

export interface HeadersOfAnswer {
  /** Everything but the Content-Security-Policy, which depends on the body's scripts. */
  headers: [string, string][];
  policy: DocumentPolicy;
}

export class AnswerHeaders {
  constructor(
    private readonly security: readonly [string, string][],
    private readonly policies: ContentSecurityPolicies,
  ) {}

  /** The headers of an answer at `pathname` to a visitor over https (`secure`) or not. */
  of(pathname: string, secure: boolean): HeadersOfAnswer {
    const policy = this.policies.select(pathname, secure);
    return { headers: siteHeadersOf(this.security, policy), policy };
  }

  /**
   * The Content-Security-Policy of an answer at `pathname`: a file of the CMS keeps the media
   * policy whatever the route (sandboxed: an SVG opened directly runs nothing), that is the
   * media route's answers and any other route's that come with it (`own`: the policy the
   * answer was made with); any other answer takes `documentPolicy()`.
   */
  policyOf(pathname: string, own: string | null, documentPolicy: () => string): string {
    return isMediaPath(pathname) || own === MEDIA_CONTENT_SECURITY_POLICY
      ? MEDIA_CONTENT_SECURITY_POLICY
      : documentPolicy();
  }

  /** Those of an answer without inline scripts, the policy included, as node:http writes them. */
  rawWithoutScripts(pathname: string, secure: boolean): string[] {
    const { headers, policy } = this.of(pathname, secure);
    const raw = headers.flat();
    raw.push(
      "Content-Security-Policy",
      this.policyOf(pathname, null, () => policy.withoutHashes),
    );
    return raw;
  }
}

/** Whether a request path is the media route's (its data request too). */
function isMediaPath(pathname: string): boolean {
  return pathname.startsWith(MEDIA_PATH_PREFIX);
}
