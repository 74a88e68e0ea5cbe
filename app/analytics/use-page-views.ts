// Sends a page view on first load and on every in-app navigation that changes the path
// or the query, never on hash-only changes.
import { useEffect } from "react";
import { useLocation } from "react-router";
import { createPageViewTracker, type PageViewTracker } from "./data-layer";

// One tracker per window, so a remounted layout does not count the same view twice.
const trackers = new WeakMap<object, PageViewTracker>();

function trackerFor(win: Window): PageViewTracker {
  let tracker = trackers.get(win);
  if (!tracker) {
    tracker = createPageViewTracker(win, () => win.document.title);
    trackers.set(win, tracker);
  }
  return tracker;
}

/**
 * Call once in the root Layout (it also wraps the error boundary, so 404s count).
 * Effects run after React has committed the new route's <Meta/>, so `document.title`
 * is already the new page's title when the view is pushed. `enabled` false (a preview):
 * no view at all, nor a data layer.
 */
export function usePageViews(enabled = true): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (enabled) trackerFor(window)({ pathname, search });
  }, [enabled, pathname, search]);
}
