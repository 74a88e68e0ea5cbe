// The tag manager's data layer: page views are pushed to `window.dataLayer`,
// which the tag manager drains when (and if) its script loads. With no GTM_ID the queue
// still fills, so nothing in the app depends on the script being present. The queue is
// created, and the tag manager loaded after consent, by app/consent/consent-runtime.ts.

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export type DataLayerWindow = Pick<Window, "dataLayer">;

export const PAGE_VIEW_EVENT = "page_view";

/** Where the tag manager's script comes from (loaded by app/consent/consent-runtime.ts). */
export const TAG_MANAGER_ORIGIN = "https://www.googletagmanager.com";

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
