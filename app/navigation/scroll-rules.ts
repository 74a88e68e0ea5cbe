// Scroll behaviour on navigation (SPEC §4): scroll to top on navigation, except on news
// pagination and on same-path hash changes; scroll to the hash anchor when there is one;
// restore the saved position on back/forward. `useScrollRules()` replaces React Router's
// <ScrollRestoration/> (which cannot express the exceptions: it always resets on push).
import { useLayoutEffect, useRef } from "react";
import { type NavigationType, useLocation, useNavigationType } from "react-router";
import { type KeyValueStorage, sessionStorageOrMemory } from "./safe-storage";

export interface ScrollLocation {
  pathname: string;
  search?: string;
  hash: string;
  /** React Router's history entry key (stable across reloads of the same entry). */
  key?: string;
}

const NEWS_PAGINATION = /^\/news\/page\/\d+\/?$/;
const NEWS_INDEX = /^\/news\/?$/;

/** /news/page/{N}: the news list's pagination (no scroll-to-top, SPEC §2). */
export function isNewsPaginationPath(pathname: string): boolean {
  return NEWS_PAGINATION.test(pathname);
}

/**
 * False when paging the news list (to /news/page/N, or from it back to /news, page 1)
 * and for a hash change on the same path; true otherwise.
 */
export function shouldScrollToTop(prev: ScrollLocation, next: ScrollLocation): boolean {
  if (isNewsPaginationPath(next.pathname)) return false;
  if (isNewsPaginationPath(prev.pathname) && NEWS_INDEX.test(next.pathname)) return false;
  if (prev.pathname === next.pathname && prev.hash !== next.hash) return false;
  return true;
}

/** The element id a hash points at ("#a%20b" → "a b"), or null for no or an empty hash. */
export function hashTargetId(hash: string): string | null {
  const raw = hash.startsWith("#") ? hash.slice(1) : hash;
  if (raw === "") return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** Solutions tab links are `/solutions#tabs-{anchor}` (SPEC §2 footer). */
export const TAB_HASH_PREFIX = "tabs-";
const TAB_ANCHOR = /^[a-z0-9]+(?:-[a-z0-9]+)*$/i;

/** "#tabs-media-owners" → "media-owners"; null for any other hash. For the Tabs component. */
export function tabAnchorFromHash(hash: string): string | null {
  const id = hashTargetId(hash);
  if (!id?.startsWith(TAB_HASH_PREFIX)) return null;
  const anchor = id.slice(TAB_HASH_PREFIX.length);
  return TAB_ANCHOR.test(anchor) ? anchor : null;
}

/** The hash a link uses to open a tab: tabHash("media-owners") → "#tabs-media-owners". */
export function tabHash(anchor: string): string {
  return `#${TAB_HASH_PREFIX}${anchor}`;
}

export type ScrollAction =
  | { type: "restore"; y: number }
  | { type: "anchor"; id: string; fallback: "top" | "none" }
  | { type: "top" }
  | { type: "none" };

/** What to do for `next`; `prev` is undefined on the first render (page load). */
export function decideScroll(input: {
  prev: ScrollLocation | undefined;
  next: ScrollLocation;
  navigationType: NavigationType | `${NavigationType}`;
  savedY: number | undefined;
}): ScrollAction {
  const { prev, next, navigationType, savedY } = input;
  if (navigationType === "POP" && savedY !== undefined) return { type: "restore", y: savedY };
  const allowTop = prev !== undefined && shouldScrollToTop(prev, next);
  const id = hashTargetId(next.hash);
  if (id !== null) return { type: "anchor", id, fallback: allowTop ? "top" : "none" };
  return allowTop ? { type: "top" } : { type: "none" };
}

export type ScrollWindow = Pick<
  Window,
  "scrollY" | "scrollTo" | "addEventListener" | "removeEventListener"
> & { history: Pick<History, "scrollRestoration"> };
export type ScrollDocument = Pick<
  Document,
  "getElementById" | "visibilityState" | "addEventListener" | "removeEventListener"
>;

export const SCROLL_POSITIONS_STORAGE_KEY = "id5:scroll-positions";
/** Positions kept for back/forward; older entries are dropped. */
export const MAX_SAVED_SCROLL_POSITIONS = 50;

export interface ScrollController {
  /** Takes over scroll restoration and starts recording positions; returns stop. */
  start(): () => void;
  /** Applies the rules for a committed location; returns what it did. */
  onLocation(
    next: ScrollLocation,
    navigationType: NavigationType | `${NavigationType}`,
  ): ScrollAction;
}

export function createScrollController(
  win: ScrollWindow,
  doc: ScrollDocument,
  storage: KeyValueStorage,
): ScrollController {
  const positions = loadPositions(storage);
  let current: ScrollLocation | undefined;

  const record = () => {
    if (current?.key === undefined) return;
    positions.delete(current.key);
    positions.set(current.key, win.scrollY);
    while (positions.size > MAX_SAVED_SCROLL_POSITIONS) {
      const oldest = positions.keys().next().value;
      if (oldest === undefined) break;
      positions.delete(oldest);
    }
  };
  const persist = () => {
    record();
    storage.setItem(SCROLL_POSITIONS_STORAGE_KEY, JSON.stringify([...positions]));
  };
  const onVisibility = () => {
    if (doc.visibilityState === "hidden") persist();
  };

  const apply = (action: ScrollAction): ScrollAction => {
    switch (action.type) {
      case "restore":
        win.scrollTo(0, action.y);
        return action;
      case "top":
        win.scrollTo(0, 0);
        return action;
      case "anchor": {
        const element = doc.getElementById(action.id);
        if (element) {
          element.scrollIntoView();
          return action;
        }
        return apply({ type: action.fallback });
      }
      default:
        return action;
    }
  };

  return {
    start() {
      const previous = win.history.scrollRestoration;
      win.history.scrollRestoration = "manual";
      win.addEventListener("scroll", record, { passive: true });
      win.addEventListener("pagehide", persist);
      doc.addEventListener("visibilitychange", onVisibility);
      return () => {
        persist();
        win.removeEventListener("scroll", record);
        win.removeEventListener("pagehide", persist);
        doc.removeEventListener("visibilitychange", onVisibility);
        win.history.scrollRestoration = previous;
      };
    },
    onLocation(next, navigationType) {
      if (
        current &&
        current.key === next.key &&
        current.pathname === next.pathname &&
        current.hash === next.hash &&
        current.search === next.search
      ) {
        return { type: "none" };
      }
      // No record() here: the new page is already in the DOM, so scrollY may be clamped.
      // The old entry's position was recorded by the last scroll event.
      const savedY = next.key === undefined ? undefined : positions.get(next.key);
      const action = decideScroll({ prev: current, next, navigationType, savedY });
      current = next;
      return apply(action);
    },
  };
}

function loadPositions(storage: KeyValueStorage): Map<string, number> {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(SCROLL_POSITIONS_STORAGE_KEY) ?? "[]");
    if (!Array.isArray(parsed)) return new Map();
    return new Map(
      parsed.filter(
        (e): e is [string, number] =>
          Array.isArray(e) && typeof e[0] === "string" && typeof e[1] === "number",
      ),
    );
  } catch {
    return new Map();
  }
}

/**
 * Call once in the root Layout (or App), instead of <ScrollRestoration/>. Runs in a
 * layout effect of the root, i.e. after every descendant has rendered, so anchors exist.
 */
export function useScrollRules(): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const controller = useRef<ScrollController | null>(null);

  useLayoutEffect(() => {
    const created = createScrollController(window, document, sessionStorageOrMemory());
    controller.current = created;
    const stop = created.start();
    return () => {
      stop();
      controller.current = null;
    };
  }, []);

  useLayoutEffect(() => {
    controller.current?.onLocation(location, navigationType);
  }, [location, navigationType]);
}
