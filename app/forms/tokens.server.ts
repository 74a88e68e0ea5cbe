// Signed values the site hands out and takes back: the stamp in every form (when it was
// issued, for the minimum time-to-submit) and the expiring link to a gated download.
// Each purpose signs with a key of its own, derived from the site's signing key
// (FORMS_SIGNING_SECRET or the generated one), as preview links do: no signature made for
// one purpose can pass for another's. Stamps and links signed with the site key itself,
// as they were before, are still taken for a while (FORMER_KEY_STAMP_MS, a link's own
// expiry), so a form shown before a deploy and sent after it is not taken for spam.
// After a rotation of the site key, values signed with the previous key are taken on the
// same terms (PREVIOUS_KEY_STAMP_MS for stamps), so a form open during the rotation still
// reaches us as a lead.
import { createHmac, timingSafeEqual } from "node:crypto";
import { DAY_MS } from "../config/durations";

export type Sign = (data: string) => string;

/** A gated download link stays valid this long after the form was sent. */
export const DOWNLOAD_LINK_TTL_MS = DAY_MS;
/** A stamp signed with the site key itself is taken this long after it was issued. */
export const FORMER_KEY_STAMP_MS = 7 * DAY_MS;
/**
 * A stamp signed with the previous site key (before a rotation) is taken this long after
 * it was issued: a week, as for the former key, so the previous key stops mattering a week
 * after the rotation.
 */
export const PREVIOUS_KEY_STAMP_MS = FORMER_KEY_STAMP_MS;

export type SigningPurpose = "form-stamp" | "download-link";

/** What signs one purpose's values. */
export interface PurposeSigner {
  /** HMAC-SHA256 with the purpose's own key, base64url. */
  sign: Sign;
  /** The same with the site key itself: only to take values signed before keys per purpose. */
  formerSign?: Sign;
  /** The purpose's key derived from the previous site key: values signed before a rotation. */
  previousSign?: Sign;
}

/** A key for one purpose, derived from the site's signing key under its label. */
export function purposeKey(siteKey: Buffer, label: string): Buffer {
  return createHmac("sha256", siteKey).update(label).digest();
}

const PURPOSE_LABELS: Readonly<Record<SigningPurpose, string>> = {
  "form-stamp": "id5 form stamp v1",
  "download-link": "id5 download link v1",
};

const hmacSigner =
  (key: Buffer): Sign =>
  (data) =>
    createHmac("sha256", key).update(data).digest("base64url");

/** The signer of each purpose for a site key (the forms service's `signer`). */
export function purposeSigners(
  siteKey: Buffer,
  previousSiteKey?: Buffer,
): (purpose: SigningPurpose) => PurposeSigner {
  const former = hmacSigner(siteKey);
  const signers = new Map<SigningPurpose, PurposeSigner>();
  for (const [purpose, label] of Object.entries(PURPOSE_LABELS) as [SigningPurpose, string][]) {
    signers.set(purpose, {
      sign: hmacSigner(purposeKey(siteKey, label)),
      formerSign: former,
      ...(previousSiteKey ? { previousSign: hmacSigner(purposeKey(previousSiteKey, label)) } : {}),
    });
  }
  return (purpose) => signers.get(purpose) as PurposeSigner;
}

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
  signer: PurposeSigner,
): number | undefined {
  const match = /^([0-9a-z]{1,12})\.([A-Za-z0-9_-]{16,128})$/.exec(stamp);
  if (!match?.[1] || !match[2]) return undefined;
  const data = `stamp:${formId}:${match[1]}`;
  const issuedAt = Number.parseInt(match[1], 36);
  if (!Number.isSafeInteger(issuedAt) || issuedAt > now + 60_000) return undefined;
  const signature = match[2];
  const signedWith = (sign: Sign | undefined, withinMs: number) =>
    sign !== undefined && now - issuedAt <= withinMs && sameSignature(signature, sign(data));
  const accepted =
    sameSignature(signature, signer.sign(data)) ||
    signedWith(signer.formerSign, FORMER_KEY_STAMP_MS) ||
    signedWith(signer.previousSign, PREVIOUS_KEY_STAMP_MS);
  if (!accepted) return undefined;
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
  signer: PurposeSigner,
): DownloadGrant | undefined {
  const match = /^([A-Za-z0-9_-]{8,1024})\.([A-Za-z0-9_-]{16,128})$/.exec(token);
  if (!match?.[1] || !match[2]) return undefined;
  const data = `download:${match[1]}`;
  // A link signed with the site key itself is taken until its own expiry, no later; one
  // signed with the previous key (before a rotation) as well, as it was a valid link.
  const signedBy =
    sameSignature(match[2], signer.sign(data)) ||
    (signer.previousSign && sameSignature(match[2], signer.previousSign(data)))
      ? "own"
      : signer.formerSign && sameSignature(match[2], signer.formerSign(data))
        ? "former"
        : undefined;
  if (!signedBy) return undefined;
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
    expiresAt < now ||
    (signedBy === "former" && expiresAt > now + DOWNLOAD_LINK_TTL_MS)
  ) {
    return undefined;
  }
  return { mediaId, name, resource, expiresAt };
}
