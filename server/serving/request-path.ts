// Turns a request's raw (percent-encoded) pathname into the one path the server looks
// files up by, refusing what could step outside the build folder.

/**
 * The decoded pathname, or null when it is malformed or unsafe: bad percent-encoding,
 * a NUL, a backslash, or a `.`/`..` segment (e.g. `/..%2fpackage.json`, which URL
 * parsing leaves alone because the slash is encoded).
 */
export function decodeRequestPath(rawPathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPathname);
  } catch {
    return null;
  }
  if (!decoded.startsWith("/") || decoded.includes("\0") || decoded.includes("\\")) return null;
  if (decoded.split("/").some((segment) => segment === ".." || segment === ".")) return null;
  return decoded;
}

/** `/about.data` -> `/about`, `/_.data` -> `/`, `/about/_.data` -> `/about/`; else null. */
export function pagePathOfDataRequest(pathname: string): string | null {
  if (!pathname.endsWith(".data")) return null;
  if (pathname === "/_.data") return "/";
  if (pathname.endsWith("/_.data")) return pathname.slice(0, -"_.data".length);
  return pathname.slice(0, -".data".length) || "/";
}

/** Query parameters that never change a page: ad-click and campaign tags. */
const TRACKING_PARAM = /^(utm_[a-z_]+|gclid|fbclid|msclkid|mc_cid|mc_eid)$/i;

/** The search string without tracking parameters ("" when nothing is left). */
export function significantSearch(url: URL): string {
  if (url.search === "") return "";
  const kept = new URLSearchParams();
  for (const [key, value] of url.searchParams) {
    if (!TRACKING_PARAM.test(key)) kept.append(key, value);
  }
  const text = kept.toString();
  return text === "" ? "" : `?${text}`;
}
