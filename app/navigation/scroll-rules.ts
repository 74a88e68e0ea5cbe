// Scroll on navigation: to the top, except on news pagination and same-path hash
// changes; to the hash's element when it exists; back/forward restores the saved position.
// Replaces React Router's <ScrollRestoration/>, which cannot express the exceptions. This
// module ships in the always-loaded shell chunk: keep it small.
import { useLayoutEffect } from "react";
import { type Location, useLocation, useNavigationType } from "react-router";

type Loc = Pick<Location, "pathname" | "search" | "hash" | "key">;

/** /news/page/{N}: the news list's pagination. */
export const isNewsPaginationPath = (path: string) => /^\/news\/page\/\d+\/?$/.test(path);

/** False when paging the news list (to /news/page/N, or back to /news) or only the hash changed. */
export const shouldScrollToTop = (
  prevPath: string,
  nextPath: string,
  prevHash: string,
  nextHash: string,
) =>
  !isNewsPaginationPath(nextPath) &&
  !(isNewsPaginationPath(prevPath) && /^\/news\/?$/.test(nextPath)) &&
  (prevPath !== nextPath || prevHash === nextHash);

/** "#a%20b" → "a b"; a malformed escape is kept as written. */
const hashId = (hash: string) => {
  const raw = hash.replace(/^#/, "");
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
};

/** Solutions tab links (the footer's): "#tabs-media-owners" → "media-owners", else null. */
export const tabAnchorFromHash = (hash: string) =>
  /^tabs-([a-z\d]+(?:-[a-z\d]+)*)$/i.exec(hashId(hash))?.[1] ?? null;

export const tabHash = (anchor: string) => `#tabs-${anchor}`;

const STORAGE_KEY = "id5:scroll-positions";

/**
 * Takes over scroll restoration for the page and records scrollY per history entry (kept in
 * sessionStorage across reloads). Returns the function to call with each committed location.
 */
export function createScroller(win: Window, doc: Document) {
  let positions = new Map<string, unknown>();
  let prev: Loc | undefined;
  let last = "";
  try {
    positions = new Map(JSON.parse(win.sessionStorage.getItem(STORAGE_KEY) ?? "[]"));
  } catch {
    // Unavailable storage or not a list of pairs: start empty.
  }
  // React Router keys every freshly loaded entry "default": a saved one may be any page's.
  positions.delete("default");

  // Not at navigation time: the new page is already in the DOM by then.
  const record = () => {
    if (prev) {
      positions.delete(prev.key); // re-inserted last, so the oldest entries come first
      positions.set(prev.key, win.scrollY);
    }
  };
  const save = () => {
    record();
    try {
      win.sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions].slice(-50)));
    } catch {
      // Unavailable or full: positions still work until the page unloads.
    }
  };
  win.history.scrollRestoration = "manual";
  win.addEventListener("scroll", record, { passive: true });
  win.addEventListener("pagehide", save);
  doc.addEventListener("visibilitychange", () => {
    if (doc.hidden) save();
  });

  return (next: Loc, type: string) => {
    const id = next.key + next.pathname + next.search + next.hash;
    if (id === last) return; // StrictMode runs effects twice
    last = id;
    const y = positions.get(next.key);
    const target = doc.getElementById(hashId(next.hash));
    if (type === "POP" && typeof y === "number") win.scrollTo(0, y);
    else if (target) target.scrollIntoView();
    // On page load (no prev) the browser's own position stands.
    else if (prev && shouldScrollToTop(prev.pathname, next.pathname, prev.hash, next.hash))
      win.scrollTo(0, 0);
    prev = next;
  };
}

// One per page, like the window it drives; never created on the server (no layout effects).
let scroller: ReturnType<typeof createScroller> | undefined;

/**
 * Call once in the root Layout. The root's layout effect runs after every descendant has
 * rendered, so hash targets exist.
 */
export function useScrollRules(): void {
  const location = useLocation();
  const type = useNavigationType();
  useLayoutEffect(() => {
    scroller ??= createScroller(window, document);
    scroller(location, type);
  }, [location, type]);
}
