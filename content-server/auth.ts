/**
 * API-key authentication as BCMS does it: `Authorization:
 * ApiKey {id}.{secret}` or `?apiKey={id}.{secret}` on HTTP, `?token=apikey_{id}.{secret}`
 * on the socket. Messages and statuses are BCMS's.
 */
import { timingSafeEqual } from "node:crypto";
import type { ContentIdentity } from "../app/config/local-content";
import { HttpError } from "./http";

export const AUTH_MESSAGES = {
  /**
   * BCMS falls through to JWT checking when no key is given and answers 403 "Access token
   * parts length is != 3."; we answer 401 with a message an operator can act on.
   */
  missing: "Missing API Key: send Authorization: ApiKey {id}.{secret}",
  format: "Invalid API Key format",
  invalid: "Invalid API Key",
} as const;

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Checks an `{id}.{secret}` key; throws BCMS's 401 on a malformed or wrong key. */
export function verifyApiKey(key: string, identity: ContentIdentity): void {
  const dot = key.indexOf(".");
  if (dot <= 0 || dot === key.length - 1) throw new HttpError(401, AUTH_MESSAGES.format);
  const id = key.slice(0, dot);
  const secret = key.slice(dot + 1);
  // Compare both even when the id is wrong, so timing tells nothing about which part failed.
  const idOk = sameSecret(id, identity.apiKeyId);
  const secretOk = sameSecret(secret, identity.apiKeySecret);
  if (!idOk || !secretOk) throw new HttpError(401, AUTH_MESSAGES.invalid);
}

/** Authenticates an HTTP request from its header or `apiKey` query parameter. */
export function authenticateRequest(
  authorization: string | undefined,
  query: URLSearchParams,
  identity: ContentIdentity,
): void {
  if (authorization !== undefined && authorization !== "") {
    const match = /^ApiKey (.*)$/.exec(authorization);
    if (!match) throw new HttpError(401, AUTH_MESSAGES.format);
    verifyApiKey(match[1] ?? "", identity);
    return;
  }
  const queryKey = query.get("apiKey");
  if (queryKey === null || queryKey === "") throw new HttpError(401, AUTH_MESSAGES.missing);
  verifyApiKey(queryKey, identity);
}

/** Checks a socket token `apikey_{id}.{secret}`; false means refuse the upgrade with 401. */
export function isValidSocketToken(token: string | null, identity: ContentIdentity): boolean {
  if (!token?.startsWith("apikey_")) return false;
  try {
    verifyApiKey(token.slice("apikey_".length), identity);
    return true;
  } catch {
    return false;
  }
}
