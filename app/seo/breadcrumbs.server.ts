// The breadcrumb trail of a deep page (two or more path segments): home, the site sections
// above it, the page. Only ancestors that are pages of their own are named: a path prefix
// such as /legal or /universal-id is no page (or only a redirect), so it is left out rather
// than linked. Section names are the navigation's (the header, and the trust section).
import { HEADER_LINKS } from "~/config/site";
import type { Crumb } from "./json-ld.server";

export const HOME_CRUMB_NAME = "Home";

/** Site sections that hold deeper pages, by path, with the name visitors know them by. */
export const SECTION_CRUMB_NAMES: ReadonlyMap<string, string> = new Map([
  ...HEADER_LINKS.map((link): [string, string] => [link.href, link.label]),
  ["/trust", "Trust"],
]);

/** Segments of a path, without empty ones ("/news/x/" → ["news", "x"]). */
function segmentsOf(path: string): string[] {
  return (path.split(/[?#]/, 1)[0] ?? "").split("/").filter(Boolean);
}

/**
 * The crumbs of `path` (its page titled `title`), or none for a page one level deep or at
 * the root, which a trail would not help.
 */
export function breadcrumbTrail(origin: string, path: string, title: string): Crumb[] {
  const segments = segmentsOf(path);
  if (segments.length < 2) return [];
  const base = origin.replace(/\/+$/, "");
  const crumbs: Crumb[] = [{ name: HOME_CRUMB_NAME, url: `${base}/` }];
  for (let depth = 1; depth < segments.length; depth++) {
    const ancestor = `/${segments.slice(0, depth).join("/")}`;
    const name = SECTION_CRUMB_NAMES.get(ancestor);
    if (name) crumbs.push({ name, url: `${base}${ancestor}` });
  }
  const own = title.trim() || decodeURIComponent(segments.at(-1) ?? "");
  crumbs.push({ name: own, url: `${base}/${segments.join("/")}` });
  return crumbs;
}
