// Marketing attribution, the server's half: the cookie that attribution-recorder.ts writes
// on every document load is read, checked and clipped when a form is sent (never trusted
// as is). Reading at submit time means in-app navigation never loses it.
import { type Attribution, type Touch, UTM_KEYS, type UtmKey } from "./contract";

export const ATTRIBUTION_COOKIE = "id5_attribution";
/** How long the first touch is remembered (days). */
const MAX_VALUE_LENGTH = 100;
/** Browsers keep cookies up to 4096 bytes; anything longer was not written by us. */
const MAX_COOKIE_LENGTH = 4096;

function clip(value: string): string {
  return value.slice(0, MAX_VALUE_LENGTH);
}

function readTouch(value: unknown): Touch | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const v = value as Record<string, unknown>;
  if (typeof v.landingPage !== "string" || typeof v.at !== "string") return undefined;
  if (Number.isNaN(Date.parse(v.at))) return undefined;
  const utm: Partial<Record<UtmKey, string>> = {};
  const rawUtm =
    typeof v.utm === "object" && v.utm !== null ? (v.utm as Record<string, unknown>) : {};
  for (const key of UTM_KEYS) {
    const item = rawUtm[key];
    if (typeof item === "string" && item.trim()) utm[key] = clip(item.trim());
  }
  return {
    utm,
    ...(typeof v.referrer === "string" && v.referrer ? { referrer: clip(v.referrer) } : {}),
    landingPage: clip(v.landingPage),
    at: v.at,
  };
}

/** The attribution in a cookie value; null for anything malformed (never trusted as is). */
export function decodeAttribution(value: string | undefined): Attribution | null {
  if (!value || value.length > MAX_COOKIE_LENGTH) return null;
  try {
    const parsed = JSON.parse(decodeURIComponent(value)) as Record<string, unknown>;
    const firstTouch = readTouch(parsed.firstTouch);
    const lastTouch = readTouch(parsed.lastTouch);
    return firstTouch && lastTouch ? { firstTouch, lastTouch } : null;
  } catch {
    return null;
  }
}

/** One cookie's value from a Cookie header (or document.cookie). */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}
