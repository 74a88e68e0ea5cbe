// POST /csp-report: the violation reports browsers send, as `report-uri` (one report) or
// through the Reporting API for `report-to` (a batch). Each violation becomes one warn line
// `csp violation` with what an operator needs and no more: the directive, the blocked URL's
// origin (or `inline`, `eval`...), the document's path without its query, 40 characters of
// sample. Anyone can post here, so it is bounded: bodies over 16 KB (413), 60 reports a minute
// per client and 1,000 for all (429: a flood of fresh addresses cannot write logs without end),
// cross-site posts (403, the forms' check: Chromium sends report-uri posts same-origin and
// Reporting API ones with the page's Origin). Anything unreadable is a 400, never a 5xx.

import { NO_STORE } from "../../app/config/cache-control";
import type { SiteLogger } from "../../app/logging/logger.server";
import { redactPath } from "../running/log-redaction";
import { RateLimiter } from "./rate-limit";
import { isCrossSite, readLimitedBody } from "./request-intake";

export const MAX_CSP_REPORT_BYTES = 16 * 1024;
export const CSP_REPORT_WINDOW_MS = 60_000;
/** Reports one client address may send per window. */
export const CSP_REPORTS_PER_CLIENT = 60;
/** Reports logged per window from all clients together. */
export const CSP_REPORTS_IN_ALL = 1_000;
/** Client addresses remembered at most (the oldest are forgotten first). */
export const MAX_CSP_REPORT_CLIENTS = 10_000;
export const CSP_SAMPLE_MAX_CHARS = 40;
export const CSP_VIOLATION_MESSAGE = "csp violation";

export const CSP_REPORT_TYPES: ReadonlySet<string> = new Set([
  "application/csp-report",
  "application/reports+json",
  "application/json",
]);

const MAX_PATH_CHARS = 200;

export interface CspViolation {
  /** The effective directive (`script-src-elem`, `frame-ancestors`...). */
  directive: string;
  /** The blocked resource's origin, its scheme (`data`, `blob`...) or a keyword (`inline`, `eval`). */
  blocked: string;
  /** The path of the page the violation happened on, without its query. */
  document: string;
  /** The start of the blocked code ('report-sample'), at most 40 characters. */
  sample?: string;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The violations of a report body, whatever the format: `{"csp-report": {...}}`
 * (report-uri) or `[{"type": "csp-violation", "body": {...}}, ...]` (Reporting API; other
 * report types in the batch are skipped). Null when the body is not a report at all.
 */
export function parseCspReports(text: string): CspViolation[] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (isObject(parsed) && "csp-report" in parsed) {
    const report = parsed["csp-report"];
    if (!isObject(report)) return null;
    return [
      violationOf({
        directive: report["effective-directive"] ?? report["violated-directive"],
        blocked: report["blocked-uri"],
        document: report["document-uri"],
        sample: report["script-sample"],
      }),
    ];
  }
  const batch = Array.isArray(parsed) ? parsed : isObject(parsed) ? [parsed] : null;
  if (!batch) return null;
  const violations: CspViolation[] = [];
  for (const report of batch) {
    if (!isObject(report)) return null;
    if (report.type !== "csp-violation") continue;
    const body = report.body;
    if (!isObject(body)) return null;
    violations.push(
      violationOf({
        directive: body.effectiveDirective ?? body.violatedDirective,
        blocked: body.blockedURL,
        document: body.documentURL ?? report.url,
        sample: body.sample,
      }),
    );
  }
  if (!Array.isArray(parsed) && violations.length === 0) return null;
  return violations;
}

function violationOf(raw: {
  directive: unknown;
  blocked: unknown;
  document: unknown;
  sample: unknown;
}): CspViolation {
  const violation: CspViolation = {
    directive: directiveOf(raw.directive),
    blocked: blockedOf(raw.blocked),
    document: documentPathOf(raw.document),
  };
  if (typeof raw.sample === "string" && raw.sample !== "") {
    violation.sample = Array.from(raw.sample).slice(0, CSP_SAMPLE_MAX_CHARS).join("");
  }
  return violation;
}

/** `script-src-elem`; older browsers send the whole directive (`script-src 'self' ...`). */
function directiveOf(value: unknown): string {
  const name = typeof value === "string" ? (value.trim().split(/\s+/)[0] ?? "") : "";
  return /^[a-z][a-z-]{0,39}$/i.test(name) ? name.toLowerCase() : "unknown";
}

/** A keyword as it is (`inline`, `eval`, `wasm-eval`...), an http(s) URL as its origin. */
function blockedOf(value: unknown): string {
  if (typeof value !== "string" || value === "") return "unknown";
  if (/^[a-z][a-z-]{0,39}$/i.test(value)) return value.toLowerCase();
  if (!URL.canParse(value)) return "unknown";
  const url = new URL(value);
  return /^(https?|wss?):$/.test(url.protocol) ? url.origin : url.protocol.slice(0, -1);
}

function documentPathOf(value: unknown): string {
  if (typeof value !== "string" || !URL.canParse(value)) return "unknown";
  return redactPath(new URL(value).pathname).slice(0, MAX_PATH_CHARS);
}

export interface CspReportEndpointOptions {
  logger: SiteLogger;
  siteOrigin: string;
  perClient?: number;
  inAll?: number;
  windowMs?: number;
  maxClients?: number;
  now?: () => number;
}

export class CspReportEndpoint {
  private readonly perClient: RateLimiter;
  private readonly inAll: RateLimiter;

  constructor(private readonly options: CspReportEndpointOptions) {
    const windowMs = options.windowMs ?? CSP_REPORT_WINDOW_MS;
    this.perClient = new RateLimiter({
      limit: options.perClient ?? CSP_REPORTS_PER_CLIENT,
      windowMs,
      maxKeys: options.maxClients ?? MAX_CSP_REPORT_CLIENTS,
      now: options.now,
    });
    this.inAll = new RateLimiter({
      limit: options.inAll ?? CSP_REPORTS_IN_ALL,
      windowMs,
      maxKeys: 1,
      now: options.now,
    });
  }

  async handle(request: Request, clientAddress: string): Promise<Response> {
    // Every post counts, before its body is read: a refused one costs no more than this.
    const admitted = this.perClient.check(clientAddress);
    if (!admitted.allowed) return tooMany(admitted.retryAfterSeconds);
    if (isCrossSite(request, this.options.siteOrigin)) {
      await request.body?.cancel().catch(() => {});
      return answer(403);
    }
    const type = (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
    if (!type || !CSP_REPORT_TYPES.has(type)) {
      await request.body?.cancel().catch(() => {});
      return answer(415);
    }
    const limited = await readLimitedBody(request, MAX_CSP_REPORT_BYTES);
    if (limited === "too-large") return answer(413);
    let text: string;
    try {
      text = await limited.text();
    } catch {
      return answer(400);
    }
    const violations = parseCspReports(text);
    if (!violations) return answer(400);

    let logged = 0;
    let refusedFor = 0;
    for (const [index, violation] of violations.entries()) {
      // The post itself paid for its first report.
      const decision = index === 0 ? admitted : this.perClient.check(clientAddress);
      const overall = decision.allowed ? this.inAll.check("all") : decision;
      if (!overall.allowed) {
        refusedFor = overall.retryAfterSeconds;
        break;
      }
      this.options.logger.warn(CSP_VIOLATION_MESSAGE, { ...violation });
      logged++;
    }
    return logged === 0 && refusedFor > 0 ? tooMany(refusedFor) : answer(204);
  }
}

function answer(status: number): Response {
  return new Response(null, { status, headers: { "Cache-Control": NO_STORE } });
}

function tooMany(retryAfterSeconds: number): Response {
  return new Response(null, {
    status: 429,
    headers: { "Cache-Control": NO_STORE, "Retry-After": String(retryAfterSeconds) },
  });
}
