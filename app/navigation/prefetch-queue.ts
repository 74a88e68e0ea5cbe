// Link prefetching. Hovering, focusing or touching a link preloads its route
// modules and page data; a link in the viewport preloads only the page data, and only of
// prerendered pages (a static file), so no page downloads other pages' JavaScript before
// someone shows intent. At most MAX_PENDING_PREFETCHES at once, each path once per page,
// nothing on save-data or 2g connections.
import { useEffect } from "react";
import { useLocation } from "react-router";
import { preloadRoute } from "./preload-route";
import { loadRouteRulesManifest, type ManifestWindow } from "./route-rules-manifest";

export const MAX_PENDING_PREFETCHES = 4;

/** navigator.connection (Network Information API; missing in Safari and Firefox). */
export type Connection = { saveData?: boolean; effectiveType?: string } | undefined;

export const canPrefetch = (c: Connection): boolean =>
  !c?.saveData && c?.effectiveType !== "2g" && c?.effectiveType !== "slow-2g";

/** Preloads `path`: modules and data on intent, else data only. */
export type Preload = (path: string, intent: boolean) => Promise<unknown>;

/** Returns `enqueue(path, intent)`. Intent preloads go before waiting viewport ones. */
export function createPrefetchQueue(preload: Preload, connection: () => Connection) {
  // Keys: the path for an intent preload, " " + path for a viewport one.
  const seen = new Set<string>();
  const intents: string[] = [];
  const views: string[] = [];
  let running = 0;
  const next = () => {
    while (running < MAX_PENDING_PREFETCHES) {
      const intent = intents.length > 0;
      const path = intents.shift() ?? views.shift();
      if (path === undefined) return;
      // No data-only preload of a path that had an intent one: that fetched the data too.
      if (!intent && seen.has(path)) continue;
      running++;
      preload(path, intent)
        .catch(() => seen.delete(intent ? path : ` ${path}`)) // a later event may retry
        .finally(() => {
          running--;
          next();
        });
    }
  };
  return (path: string, intent: boolean): void => {
    const key = intent ? path : ` ${path}`;
    // The connection can change during a visit, so it is read each time.
    if (seen.has(key) || !canPrefetch(connection())) return;
    seen.add(key);
    (intent ? intents : views).push(path);
    next();
  };
}

type Link = Pick<HTMLAnchorElement, "href" | "target" | "hasAttribute">;
type Here = Pick<Location, "origin" | "pathname" | "search">;

/** The path (pathname + search) to preload for a link, or null if it is no other page here. */
export function linkPath(link: Link, here: Here): string | null {
  let url: URL;
  try {
    url = new URL(link.href, here.origin);
  } catch {
    return null;
  }
  const path = url.pathname + url.search;
  const skip =
    url.origin !== here.origin ||
    path === here.pathname + here.search ||
    /\.[^/]*$/.test(url.pathname) || // a file: the last segment has an extension
    (link.target !== "" && link.target !== "_self") ||
    link.hasAttribute("download") ||
    link.hasAttribute("data-no-prefetch");
  return skip ? null : path;
}

export interface PrefetchWindow extends ManifestWindow {
  location: Here;
  setTimeout(callback: () => void, ms: number): unknown;
  navigator: { connection?: Connection };
  IntersectionObserver?: typeof IntersectionObserver;
}

/**
 * Preloads on intent at once; in the viewport once the manifest has listed the prerendered
 * paths (never if it failed). Returns `scan`, which observes links not observed yet.
 */
export function watchLinks(
  win: PrefetchWindow,
  doc: Pick<Document, "addEventListener" | "querySelectorAll">,
  preload: Preload = preloadRoute,
  prerendered = loadRouteRulesManifest(win),
): () => void {
  const enqueue = createPrefetchQueue(preload, () => win.navigator.connection);
  const pathOf = (link: Element) => linkPath(link as HTMLAnchorElement, win.location);
  const onIntent = (event: Event) => {
    const link = (event.target as Partial<Element> | null)?.closest?.("a[href]");
    const path = link && pathOf(link);
    if (path) enqueue(path, true);
  };
  for (const type of ["mouseover", "focusin", "touchstart"]) {
    doc.addEventListener(type, onIntent, { passive: true });
  }

  const observed = new WeakSet<Element>();
  let observer: IntersectionObserver | undefined;
  const scan = () => {
    if (!observer) return;
    for (const link of doc.querySelectorAll("a[href]")) {
      if (observed.has(link)) continue;
      observed.add(link);
      observer.observe(link);
    }
  };
  prerendered.then((paths) => {
    if (!paths || !win.IntersectionObserver) return;
    observer = new win.IntersectionObserver((entries) => {
      for (const { isIntersecting, target } of entries) {
        if (!isIntersecting) continue;
        observer?.unobserve(target);
        const path = pathOf(target);
        // One task per link: the first callback lists every link on screen, and starting
        // their fetches together made one long task at load (decision 0033).
        if (path && paths.includes(path)) win.setTimeout(() => enqueue(path, false), 0);
      }
    });
    scan();
  });
  return scan;
}

let scanLinks: (() => void) | undefined;

/** Call once in the root Layout. Links are scanned after each navigation has rendered. */
export function useLinkPrefetch(): void {
  const { key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new key is a navigation
  useEffect(() => {
    // Once per page, never torn down: the root Layout lives as long as the page.
    scanLinks ??= watchLinks(window as PrefetchWindow, document);
    scanLinks();
  }, [key]);
}
