// Paths and redirect targets. A path from the CMS names an address of this site in the form
// requests arrive in; a redirect target is checked in its final form, after every
// normalisation (URL parsing, dot segments, a chain followed, a query added), because that
// form is what a browser reads from Location.
import { isReservedAddress } from "../../config/reserved-addresses";
import { type CmsValueCheck, hasControlCharacter } from "./checked";

const UNSAFE_PATH_CHARACTERS = /[\s\\<>"{}|^`]/;

/** Spaces, characters a URL must escape, and control characters (which \s does not all cover). */
export function hasUnsafePathCharacter(value: string): boolean {
  return UNSAFE_PATH_CHARACTERS.test(value) || hasControlCharacter(value);
}

/** The decoded form of a path, as files and routes are looked up; the path itself if malformed. */
function decodedOf(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * An address of this site the CMS may answer for: not one the site keeps for itself
 * (app/config/reserved-addresses.ts) nor a file of the build (`isBuildFile`), in either its
 * written or its decoded spelling.
 */
export function checkOwnableAddress(
  path: string,
  isBuildFile: (path: string) => boolean = () => false,
): { value: string } | { problem: string } {
  for (const spelling of new Set([path, decodedOf(path)])) {
    if (isReservedAddress(spelling) || isBuildFile(spelling)) {
      return { problem: `is an address the site keeps for itself: ${path}` };
    }
  }
  return { value: path };
}

/**
 * A redirect's Location in its final form: a path of this site (never `//host` or `/\host`,
 * which browsers read as another host) or an absolute http(s) URL, with no control character
 * or space anywhere.
 */
export const checkRedirectLocation: CmsValueCheck<string> = (raw) => {
  if (typeof raw !== "string" || raw === "") return { problem: "is empty" };
  if (hasControlCharacter(raw) || /\s/.test(raw)) {
    return { problem: `has a control character or space: ${JSON.stringify(raw)}` };
  }
  // A header carries ASCII only (a character beyond Latin-1 made the answer a 500); a URL
  // normalised by `new URL` is ASCII already, so only an address taken as it is can fail here.
  if (/[^\x21-\x7e]/.test(raw)) {
    return { problem: `has a character a header cannot carry unencoded: ${JSON.stringify(raw)}` };
  }
  if (raw.startsWith("/")) {
    if (raw.startsWith("//") || raw.startsWith("/\\")) {
      return { problem: `leads off the site once normalised: ${raw}` };
    }
    return { value: raw };
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { problem: `is neither a path nor a URL: ${JSON.stringify(raw)}` };
  }
  if ((url.protocol !== "https:" && url.protocol !== "http:") || url.username || url.password) {
    return { problem: `is not an http(s) URL without credentials: ${JSON.stringify(raw)}` };
  }
  return { value: raw };
};
