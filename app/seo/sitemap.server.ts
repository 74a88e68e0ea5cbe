// The sitemap's rule, shared by the build (scripts/build-records.ts writes sitemap.xml once)
// and the server (server/refresh/sitemap-refresh.ts writes it again after content changes):
// every prerendered page that is not `noindex`, with absolute URLs from SITE_ORIGIN. A page's
// <lastmod> is when its content last changed, as its own head says (og:updated_time: its
// entry's `updatedAt`, or for a list the newest of what it lists; app/seo/page-head.server.ts),
// never the time of writing; a page that does not say has none. Pages in several languages
// list their versions (xhtml:link, app/seo/language-versions.ts).
import { readFile } from "node:fs/promises";
import path from "node:path";
import { languageAlternates } from "./language-versions";
import { escapeXml } from "./xml";

export const SITEMAP_FILE = "sitemap.xml";
const SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";
const XHTML_NS = "http://www.w3.org/1999/xhtml";
/** The W3C date-time forms a sitemap's <lastmod> may take. */
const W3C_DATETIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;

/**
 * The Cache-Tag of the sitemap's answer: a change that can move it (an address added or
 * removed, a listed page rendered again) has its purge name it too.
 */
export const SITEMAP_CACHE_TAG = "sitemap";

/**
 * Written by the build next to client/: whether it wrote sitemap.xml (public/ may provide
 * its own, which the server then leaves alone).
 */
export const SITEMAP_RECORD_FILE = "sitemap.json";
export interface SitemapRecord {
  writtenByBuild: boolean;
}

export interface SitemapPage {
  path: string;
  /** When the page's content last changed (W3C date-time). */
  lastmod?: string;
}

export function sitemapXml(siteOrigin: string, pages: readonly (string | SitemapPage)[]): string {
  const origin = siteOrigin.replace(/\/+$/, "");
  const byPath = new Map<string, SitemapPage>();
  for (const page of pages) {
    const entry = typeof page === "string" ? { path: page } : page;
    byPath.set(entry.path, { ...byPath.get(entry.path), ...entry });
  }
  let versioned = false;
  const urls = [...byPath.values()]
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    .map(({ path: page, lastmod }) => {
      const lines = [`<loc>${escapeXml(`${origin}${page}`)}</loc>`];
      if (lastmod) lines.push(`<lastmod>${escapeXml(lastmod)}</lastmod>`);
      // Only versions that are in the sitemap too: never a link to a page it leaves out.
      const alternates = languageAlternates(page);
      if (alternates.every((alternate) => byPath.has(alternate.path))) {
        for (const { hreflang, path: version } of alternates) {
          versioned = true;
          lines.push(
            `<xhtml:link rel="alternate" hreflang="${escapeXml(hreflang)}" href="${escapeXml(`${origin}${version}`)}"/>`,
          );
        }
      }
      return lines.length === 1
        ? `  <url>${lines[0]}</url>\n`
        : `  <url>\n${lines.map((line) => `    ${line}\n`).join("")}  </url>\n`;
    })
    .join("");
  const namespaces = `xmlns="${SITEMAP_NS}"${versioned ? ` xmlns:xhtml="${XHTML_NS}"` : ""}`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset ${namespaces}>\n${urls}</urlset>\n`;
}

/** The meta tags of an HTML page, each as its attributes (names in lower case). */
function metaTags(html: string): Map<string, string>[] {
  return [...html.matchAll(/<meta\b[^>]*>/gi)].map(([tag]) => {
    const attributes = new Map<string, string>();
    for (const [, name, , double, single] of tag.matchAll(
      /([a-z:-]+)\s*=\s*("([^"]*)"|'([^']*)')/gi,
    )) {
      if (name) attributes.set(name.toLowerCase(), double ?? single ?? "");
    }
    return attributes;
  });
}

/** True when the page's HTML carries a robots meta tag with `noindex`. */
export function isNoIndexHtml(html: string): boolean {
  return metaTags(html).some(
    (meta) => meta.get("name") === "robots" && /noindex/i.test(meta.get("content") ?? ""),
  );
}

/** When the page says its content last changed (og:updated_time), if it says so validly. */
export function pageUpdatedTime(html: string): string | undefined {
  const time = metaTags(html)
    .find((meta) => meta.get("property") === "og:updated_time")
    ?.get("content")
    ?.trim();
  return time && W3C_DATETIME.test(time) ? time : undefined;
}

/** A page's entry in the sitemap, from its HTML; null when it may not be indexed (or has none). */
export function sitemapPageOf(page: string, html: string | undefined): SitemapPage | null {
  if (html === undefined || isNoIndexHtml(html)) return null;
  const lastmod = pageUpdatedTime(html);
  return lastmod ? { path: page, lastmod } : { path: page };
}

/**
 * The prerendered pages that may be indexed, each with its last change when it says; `paths`
 * are site paths ("/", "/about"), a page whose file is missing is left out.
 */
export async function indexablePages(
  clientDir: string,
  paths: readonly string[],
): Promise<SitemapPage[]> {
  const kept: SitemapPage[] = [];
  for (const p of paths) {
    const file = path.join(clientDir, p === "/" ? "index.html" : `${p.slice(1)}/index.html`);
    const listed = sitemapPageOf(p, await readFile(file, "utf8").catch(() => undefined));
    if (listed) kept.push(listed);
  }
  return kept;
}
