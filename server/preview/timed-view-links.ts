// Links of the desk's timed view (the site as it will be at a chosen instant): the instant,
// the offset the editor chose it at (for the bar), an issue time and an expiry, signed with
// the site's key under a key of their own (as preview links are, preview-links.ts), so no
// other signature of the site passes for one. A link alone opens nothing: the view also
// needs the desk's session, and revoking every preview link from the desk voids these too.
//   /_preview/at/<instant>.<offset>.<issued>.<expires>.<signature>/<site path>
// Instants are milliseconds since the epoch in base 36; the offset is BCMS's
// `timezoneOffset` (minutes, positive west of UTC), in decimal; HMAC-SHA256, base64url.
import { HOUR_MS } from "../../app/config/durations";
import { purposeKey } from "../../app/forms/tokens.server";
import { PREVIEW_PATH_PREFIX } from "../addresses/server-paths";
import {
  MAX_ISSUED_AHEAD_MS,
  type SignedLinkCheck,
  signatureMatches,
  signatureOf,
} from "./preview-links";

export const TIMED_VIEW_PREFIX = `${PREVIEW_PATH_PREFIX}at/`;
/** As long as a desk session: the view needs one anyway. */
export const TIMED_VIEW_HOURS = 8;
/** The last instant a view may show: 9999-12-31T23:59:59.999Z (a Date, and four-digit years). */
export const LATEST_VIEW_AT = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
/** Offsets beyond a day are no time zone's. */
const MAX_OFFSET_MINUTES = 24 * 60;
const KEY_LABEL = "id5 timed view link v1";
const TOKEN_PATTERN =
  /^([0-9a-z]{1,10})\.(-?[0-9]{1,4})\.([0-9a-z]{1,10})\.([0-9a-z]{1,10})\.([A-Za-z0-9_-]{43})$/;

export interface TimedViewClaims {
  /** The instant the view shows (ms since the epoch). */
  at: number;
  /** The editor's offset (BCMS's `timezoneOffset`: minutes, positive west of UTC). */
  timezoneOffset: number;
  issuedAt: number;
  expiresAt: number;
}

export type TimedViewCheck = SignedLinkCheck<TimedViewClaims>;

export function timedViewKey(siteKey: Buffer): Buffer {
  return purposeKey(siteKey, KEY_LABEL);
}

/** Whether an instant and offset may be shown: a Date from 1970 to 9999, an offset within a day. */
export function isViewableTime(at: number, timezoneOffset: number): boolean {
  return (
    Number.isSafeInteger(at) &&
    at >= 0 &&
    at <= LATEST_VIEW_AT &&
    Number.isSafeInteger(timezoneOffset) &&
    Math.abs(timezoneOffset) <= MAX_OFFSET_MINUTES
  );
}

function signed(claims: TimedViewClaims): string {
  return [
    claims.at.toString(36),
    String(claims.timezoneOffset),
    claims.issuedAt.toString(36),
    claims.expiresAt.toString(36),
  ].join(".");
}

/** The token of a view of `at`, issued at `now` (ms), valid TIMED_VIEW_HOURS. */
export function signTimedViewToken(
  view: { at: number; timezoneOffset: number },
  key: Buffer,
  now: number,
): { token: string; claims: TimedViewClaims } {
  if (!isViewableTime(view.at, view.timezoneOffset)) {
    throw new RangeError(`cannot show the site at ${view.at} (offset ${view.timezoneOffset})`);
  }
  const issuedAt = Math.floor(now);
  const claims: TimedViewClaims = {
    at: view.at,
    // -0 would print as "0" and verify as 0: one spelling.
    timezoneOffset: view.timezoneOffset === 0 ? 0 : view.timezoneOffset,
    issuedAt,
    expiresAt: issuedAt + TIMED_VIEW_HOURS * HOUR_MS,
  };
  const text = signed(claims);
  return { token: `${text}.${signatureOf(text, key).toString("base64url")}`, claims };
}

/** Checks a token's form, signature and expiry (the session and revocation are the caller's). */
export function verifyTimedViewToken(token: string, key: Buffer, now: number): TimedViewCheck {
  const match = TOKEN_PATTERN.exec(token);
  if (!match) return { ok: false, reason: "malformed" };
  const [, at, offset, issued, expires, signature] = match as unknown as string[];
  const claims: TimedViewClaims = {
    at: Number.parseInt(at as string, 36),
    timezoneOffset: Number.parseInt(offset as string, 10),
    issuedAt: Number.parseInt(issued as string, 36),
    expiresAt: Number.parseInt(expires as string, 36),
  };
  // One spelling per link: leading zeros or "-0" name the same values, and are refused.
  if (signed(claims) !== [at, offset, issued, expires].join(".")) {
    return { ok: false, reason: "malformed" };
  }
  if (!signatureMatches(signature as string, signatureOf(signed(claims), key))) {
    return { ok: false, reason: "signature" };
  }
  if (
    claims.expiresAt <= now ||
    claims.issuedAt > now + MAX_ISSUED_AHEAD_MS ||
    claims.expiresAt - claims.issuedAt > TIMED_VIEW_HOURS * HOUR_MS ||
    !isViewableTime(claims.at, claims.timezoneOffset)
  ) {
    return { ok: false, reason: "expired" };
  }
  return { ok: true, claims };
}

/**
 * The part of a raw request path that names a page of the site, when it is a timed view's
 * (`/_preview/at/<token>/news/…` → `/news/…`); else the path itself. That part may be
 * percent-encoded as any page's address is; the rest is spelled literally.
 */
export function outsideTimedView(rawPathname: string): string {
  if (!rawPathname.startsWith(TIMED_VIEW_PREFIX)) return rawPathname;
  const rest = rawPathname.slice(TIMED_VIEW_PREFIX.length);
  const slash = rest.indexOf("/");
  const token = slash === -1 ? rest : rest.slice(0, slash);
  if (token.includes("%")) return rawPathname;
  return slash === -1 ? "/" : rest.slice(slash);
}

/** The address of `sitePath` (with its query) in the view the token opens. */
export function timedViewPath(token: string, sitePath = "/"): string {
  return `${TIMED_VIEW_PREFIX}${token}${sitePath.startsWith("/") ? sitePath : `/${sitePath}`}`;
}
