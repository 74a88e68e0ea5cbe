// Signed values the site hands out and takes back: the stamp in every form (when it was
// issued, for the minimum time-to-submit) and the expiring link to a gated download.
// Both are HMAC-signed with the site's signing key (the store's `signingKey`,
// server/store/store.ts).
import { timingSafeEqual } from "node:crypto";

export type Sign = (data: string) => string;

/** A gated download link stays valid this long after the form was sent. */
export const DOWNLOAD_LINK_TTL_MS = 24 * 60 * 60 * 1000;

function sameSignature(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** `{issuedAt base36}.{signature}`, bound to one form. */
export function issueStamp(formId: string, now: number, sign: Sign): string {
  const issued = now.toString(36);
  return `${issued}.${sign(`stamp:${formId}:${issued}`)}`;
}

/** The stamp's age in seconds, or undefined when it is missing, malformed or not ours. */
export function stampAgeSeconds(
  stamp: string,
  formId: string,
  now: number,
  sign: Sign,
): number | undefined {
  const match = /^([0-9a-z]{1,12})\.([A-Za-z0-9_-]{16,128})$/.exec(stamp);
  if (!match?.[1] || !match[2]) return undefined;
  if (!sameSignature(match[2], sign(`stamp:${formId}:${match[1]}`))) return undefined;
  const issuedAt = Number.parseInt(match[1], 36);
  if (!Number.isSafeInteger(issuedAt) || issuedAt > now + 60_000) return undefined;
  return (now - issuedAt) / 1000;
}

export interface DownloadGrant {
  mediaId: string;
  name: string;
  /** The resource page it was granted on. */
  resource: string;
  expiresAt: number;
}

export function issueDownloadToken(grant: DownloadGrant, sign: Sign): string {
  const payload = Buffer.from(
    JSON.stringify([grant.mediaId, grant.name, grant.resource, grant.expiresAt]),
  ).toString("base64url");
  return `${payload}.${sign(`download:${payload}`)}`;
}

/** The grant of a valid, unexpired token; undefined otherwise. */
export function readDownloadToken(
  token: string,
  now: number,
  sign: Sign,
): DownloadGrant | undefined {
  const match = /^([A-Za-z0-9_-]{8,1024})\.([A-Za-z0-9_-]{16,128})$/.exec(token);
  if (!match?.[1] || !match[2]) return undefined;
  if (!sameSignature(match[2], sign(`download:${match[1]}`))) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(match[1], "base64url").toString("utf8"));
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) return undefined;
  const [mediaId, name, resource, expiresAt] = parsed as unknown[];
  if (
    typeof mediaId !== "string" ||
    typeof name !== "string" ||
    typeof resource !== "string" ||
    typeof expiresAt !== "number" ||
    expiresAt < now
  ) {
    return undefined;
  }
  return { mediaId, name, resource, expiresAt };
}
