// The visitor's stored choice: one first-party cookie, written by the browser (the consent
// runtime) or by the server (the banner's form without JavaScript), read by the runtime.
// `encodeConsentChoice` and `decodeConsentChoice` are also serialised into the inline
// runtime with Function#toString: they must not use anything from outside their own body.

/** The cookie's name. */
export const CONSENT_COOKIE = "id5_consent";

/**
 * How long a choice holds: 390 days, under 13 months whatever the months (the shortest
 * 13 months last 393 days). The runtime also checks the stored time, so a cookie kept
 * longer than its Max-Age by a browser still asks again.
 */
export const CONSENT_MAX_AGE_SECONDS = 390 * 24 * 60 * 60;

export interface ConsentChoice {
  /** The wording version the visitor answered. */
  version: string;
  analytics: boolean;
  advertising: boolean;
  /** When the choice was made, seconds since the epoch. */
  at: number;
}

/** The cookie value (URL-encoded JSON, so any version string survives). */
export function encodeConsentChoice(choice: ConsentChoice): string {
  return encodeURIComponent(
    JSON.stringify({
      v: choice.version,
      a: choice.analytics ? 1 : 0,
      d: choice.advertising ? 1 : 0,
      t: Math.floor(choice.at),
    }),
  );
}

/** The choice in a cookie value; null when it is not one this site wrote. */
export function decodeConsentChoice(value: string): ConsentChoice | null {
  try {
    const raw = JSON.parse(decodeURIComponent(value));
    if (
      raw === null ||
      typeof raw !== "object" ||
      typeof raw.v !== "string" ||
      (raw.a !== 0 && raw.a !== 1) ||
      (raw.d !== 0 && raw.d !== 1) ||
      typeof raw.t !== "number" ||
      !Number.isFinite(raw.t)
    ) {
      return null;
    }
    return { version: raw.v, analytics: raw.a === 1, advertising: raw.d === 1, at: raw.t };
  } catch {
    return null;
  }
}

/** The Set-Cookie value for a choice (the server's half; the runtime writes the same). */
export function consentSetCookie(choice: ConsentChoice, secure: boolean): string {
  const flags = `Max-Age=${CONSENT_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
  return `${CONSENT_COOKIE}=${encodeConsentChoice(choice)}; ${flags}`;
}
