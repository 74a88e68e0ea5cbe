// The preview answers (issue 19): a signed link's page, its live-refresh event stream, and
// the token-guarded endpoints that make and revoke links. A link is checked in this order,
// every failure answering the same plain 403: rate (per client, 429; counted in the shared
// store, like form submissions, so N instances allow what one does), form, signature,
// expiry, revocation, the entry still existing. Preview answers are `private, no-store`
// and `noindex`, bypass the render cache, the prerendered files and the fast path, and are
// framed only by the CMS origin (server/security/content-security-policy.ts).
import { createHash, timingSafeEqual } from "node:crypto";
import { PRIVATE_NO_STORE } from "../../app/config/cache-control";
import type { PreviewDescription } from "../../app/content/preview.server";
import type { PreviewTarget } from "../../app/content/preview-context.server";
import type { RateDecision, RequestFacts } from "../../app/forms/contract";
import { describeError, type SiteLogger } from "../../app/logging/logger.server";
import type { PreviewContent, SiteRequestHandler } from "../rendering/server-build";
import { RateLimiter } from "../security/rate-limit";
import { readLimitedBody } from "../security/request-intake";
import { inlineScriptHashes } from "../security/script-hashes";
import { HashedPolicy, markAnsweredBy } from "../serving/representation";
import type { PreviewRevocationStore, RateLimitStore } from "../store/store";
import { PreviewEvents } from "./preview-events";
import {
  checkPreviewHours,
  DEFAULT_PREVIEW_HOURS,
  isRevoked,
  issueTimeAfter,
  type PreviewClaims,
  previewLinkKey,
  previewUrl,
  signPreviewToken,
  verifyPreviewToken,
} from "./preview-links";
import { INVALID_LINK_PAGE, PREVIEW_VERSION_HEADER, previewDocument } from "./preview-page";

/** Link checks (pages, event streams, API calls) one client may make per minute. */
export const PREVIEW_CHECKS_PER_MINUTE = 120;
const PREVIEW_CHECK_WINDOW_MS = 60_000;
/** Prefixes the client address in the store's windows, beside forms' `address|form`. */
const PREVIEW_RATE_KEY = "preview|";
const API_BODY_LIMIT = 4096;

export interface PreviewServiceOptions {
  siteKey: Buffer;
  siteOrigin: string;
  revocations: PreviewRevocationStore;
  /** The windows every instance counts in; unset, or while it fails: this process's own. */
  rateLimits?: RateLimitStore;
  /** The timed view's parts are the desk's (timed-view.ts). */
  content: Omit<PreviewContent, "withViewAt" | "readEntryPages">;
  handler: SiteRequestHandler;
  logger: SiteLogger;
  /** PREVIEW_API_TOKEN; unset: the link endpoints answer 404. */
  apiToken?: string;
  checksPerMinute?: number;
  now?: () => number;
  /** The event streams' limits (server/preview/preview-events.ts). */
  events?: { maxStreams?: number; recheckMs?: number };
}

function previewHeaders(contentType: string): Record<string, string> {
  return {
    "Content-Type": contentType,
    "Cache-Control": PRIVATE_NO_STORE,
    "X-Robots-Tag": "noindex",
  };
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(`${JSON.stringify(body)}\n`, {
    status,
    headers: { ...previewHeaders("application/json; charset=utf-8"), ...headers },
  });
}

function sha256(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}

export class PreviewService {
  private readonly key: Buffer;
  private readonly limiter: RateLimiter;
  private readonly checksPerMinute: number;
  /** The shared windows failed at the last check: said once, and once when they answer. */
  private sharedLimitsFailing = false;
  private readonly now: () => number;
  readonly events: PreviewEvents;

  constructor(private readonly options: PreviewServiceOptions) {
    this.key = previewLinkKey(options.siteKey);
    this.now = options.now ?? Date.now;
    this.events = new PreviewEvents(options.events);
    this.checksPerMinute = options.checksPerMinute ?? PREVIEW_CHECKS_PER_MINUTE;
    this.limiter = new RateLimiter({
      limit: this.checksPerMinute,
      windowMs: PREVIEW_CHECK_WINDOW_MS,
      now: this.now,
    });
  }

  /**
   * Counts one check by this client in the shared windows. With the store down the preview
   * still answers, limited per instance, rather than refuse every editor.
   */
  async rate(clientAddress: string): Promise<RateDecision> {
    const { rateLimits, logger } = this.options;
    if (!rateLimits) return this.limiter.check(clientAddress);
    try {
      const decision = await rateLimits.hit(`${PREVIEW_RATE_KEY}${clientAddress}`, {
        limit: this.checksPerMinute,
        windowMs: PREVIEW_CHECK_WINDOW_MS,
        now: this.now(),
      });
      if (this.sharedLimitsFailing) {
        this.sharedLimitsFailing = false;
        logger.info("preview: link checks are counted in the store again");
      }
      return decision;
    } catch (error) {
      if (!this.sharedLimitsFailing) {
        this.sharedLimitsFailing = true;
        logger.warn("preview: the store does not answer; link checks are limited per instance", {
          error: describeError(error),
        });
      }
      return this.limiter.check(clientAddress);
    }
  }

  /** The same answer for every invalid link: nothing says why, or whether the entry exists. */
  refusal(): Response {
    return new Response(INVALID_LINK_PAGE, {
      status: 403,
      headers: previewHeaders("text/html; charset=utf-8"),
    });
  }

  tooMany(retryAfterSeconds: number): Response {
    return new Response("Too many preview requests: try again shortly.\n", {
      status: 429,
      headers: {
        ...previewHeaders("text/plain; charset=utf-8"),
        "Retry-After": String(retryAfterSeconds),
      },
    });
  }

  private async check(
    token: string,
    facts: RequestFacts,
  ): Promise<{ claims: PreviewClaims; description: PreviewDescription } | Response> {
    const rate = await this.rate(facts.clientAddress);
    if (!rate.allowed) return this.tooMany(rate.retryAfterSeconds);
    const verified = verifyPreviewToken(token, this.key, this.now());
    if (!verified.ok) {
      this.options.logger.info("preview link refused", { reason: verified.reason });
      return this.refusal();
    }
    const { claims } = verified;
    if (isRevoked(claims, await this.options.revocations.previewLinksRevokedAt(claims.entryId))) {
      this.options.logger.info("preview link refused", { reason: "revoked" });
      return this.refusal();
    }
    const description = await this.options.content.describePreview(targetOf(claims));
    if (!description) {
      this.options.logger.info("preview link refused", { reason: "no-entry" });
      return this.refusal();
    }
    return { claims, description };
  }

  /** GET /_preview/<token>: the entry's page with its current content and the preview bar. */
  async page(request: Request, token: string, facts: RequestFacts): Promise<Response> {
    try {
      return await this.renderPage(request, token, facts);
    } catch (error) {
      return this.unavailable(error);
    }
  }

  /** The CMS or the store does not answer: say so, keep nothing (the editor tries again). */
  private unavailable(error: unknown): Response {
    this.options.logger.warn("preview unavailable", { error: describeError(error) });
    return new Response("The preview cannot be shown right now: try again in a moment.\n", {
      status: 503,
      headers: { ...previewHeaders("text/plain; charset=utf-8"), "Retry-After": "5" },
    });
  }

  private async renderPage(
    request: Request,
    token: string,
    facts: RequestFacts,
  ): Promise<Response> {
    const checked = await this.check(token, facts);
    if (checked instanceof Response) return checked;
    const { claims, description } = checked;
    const pageUrl = new URL(description.path, request.url);
    const rendered = await this.options.content.withPreviewOf(targetOf(claims), () =>
      this.options.handler(new Request(pageUrl, { headers: { accept: "text/html" } }), facts),
    );
    const type = rendered.headers.get("content-type") ?? "";
    if (!type.startsWith("text/html")) {
      await rendered.body?.cancel();
      this.options.logger.warn("preview page is not a document", { status: rendered.status });
      return this.refusal();
    }
    const html = previewDocument(await rendered.text(), description);
    const response = new Response(request.method === "HEAD" ? null : html, {
      status: rendered.status,
      headers: {
        ...previewHeaders("text/html; charset=utf-8"),
        ...(description.version ? { [PREVIEW_VERSION_HEADER]: description.version } : {}),
      },
    });
    // The security middleware takes the policy's script hashes from the body it answered with.
    return markAnsweredBy(response, new HashedPolicy(() => inlineScriptHashes(html)));
  }

  /** GET /_preview/<token>/events: a `change` event whenever the entry may have changed. */
  async eventStream(request: Request, token: string, facts: RequestFacts): Promise<Response> {
    let checked: Awaited<ReturnType<PreviewService["check"]>>;
    try {
      checked = await this.check(token, facts);
    } catch (error) {
      return this.unavailable(error);
    }
    if (checked instanceof Response) return checked;
    const { claims } = checked;
    const stream = this.events.open(
      {
        entryId: claims.entryId,
        link: token.slice(token.lastIndexOf(".") + 1),
        client: facts.clientAddress,
        until: claims.expiresAt,
        stillValid: () => this.stillValid(claims),
      },
      request.signal,
    );
    if (stream instanceof Response) return stream;
    if (stream !== "instance") {
      this.options.logger.info("preview stream refused", { reason: `too many of one ${stream}` });
    }
    // The instance's places are shared by every editor (503: try again); one client's or
    // one link's are its own (429).
    return new Response("Too many previews are open: try again shortly.\n", {
      status: stream === "instance" ? 503 : 429,
      headers: { ...previewHeaders("text/plain; charset=utf-8"), "Retry-After": "30" },
    });
  }

  /** Whether a link that was valid is still: not expired, not revoked since. */
  private async stillValid(claims: PreviewClaims): Promise<boolean> {
    if (claims.expiresAt <= this.now()) return false;
    const revokedAt = await this.options.revocations.previewLinksRevokedAt(claims.entryId);
    return !isRevoked(claims, revokedAt);
  }

  /** The command and the endpoint share this. */
  async createLink(
    templateName: string,
    slugOrId: string,
    hours: number = DEFAULT_PREVIEW_HOURS,
  ): Promise<
    | { ok: true; url: string; expiresAt: string; target: PreviewTarget }
    | { ok: false; problem: string }
  > {
    const found = await this.options.content.findPreviewEntry(templateName, slugOrId);
    if (!found.ok) return found;
    const revokedAt = await this.options.revocations.previewLinksRevokedAt(found.target.entryId);
    const { token, claims } = signPreviewToken(found.target, this.key, {
      hours,
      now: issueTimeAfter(revokedAt, this.now()),
    });
    return {
      ok: true,
      url: previewUrl(this.options.siteOrigin, token),
      expiresAt: new Date(claims.expiresAt).toISOString(),
      target: found.target,
    };
  }

  /**
   * POST /_preview/api/links {template, entry, hours?} and POST /_preview/api/revoke
   * {template, entry} or {all: true}, authorised by `Authorization: Bearer PREVIEW_API_TOKEN`.
   */
  async api(request: Request, action: string, facts: RequestFacts): Promise<Response> {
    const { apiToken } = this.options;
    if (!apiToken)
      return json(404, {
        error: "The preview endpoint is disabled (PREVIEW_API_TOKEN is not set)",
      });
    const rate = await this.rate(facts.clientAddress);
    if (!rate.allowed) return this.tooMany(rate.retryAfterSeconds);
    const given = /^Bearer\s+(\S+)$/i.exec(request.headers.get("authorization") ?? "")?.[1] ?? "";
    // Compared as hashes: equal lengths, and no timing difference by where they differ.
    if (!timingSafeEqual(sha256(given), sha256(apiToken))) {
      this.options.logger.warn("preview endpoint: wrong token");
      return json(
        401,
        { error: "A valid bearer token is required" },
        { "WWW-Authenticate": "Bearer" },
      );
    }
    if (request.method !== "POST") return json(405, { error: "Use POST" }, { Allow: "POST" });
    // The body is read only now, once the token is known to be right, and only so far.
    const body = await readJsonBody(request);
    if (!body.ok) return json(body.status, { error: body.problem });
    const input = body.value;
    try {
      if (action === "links") return await this.apiCreate(input);
      if (action === "revoke") return await this.apiRevoke(input);
    } catch (error) {
      this.options.logger.error("preview endpoint failed", { error: describeError(error) });
      return json(500, { error: "The link could not be made; try again" });
    }
    return json(404, { error: `Unknown preview action "${action}"` });
  }

  private async apiCreate(input: Record<string, unknown>): Promise<Response> {
    const { template, entry } = input;
    if (typeof template !== "string" || typeof entry !== "string") {
      return json(400, {
        error: 'Expected {"template": "...", "entry": "slug or id", "hours"?: n}',
      });
    }
    const hours =
      input.hours === undefined ? DEFAULT_PREVIEW_HOURS : checkPreviewHours(input.hours);
    if (typeof hours === "string") return json(400, { error: hours });
    const made = await this.createLink(template, entry, hours);
    if (!made.ok) return json(404, { error: made.problem });
    this.options.logger.info("preview link made", {
      template,
      entryId: made.target.entryId,
      hours,
    });
    return json(201, {
      url: made.url,
      expiresAt: made.expiresAt,
      template: made.target.templateName,
      entryId: made.target.entryId,
    });
  }

  /** Voids every link made so far, of every entry. */
  async revokeAll(): Promise<number> {
    const at = this.now();
    await this.options.revocations.revokePreviewLinks("all", at);
    this.options.logger.info("preview links revoked", { scope: "all" });
    return at;
  }

  /** Voids every link made so far of one entry; a problem when there is no such entry. */
  async revokeEntry(
    templateName: string,
    slugOrId: string,
  ): Promise<{ ok: true; entryId: string; at: number } | { ok: false; problem: string }> {
    const at = this.now();
    const found = await this.options.content.findPreviewEntry(templateName, slugOrId);
    if (!found.ok) return found;
    await this.options.revocations.revokePreviewLinks({ entryId: found.target.entryId }, at);
    this.options.logger.info("preview links revoked", { entryId: found.target.entryId });
    return { ok: true, entryId: found.target.entryId, at };
  }

  private async apiRevoke(input: Record<string, unknown>): Promise<Response> {
    if (input.all === true) {
      const at = await this.revokeAll();
      return json(200, { revoked: "all", at: new Date(at).toISOString() });
    }
    const { template, entry } = input;
    if (typeof template !== "string" || typeof entry !== "string") {
      return json(400, {
        error: 'Expected {"template": "...", "entry": "slug or id"} or {"all": true}',
      });
    }
    const revoked = await this.revokeEntry(template, entry);
    if (!revoked.ok) return json(404, { error: revoked.problem });
    return json(200, {
      revoked: "entry",
      entryId: revoked.entryId,
      at: new Date(revoked.at).toISOString(),
    });
  }

  close(): void {
    this.events.close();
  }
}

function targetOf(claims: PreviewClaims): PreviewTarget {
  return { templateName: claims.templateName, entryId: claims.entryId };
}

async function readJsonBody(
  request: Request,
): Promise<
  { ok: true; value: Record<string, unknown> } | { ok: false; status: 400 | 413; problem: string }
> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("application/json")) {
    return { ok: false, status: 400, problem: "Send a JSON body (Content-Type: application/json)" };
  }
  const limited = await readLimitedBody(request, API_BODY_LIMIT);
  if (limited === "too-large") return { ok: false, status: 413, problem: "The body is too large" };
  try {
    const value: unknown = JSON.parse(await limited.text());
    if (value && typeof value === "object" && !Array.isArray(value)) {
      return { ok: true, value: value as Record<string, unknown> };
    }
  } catch {
    // Reported below.
  }
  return { ok: false, status: 400, problem: "The body is not a JSON object" };
}
