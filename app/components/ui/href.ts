// The one rule of links from content and configuration (rich text, hero, CTA, buttons):
// site-relative paths go through the router, http(s) leaves the site in a new tab.

/** Site-relative path ("/about", "/news?p=2#top"), not a protocol-relative "//host" URL. */
export function isInternalHref(href: string): boolean {
  return href.startsWith("/") && !href.startsWith("//");
}

/** Absolute http(s) URL: a link that leaves the site. */
export function isExternalHref(href: string): boolean {
  return /^https?:\/\//i.test(href.trim());
}

/** `rel` for every link that opens a new tab. */
export const EXTERNAL_LINK_REL = "noopener noreferrer";
const NEW_TAB_REL = EXTERNAL_LINK_REL.split(" ");

/**
 * The rel attribute to render: a link opening a new tab always gets "noopener noreferrer"
 * (merged with the tokens it already had); otherwise rel is kept as given.
 */
export function linkRel(target: string | undefined, rel: string | undefined): string | undefined {
  if (target !== "_blank") return rel || undefined;
  const tokens = (rel ?? "").split(/\s+/).filter(Boolean);
  for (const token of NEW_TAB_REL) if (!tokens.includes(token)) tokens.push(token);
  return tokens.join(" ");
}
