// Liveness and readiness. /healthz: the process answers. /readyz: the content service
// answers the BCMS library's ping (an authenticated call) and the pages have caught up with
// what changed in the CMS while the instance was down (server/refresh/content-catch-up.ts).
// The key goes only into the Authorization header of that call: never into a URL, log or body.
import {
  BcmsError,
  type BcmsInstance,
  createBcmsClient,
  instanceConfig,
  silentLogger,
} from "../../bcms";

export interface Readiness {
  ready: boolean;
  /** What the content service answered: "HTTP 200", "HTTP 401", "unreachable", "timeout". */
  content: string;
}

export const READINESS_TIMEOUT_MS = 3000;
/** Probes within this window share one call to the content service. */
export const READINESS_MEMO_MS = 1000;

const JSON_NO_STORE = { "Content-Type": "application/json", "Cache-Control": "no-store" };

export function healthResponse(): Response {
  return new Response(JSON.stringify({ status: "ok" }), { status: 200, headers: JSON_NO_STORE });
}

/**
 * `catchUp`: where the start's content catch-up is ("done" once the pages are as new as the
 * CMS); the instance is ready only then.
 */
export function readinessResponse(readiness: Readiness, catchUp = "done"): Response {
  const caughtUp = catchUp === "done";
  const status = !readiness.ready ? "unavailable" : caughtUp ? "ready" : "catching-up";
  return new Response(JSON.stringify({ status, content: readiness.content, catchUp }), {
    status: status === "ready" ? 200 : 503,
    headers: JSON_NO_STORE,
  });
}

export function createReadinessProbe(
  target: BcmsInstance,
  options: { timeoutMs?: number; now?: () => number } = {},
): () => Promise<Readiness> {
  const now = options.now ?? Date.now;
  const cms = createBcmsClient(
    instanceConfig(target, {
      timeoutMs: options.timeoutMs ?? READINESS_TIMEOUT_MS,
      // The answer is the report: a failed probe is not worth a log line of its own.
      logger: silentLogger,
    }),
  );
  let last: { at: number; result: Promise<Readiness> } | undefined;

  const probe = async (): Promise<Readiness> => {
    try {
      return { ready: true, content: `HTTP ${await cms.ping()}` };
    } catch (error) {
      if (error instanceof BcmsError && error.status !== null) {
        return { ready: false, content: `HTTP ${error.status}` };
      }
      const timedOut = error instanceof BcmsError && error.kind === "timeout";
      return { ready: false, content: timedOut ? "timeout" : "unreachable" };
    }
  };

  return () => {
    if (!last || now() - last.at >= READINESS_MEMO_MS) last = { at: now(), result: probe() };
    return last.result;
  };
}
