// Liveness (/healthz) and readiness (/readyz: the conditions below). The content service is
// not a condition: an instance that has caught up serves every page it has through a CMS
// outage, so a CMS that does not answer must not take every instance out of the load
// balancer at once. Its answer to an authenticated ping is still reported, for the operator
// (the key goes only into that call's Authorization header: never a URL, log or body).

import { NO_STORE } from "../../app/config/cache-control";
import {
  BcmsError,
  type BcmsInstance,
  createBcmsClient,
  instanceConfig,
  silentLogger,
} from "../../bcms";

export interface ContentAnswer {
  /** Whether the content service answered the authenticated call. */
  answered: boolean;
  /** What it answered: "HTTP 200", "HTTP 401", "unreachable", "timeout". */
  content: string;
}

/** One thing an instance needs before it can serve, reported under `name` in /readyz. */
export interface ReadinessCondition {
  name: string;
  state: string;
  met: boolean;
}

/**
 * The start's content catch-up only: later ones run while the instance serves. An instance
 * that never caught up stays not ready through a CMS outage, because its pages are the
 * build's and may show what other instances already stopped showing.
 */
export function catchUpCondition(state: string): ReadinessCondition {
  return { name: "catchUp", state, met: state === "done" };
}

/** The CMS's redirects: "reading" until they are first read and merged, then "done". */
export function redirectsCondition(redirects: { state: "reading" | "done" }): ReadinessCondition {
  return { name: "redirects", state: redirects.state, met: redirects.state === "done" };
}

/** The consent wording stored pages are answered with: "reading" until first read. */
export function sharedPiecesCondition(pieces: { state: "reading" | "done" }): ReadinessCondition {
  return { name: "sharedPieces", state: pieces.state, met: pieces.state === "done" };
}

export const READINESS_TIMEOUT_MS = 3000;
/** Probes within this window share one call to the content service. */
export const READINESS_MEMO_MS = 1000;
/** A load balancer's probe times out after about a second: readiness does not hang on the CMS. */
export const READINESS_CONTENT_WAIT_MS = 500;

const JSON_NO_STORE = { "Content-Type": "application/json", "Cache-Control": NO_STORE };

export function healthResponse(): Response {
  return new Response(JSON.stringify({ status: "ok" }), { status: 200, headers: JSON_NO_STORE });
}

/** /readyz of an instance that waits before it can start, with what it waits for. */
export function startingResponse(
  waitingFor: Record<string, string>,
  retryAfterSeconds: number,
): Response {
  return new Response(JSON.stringify({ status: "starting", ...waitingFor }), {
    status: 503,
    headers: { ...JSON_NO_STORE, "Retry-After": String(retryAfterSeconds) },
  });
}

/** 200 when every condition is met, else 503 ("starting"); the content service's answer is information. */
export function readinessResponse(content: string, conditions: ReadinessCondition[]): Response {
  const ready = conditions.every((condition) => condition.met);
  const body: Record<string, string> = { status: ready ? "ready" : "starting", content };
  for (const condition of conditions) body[condition.name] = condition.state;
  return new Response(JSON.stringify(body), {
    status: ready ? 200 : 503,
    headers: JSON_NO_STORE,
  });
}

/** The content service's answer for /readyz; one still on its way is the next probe's. */
export function createContentProbe(
  target: BcmsInstance,
  options: { timeoutMs?: number; waitMs?: number; now?: () => number } = {},
): () => Promise<ContentAnswer> {
  const now = options.now ?? Date.now;
  const waitMs = options.waitMs ?? READINESS_CONTENT_WAIT_MS;
  const cms = createBcmsClient(
    instanceConfig(target, {
      timeoutMs: options.timeoutMs ?? READINESS_TIMEOUT_MS,
      // The answer is the report: a failed probe is not worth a log line of its own.
      logger: silentLogger,
    }),
  );
  let last: { at: number; result: Promise<ContentAnswer> } | undefined;
  let settled: ContentAnswer = { answered: false, content: "checking" };

  const ask = async (): Promise<ContentAnswer> => {
    try {
      return { answered: true, content: `HTTP ${await cms.ping()}` };
    } catch (error) {
      if (error instanceof BcmsError && error.status !== null) {
        return { answered: false, content: `HTTP ${error.status}` };
      }
      const timedOut = error instanceof BcmsError && error.kind === "timeout";
      return { answered: false, content: timedOut ? "timeout" : "unreachable" };
    }
  };

  return async () => {
    if (!last || now() - last.at >= READINESS_MEMO_MS) {
      const result = ask().then((answer) => {
        settled = answer;
        return answer;
      });
      last = { at: now(), result };
    }
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<ContentAnswer>((resolve) => {
      timer = setTimeout(() => resolve(settled), waitMs);
    });
    try {
      return await Promise.race([last.result, late]);
    } finally {
      clearTimeout(timer);
    }
  };
}
