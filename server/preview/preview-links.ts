// Signed preview links: one entry, an issue time and an expiry, signed with the site's key
// (the store's `signingKey`, server/store/store.ts) under a key of their own, derived from
// it, so no other signature of the site (form stamps, download links) can pass for a
// preview link. The link carries no secret: what it grants is one entry's preview until it
// expires or is revoked.
//   /_preview/<template>.<entry id>.<issued>.<expires>.<signature>
// Times are milliseconds since the epoch in base 36; the signature is HMAC-SHA256, base64url.
import { createHmac, timingSafeEqual } from "node:crypto";
import { HOUR_MS } from "../../app/config/durations";
import { purposeKey } from "../../app/forms/tokens.server";
import { looselyDecoded } from "../addresses/request-path";
import { PREVIEW_PATH_PREFIX } from "../addresses/server-paths";

export const DEFAULT_PREVIEW_HOURS = 72;
export const MAX_PREVIEW_HOURS = 30 * 24;
/** Clock difference between instances tolerated on a link's issue time (ms). */
const CLOCK_SKEW_MS = 60_000;
/**
 * How far ahead of a verifier's clock a link's issue time may be: the skew, twice (a link
 * made just after a revocation is issued past the skew after it: issueTimeAfter).
 */
export const MAX_ISSUED_AHEAD_MS = 2 * CLOCK_SKEW_MS + 1;
const KEY_LABEL = "id5 preview link v1";
const TOKEN_PATTERN =
  /^([a-z0-9][a-z0-9-]{0,63})\.([0-9a-f]{24})\.([0-9a-z]{1,10})\.([0-9a-z]{1,10})\.([A-Za-z0-9_-]{43})$/;

export interface PreviewClaims {
  templateName: string;
  entryId: string;
  /** Milliseconds since the epoch (a revocation voids links issued before it: isRevoked). */
  issuedAt: number;
  expiresAt: number;
}

/** What checking a signed link gives: its claims, or why it is refused. */
export type SignedLinkCheck<Claims> =
  | { ok: true; claims: Claims }
  | { ok: false; reason: "malformed" | "signature" | "expired" };

export type PreviewLinkCheck = SignedLinkCheck<PreviewClaims>;

export function previewLinkKey(siteKey: Buffer): Buffer {
  return purposeKey(siteKey, KEY_LABEL);
}

function signed(claims: PreviewClaims): string {
  return [
    claims.templateName,
    claims.entryId,
    claims.issuedAt.toString(36),
    claims.expiresAt.toString(36),
  ].join(".");
}

/** A link's signature of its text (HMAC-SHA256). */
export function signatureOf(text: string, key: Buffer): Buffer {
  return createHmac("sha256", key).update(text).digest();
}

/**
 * Whether the signature a link carries is the one expected, compared in constant time.
 * Re-encoding must give the same text: base64url has several spellings of the last byte.
 */
export function signatureMatches(signature: string, expected: Buffer): boolean {
  const given = Buffer.from(signature, "base64url");
  return (
    given.length === expected.length &&
    given.toString("base64url") === signature &&
    timingSafeEqual(given, expected)
  );
}

/** The hours a link lasts: a positive number up to MAX_PREVIEW_HOURS, or an error message. */
export function checkPreviewHours(hours: unknown): number | string {
  const value = typeof hours === "string" && hours.trim() !== "" ? Number(hours) : hours;
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0) {
    return `hours must be a positive number (at most ${MAX_PREVIEW_HOURS})`;
  }
  if (value > MAX_PREVIEW_HOURS) {
    return `hours must be at most ${MAX_PREVIEW_HOURS} (30 days), not ${value}`;
  }
  return value;
}

/** The token of a link to `entryId`'s preview, valid for `hours` from `now` (ms). */
export function signPreviewToken(
  target: { templateName: string; entryId: string },
  key: Buffer,
  options: { hours?: number; now?: number } = {},
): { token: string; claims: PreviewClaims } {
  const hours = options.hours ?? DEFAULT_PREVIEW_HOURS;
  const checked = checkPreviewHours(hours);
  if (typeof checked === "string") throw new RangeError(checked);
  const issuedAt = Math.floor(options.now ?? Date.now());
  const claims: PreviewClaims = {
    templateName: target.templateName,
    entryId: target.entryId,
    issuedAt,
    expiresAt: issuedAt + Math.round(checked * HOUR_MS),
  };
  if (!TOKEN_PATTERN.test(`${signed(claims)}.${"A".repeat(43)}`)) {
    throw new RangeError(`cannot sign a link for ${target.templateName} ${target.entryId}`);
  }
  const text = signed(claims);
  return { token: `${text}.${signatureOf(text, key).toString("base64url")}`, claims };
}

/** Checks a token's form, signature and expiry (revocation is the caller's: it needs the store). */
export function verifyPreviewToken(token: string, key: Buffer, now = Date.now()): PreviewLinkCheck {
  const match = TOKEN_PATTERN.exec(token);
  if (!match) return { ok: false, reason: "malformed" };
  const [, templateName, entryId, issued, expires, signature] = match as unknown as string[];
  const claims: PreviewClaims = {
    templateName: templateName as string,
    entryId: entryId as string,
    issuedAt: Number.parseInt(issued as string, 36),
    expiresAt: Number.parseInt(expires as string, 36),
  };
  // One spelling per link: a time with leading zeros names the same time, and is refused.
  if (claims.issuedAt.toString(36) !== issued || claims.expiresAt.toString(36) !== expires) {
    return { ok: false, reason: "malformed" };
  }
  if (!signatureMatches(signature as string, signatureOf(signed(claims), key))) {
    return { ok: false, reason: "signature" };
  }
  if (
    claims.expiresAt <= now ||
    claims.issuedAt > now + MAX_ISSUED_AHEAD_MS ||
    claims.expiresAt - claims.issuedAt > MAX_PREVIEW_HOURS * HOUR_MS
  ) {
    return { ok: false, reason: "expired" };
  }
  return { ok: true, claims };
}

/**
 * True when a revocation at `revokedAt` (ms; 0: none) voids a link with these claims: one
 * issued at or before it, or up to the clock skew after it, as the issuer's clock may run
 * that far ahead of the revoker's (a link made just before the revocation may say so).
 */
export function isRevoked(claims: Pick<PreviewClaims, "issuedAt">, revokedAt: number): boolean {
  return revokedAt > 0 && claims.issuedAt <= revokedAt + CLOCK_SKEW_MS;
}

/**
 * The issue time of a new link: now, or, within the clock skew after a revocation, just past
 * it, so the revocation does not void the new link with the old ones (MAX_ISSUED_AHEAD_MS).
 */
export function issueTimeAfter(revokedAt: number, now: number): number {
  return revokedAt > 0 ? Math.max(now, revokedAt + CLOCK_SKEW_MS + 1) : now;
}

/**
 * A preview path spelled otherwise than literally (`/%5Fpreview/<token>`): refused (404), so
 * the routing, the log's redaction and a proxy's rules on `/_preview/` see every preview.
 */
export function isPreviewPathSpelledOtherwise(rawPathname: string): boolean {
  if (!rawPathname.includes("%")) return false;
  // Decoded as far as it goes, and anywhere in the path (`/x/..%2F_preview/<token>`): a
  // path that fails strict decoding still names a preview, and still carries its token.
  return looselyDecoded(rawPathname).toLowerCase().includes(PREVIEW_PATH_PREFIX);
}

export function previewUrl(siteOrigin: string, token: string): string {
  return `${siteOrigin.replace(/\/+$/, "")}${PREVIEW_PATH_PREFIX}${token}`;
}
