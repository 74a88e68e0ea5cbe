// Route `meta` exports. Page metadata is built on the server (build-meta.server.ts) and
// travels in the loader data, so the browser runs no metadata builder on navigation; only
// the error page's fixed head is defined here.
import type { MetaDescriptor } from "react-router";
import { BRAND } from "~/config/site";

export const TITLE_SEPARATOR = " - ";
export const NO_INDEX_ROBOTS = "noindex, nofollow";
export const NOT_FOUND_TITLE = "Page Not Found";

/** One step of a page's breadcrumb trail: its name and site-relative path. */
export interface PageCrumb {
  name: string;
  path: string;
}

/** What every page loader returns as `head`. */
export interface LoadedHead {
  meta: MetaDescriptor[];
  lang?: "en" | "ja";
  /** Home, the site sections above the page, the page; only on pages two or more levels deep. */
  breadcrumbs?: PageCrumb[];
}

/**
 * The error page's head (404s and application errors): titled 'Page Not Found', excluded
 * from indexing; no canonical URL or description, as it is not a page of the site.
 */
export const NOT_FOUND_META: MetaDescriptor[] = [
  { title: `${NOT_FOUND_TITLE}${TITLE_SEPARATOR}${BRAND}` },
  { name: "robots", content: NO_INDEX_ROBOTS },
];

/** A route's `meta`: its loader's metadata, or the error page's when the loader failed. */
export function routeMeta({
  loaderData,
}: {
  loaderData?: { head?: LoadedHead } | undefined;
}): MetaDescriptor[] {
  return loaderData?.head?.meta ?? NOT_FOUND_META;
}
