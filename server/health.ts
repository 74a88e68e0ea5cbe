// Liveness and readiness. /healthz: the process answers. /readyz: the content service
// answers an authenticated call (language/all is the cheapest list BCMS has). The key
// goes only into the Authorization header of that call: never into a URL, log or body.

export interface ContentServiceTarget {
  origin: string;
  orgId: string;
  instanceId: string;
  apiKey: { id: string; secret: string };
}

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

export function readinessResponse(readiness: Readiness): Response {
  return new Response(
    JSON.stringify({
      status: readiness.ready ? "ready" : "unavailable",
      content: readiness.content,
    }),
    { status: readiness.ready ? 200 : 503, headers: JSON_NO_STORE },
  );
}

export function createReadinessProbe(
  target: ContentServiceTarget,
  options: { timeoutMs?: number; fetch?: typeof fetch; now?: () => number } = {},
): () => Promise<Readiness> {
  const timeoutMs = options.timeoutMs ?? READINESS_TIMEOUT_MS;
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const url = `${target.origin}/api/v3/org/${encodeURIComponent(target.orgId)}/instance/${encodeURIComponent(target.instanceId)}/language/all`;
  const authorization = `ApiKey ${target.apiKey.id}.${target.apiKey.secret}`;
  let last: { at: number; result: Promise<Readiness> } | undefined;

  const probe = async (): Promise<Readiness> => {
    try {
      const response = await doFetch(url, {
        headers: { Authorization: authorization, Accept: "application/json" },
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.body?.cancel();
      return { ready: response.ok, content: `HTTP ${response.status}` };
    } catch (error) {
      const timedOut = (error as Error)?.name === "TimeoutError";
      return { ready: false, content: timedOut ? "timeout" : "unreachable" };
    }
  };

  return () => {
    if (!last || now() - last.at >= READINESS_MEMO_MS) last = { at: now(), result: probe() };
    return last.result;
  };
}
