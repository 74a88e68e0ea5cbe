// One delivery attempt of one submission to the CRM webhook, and what its answer means:
// delivered, try again later (and when), or refused for good. The body is serialised once
// and those exact bytes are both signed and sent, signed as the Standard Webhooks
// specification says, so that a CRM checks them with its reference verifiers.
import { createHmac } from "node:crypto";
import type { SubmissionPayload } from "../store/store";

/** The Standard Webhooks headers: the message id, its time (seconds), its signatures. */
export const WEBHOOK_ID_HEADER = "webhook-id";
export const WEBHOOK_TIMESTAMP_HEADER = "webhook-timestamp";
export const WEBHOOK_SIGNATURE_HEADER = "webhook-signature";
export const IDEMPOTENCY_HEADER = "Idempotency-Key";
export const ATTEMPT_HEADER = "X-ID5-Delivery-Attempt";
export const DELIVERY_USER_AGENT = "id5-website-forms";
/** How much of a refusing receiver's answer is kept with the dead-lettered submission. */
export const ANSWER_EXCERPT_CHARS = 500;

export type DeliveryOutcome =
  | { kind: "delivered"; status: number }
  /** Worth trying again: network error, timeout, 5xx, 429. */
  | { kind: "retry"; status?: number; code: string; detail: string; retryAfterMs?: number }
  /** The receiver refused the submission itself (4xx): trying again would not help. */
  | { kind: "refused"; status: number; code: string; detail: string };

export interface DeliveryAttempt {
  url: string;
  /** The signing keys (two during a rotation): each signs every delivery. */
  keys: readonly Buffer[];
  payload: SubmissionPayload;
  attempt: number;
  timeoutMs: number;
  /** Aborts the attempt from outside (the outbox stopping). */
  signal?: AbortSignal;
  now?: () => number;
  fetch?: typeof fetch;
}

/** The body the CRM receives: the payload's keys in their fixed order, UTF-8. */
export function deliveryBody(payload: SubmissionPayload): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(JSON.stringify(payload));
}

/**
 * The `webhook-signature` value: `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` for each
 * key, separated by spaces. Signing the id and the time makes a captured delivery useless
 * once the receiver's tolerance (five minutes in the reference verifiers) has passed.
 */
export function webhookSignature(
  keys: readonly Buffer[],
  id: string,
  timestampSeconds: number,
  body: Uint8Array,
): string {
  return keys
    .map((key) => {
      const mac = createHmac("sha256", key)
        .update(`${id}.${timestampSeconds}.`, "utf8")
        .update(body)
        .digest("base64");
      return `v1,${mac}`;
    })
    .join(" ");
}

export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // An HTTP date names its day and month ("Sun, 06 Nov 1994 08:49:37 GMT"); Date.parse
  // alone would also take "-5" as a year.
  const at = /[a-z]{3}/i.test(text) ? Date.parse(text) : Number.NaN;
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * Exponential backoff with full jitter: a random delay between 0 and base * 2^(attempt-1),
 * that ceiling capped, so that many failing submissions do not retry in lockstep.
 */
export function backoffDelay(
  attempt: number,
  baseMs: number,
  capMs: number,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.floor(random() * ceiling);
}

/** The webhook as it may appear in logs: no credentials, no query, no fragment. */
export function describeWebhook(url: string): string {
  if (!URL.canParse(url)) return "(invalid URL)";
  const shown = new URL(url);
  shown.username = "";
  shown.password = "";
  shown.search = "";
  shown.hash = "";
  return shown.href;
}

/**
 * fetch refuses a URL with credentials, yet `https://user:pass@crm.example/hook` is how a
 * webhook behind basic authentication is written: they become the Authorization header.
 */
export function webhookTarget(url: string): { url: string; authorization?: string } {
  const target = new URL(url);
  if (!target.username && !target.password) return { url: target.href };
  const user = decodeURIComponent(target.username);
  const password = decodeURIComponent(target.password);
  target.username = "";
  target.password = "";
  const credentials = Buffer.from(`${user}:${password}`, "utf8").toString("base64");
  return { url: target.href, authorization: `Basic ${credentials}` };
}

/** The first characters of an answer, without reading an endless body. */
async function readExcerpt(response: Response, maxChars: number): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  try {
    while (text.length < maxChars) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  return text.slice(0, maxChars);
}

/** A short code for a failed request: what went wrong, never what was sent. */
function errorCode(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === "TimeoutError") return "timeout";
    if (error.name === "AbortError") return "aborted";
    const cause = (error as { cause?: { code?: unknown; name?: unknown } }).cause;
    if (typeof cause?.code === "string") return cause.code;
    if (typeof cause?.name === "string") return cause.name;
    return error.name;
  }
  return "error";
}

export async function deliver(attempt: DeliveryAttempt): Promise<DeliveryOutcome> {
  const now = attempt.now ?? Date.now;
  const body = deliveryBody(attempt.payload);
  // The submission's id names the message: the same on every retry, as the receiver's
  // deduplication expects; the time is this attempt's.
  const id = attempt.payload.id;
  const timestamp = Math.floor(now() / 1000);
  const timeout = AbortSignal.timeout(attempt.timeoutMs);
  const signal = attempt.signal ? AbortSignal.any([timeout, attempt.signal]) : timeout;
  let response: Response;
  try {
    const target = webhookTarget(attempt.url);
    response = await (attempt.fetch ?? fetch)(target.url, {
      method: "POST",
      headers: {
        ...(target.authorization ? { Authorization: target.authorization } : {}),
        "Content-Type": "application/json",
        [IDEMPOTENCY_HEADER]: id,
        [WEBHOOK_ID_HEADER]: id,
        [WEBHOOK_TIMESTAMP_HEADER]: String(timestamp),
        [WEBHOOK_SIGNATURE_HEADER]: webhookSignature(attempt.keys, id, timestamp, body),
        [ATTEMPT_HEADER]: String(attempt.attempt),
        "User-Agent": DELIVERY_USER_AGENT,
      },
      body,
      redirect: "manual",
      signal,
    });
  } catch (error) {
    const code = errorCode(error);
    return { kind: "retry", code, detail: code };
  }

  const status = response.status;
  if (status >= 200 && status < 300) {
    await response.body?.cancel().catch(() => {});
    return { kind: "delivered", status };
  }
  let answer = "";
  try {
    answer = await readExcerpt(response, ANSWER_EXCERPT_CHARS);
  } catch {
    // A receiver that stalls on its error body has said enough with its status.
  }
  const code = `HTTP ${status}`;
  const detail = answer.trim() ? `${code}: ${answer.trim()}` : code;
  if (status === 429 || status >= 500) {
    const retryAfterMs =
      status === 429 || status === 503
        ? parseRetryAfter(response.headers.get("retry-after"), now())
        : undefined;
    return { kind: "retry", status, code, detail, retryAfterMs };
  }
  // 4xx other than 429, and 3xx: the webhook URL or the submission is wrong for this receiver.
  return { kind: "refused", status, code, detail };
}
