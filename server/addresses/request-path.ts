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

/**
 * A raw path decoded as far as it can be, for what must see every spelling of an address
 * (the log's redaction, the preview's refusal of other spellings): a path no route takes
 * (a malformed escape, a dot segment, a backslash) is still decoded, each valid escape as
 * its byte.
 */
export function looselyDecoded(rawPathname: string): string {
  try {
    return decodeURIComponent(rawPathname);
  } catch {
    return rawPathname.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
  }
}

/**
 * The query parameters the routes of a page read (each route declares them in its
 * `handle.query`), or null when the page's routes are not known: then every one counts.
 */
export type DeclaredQuery = (pagePath: string) => ReadonlySet<string> | null;

/**
 * The search string with only the parameters in `declared` ("" when none is left); null
 * keeps them all. Any other parameter cannot change the page, so it is not part of its key.
 */
export function significantSearch(url: URL, declared: ReadonlySet<string> | null): string {
  if (url.search === "") return "";
  if (declared === null) return url.search === "?" ? "" : url.search;
  const kept = new URLSearchParams();
  for (const [key, value] of url.searchParams) {
    if (declared.has(key)) kept.append(key, value);
  }
  const text = kept.toString();
  return text === "" ? "" : `?${text}`;
}
