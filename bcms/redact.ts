// Scrubs the API secret out of text and values before they reach an error, a log line or a URL
// that may leave the server. Defence in depth: the secret should never be put there in the first
// place, but a server can echo a header back, and a library can print a URL.

export const REDACTED = "[redacted]";

export type Redactor = (text: string) => string;

/** Builds a function that replaces every occurrence of the given secrets with `[redacted]`. */
export function createRedactor(secrets: readonly string[]): Redactor {
  // Longest first, so `id.secret` is replaced as a whole before `secret` alone.
  const needles = [...new Set(secrets.flatMap((secret) => [secret, encodeURIComponent(secret)]))]
    .filter((secret) => secret.length > 0)
    .sort((a, b) => b.length - a.length);
  return function redact(text: string): string {
    let out = text;
    for (const needle of needles) {
      if (out.includes(needle)) out = out.split(needle).join(REDACTED);
    }
    return out;
  };
}

const MAX_REDACT_DEPTH = 5;

/**
 * Returns a copy of `value` with every string redacted, for logging. Errors become new errors
 * with redacted message and stack (their other own properties are kept, redacted).
 */
export function redactValue(value: unknown, redact: Redactor, depth = 0): unknown {
  if (typeof value === "string") return redact(value);
  if (value === null || typeof value !== "object") return value;
  if (depth >= MAX_REDACT_DEPTH) return "[object]";
  if (value instanceof Error) {
    const copy = new Error(redact(value.message));
    copy.name = value.name;
    copy.stack = value.stack === undefined ? undefined : redact(value.stack);
    for (const [key, inner] of Object.entries(value)) {
      if (key === "message" || key === "stack" || key === "cause") continue;
      (copy as unknown as Record<string, unknown>)[key] = redactValue(inner, redact, depth + 1);
    }
    return copy;
  }
  if (Array.isArray(value)) return value.map((inner) => redactValue(inner, redact, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    out[key] = redactValue(inner, redact, depth + 1);
  }
  return out;
}
