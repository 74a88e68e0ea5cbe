// The tag manager's data layer (SPEC §1, §7): page views are pushed to `window.dataLayer`,
// which the tag manager drains when (and if) its script loads. With no GTM_ID the queue
// still fills, so nothing in the app depends on the script being present.

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export type DataLayerWindow = Pick<Window, "dataLayer">;

export const PAGE_VIEW_EVENT = "page_view";

export interface PageView {
  event: typeof PAGE_VIEW_EVENT;
  page_path: string;
  page_title: string;
}

export function ensureDataLayer(win: DataLayerWindow): unknown[] {
  if (!Array.isArray(win.dataLayer)) win.dataLayer = [];
  return win.dataLayer;
}

export function pushPageView(
  win: DataLayerWindow,
  view: { path: string; title: string },
): PageView {
  const entry: PageView = { event: PAGE_VIEW_EVENT, page_path: view.path, page_title: view.title };
  ensureDataLayer(win).push(entry);
  return entry;
}

/** The `gtm.js` start event the tag manager expects first in its queue. */
export function hasTagManagerStart(dataLayer: unknown[]): boolean {
  return dataLayer.some(
    (e) => typeof e === "object" && e !== null && (e as { event?: unknown }).event === "gtm.js",
  );
}

/**
 * Inline script for the document head (render with the CSP nonce): creates the data
 * layer and records the start time, like the vendor snippet, without loading anything.
 */
export function dataLayerBootstrapScript(): string {
  return 'window.dataLayer=window.dataLayer||[];window.dataLayer.push({"gtm.start":Date.now(),event:"gtm.js"});';
}

export interface PageLocation {
  pathname: string;
  search: string;
}

/** Query parameters that carry a secret (a signed download link): never sent to analytics. */
const SECRET_PARAMS = /(^|&)token=[^&]*/g;

function withoutSecrets(search: string): string {
  const kept = search.replace(/^\?/, "").replace(SECRET_PARAMS, "").replace(/^&/, "");
  return kept ? `?${kept}` : "";
}

/**
 * Pushes one page view per distinct path + query: hash-only changes and repeated calls
 * for the same location (React StrictMode, remounts) are ignored. Returns whether it pushed.
 */
export type PageViewTracker = (location: PageLocation) => boolean;

export function createPageViewTracker(
  win: DataLayerWindow,
  readTitle: () => string,
): PageViewTracker {
  let last: string | undefined;
  return ({ pathname, search }) => {
    const path = `${pathname}${withoutSecrets(search)}`;
    if (path === last) return false;
    last = path;
    pushPageView(win, { path, title: readTitle() });
    return true;
  };
}
