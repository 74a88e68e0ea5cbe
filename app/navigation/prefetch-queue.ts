// Link prefetching (SPEC §9): internal links that enter the viewport, or are hovered,
// focused or touched, enqueue a route preload. At most MAX_PENDING_PREFETCHES preloads
// run at once, each path is preloaded once, and nothing is prefetched on save-data or
// 2g connections. The preload itself is injected (the lead wires React Router's).
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

export const MAX_PENDING_PREFETCHES = 4;
/** Waiting preloads kept; beyond this the oldest low-priority ones are dropped. */
export const MAX_QUEUED_PREFETCHES = 32;
export const SLOW_CONNECTION_TYPES: readonly string[] = ["slow-2g", "2g"];

/** The parts of navigator.connection (Network Information API) that matter here. */
export interface ConnectionInfo {
  saveData?: boolean;
  effectiveType?: string;
}

export function canPrefetch(connection: ConnectionInfo | null | undefined): boolean {
  if (!connection) return true;
  if (connection.saveData === true) return false;
  return !SLOW_CONNECTION_TYPES.includes(connection.effectiveType ?? "");
}

export function connectionOf(nav: object | undefined): ConnectionInfo | undefined {
  return (nav as { connection?: ConnectionInfo } | undefined)?.connection;
}

export type PrefetchTask = (path: string) => Promise<void>;
export type PrefetchPriority = "high" | "low";

export interface PrefetchQueue {
  /** Queues a preload of `path`; false when skipped (slow connection, already seen). */
  enqueue(path: string, priority?: PrefetchPriority): boolean;
  readonly running: number;
  readonly queued: number;
  /** Resolves when nothing is running or waiting (tests, benchmarks). */
  idle(): Promise<void>;
  clear(): void;
}

export interface PrefetchQueueOptions {
  concurrency?: number;
  maxQueued?: number;
  /** Read at each enqueue: the connection can change (e.g. navigator.connection). */
  connection?: () => ConnectionInfo | null | undefined;
  log?: Pick<Console, "debug">;
}

export function createPrefetchQueue(
  task: PrefetchTask,
  options: PrefetchQueueOptions = {},
): PrefetchQueue {
  const concurrency = Math.max(1, options.concurrency ?? MAX_PENDING_PREFETCHES);
  const maxQueued = options.maxQueued ?? MAX_QUEUED_PREFETCHES;
  const log = options.log ?? console;
  const seen = new Set<string>();
  let waiting: { path: string; priority: PrefetchPriority }[] = [];
  let running = 0;
  let idleWaiters: (() => void)[] = [];

  const settleIdle = () => {
    if (running > 0 || waiting.length > 0) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  };

  const pump = () => {
    while (running < concurrency) {
      const next = waiting.shift();
      if (!next) break;
      running++;
      Promise.resolve()
        .then(() => task(next.path))
        .catch((error: unknown) => {
          // A failed preload may be retried by a later hover.
          seen.delete(next.path);
          log.debug("[prefetch] preload failed", next.path, error);
        })
        .finally(() => {
          running--;
          pump();
          settleIdle();
        });
    }
  };

  const dropOverflow = () => {
    while (waiting.length > maxQueued) {
      // The oldest viewport link has most likely been scrolled past; hovers are kept.
      let index = waiting.findIndex((entry) => entry.priority === "low");
      if (index === -1) index = waiting.length - 1;
      const [dropped] = waiting.splice(index, 1);
      if (dropped) seen.delete(dropped.path);
    }
  };

  return {
    enqueue(path, priority = "low") {
      if (!canPrefetch(options.connection?.())) return false;
      if (seen.has(path)) {
        const index = waiting.findIndex((entry) => entry.path === path);
        if (priority === "high" && index !== -1) {
          waiting.splice(index, 1);
          waiting.unshift({ path, priority });
        }
        return false;
      }
      seen.add(path);
      if (priority === "high") waiting.unshift({ path, priority });
      else waiting.push({ path, priority });
      dropOverflow();
      pump();
      return true;
    },
    get running() {
      return running;
    },
    get queued() {
      return waiting.length;
    },
    idle() {
      return new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        settleIdle();
      });
    },
    clear() {
      for (const entry of waiting) seen.delete(entry.path);
      waiting = [];
      settleIdle();
    },
  };
}

/**
 * The path to preload for a link, or null: only same-origin page links, not the
 * current page, not files (a last segment with an extension), not new-tab or download
 * links, not links marked `data-no-prefetch`.
 */
export function prefetchPathFromHref(href: string, current: URL): string | null {
  let url: URL;
  try {
    url = new URL(href, current);
  } catch {
    return null;
  }
  if (url.origin !== current.origin) return null;
  if (url.pathname === current.pathname && url.search === current.search) return null;
  const last = url.pathname.split("/").pop() ?? "";
  if (last.includes(".")) return null;
  return `${url.pathname}${url.search}`;
}

type LinkElement = Element & Pick<HTMLAnchorElement, "href" | "target">;

function prefetchPathOf(anchor: LinkElement, current: URL): string | null {
  if (anchor.target && anchor.target !== "_self") return null;
  if (anchor.hasAttribute("download") || anchor.hasAttribute("data-no-prefetch")) return null;
  return prefetchPathFromHref(anchor.href, current);
}

export type PrefetchRoot = Pick<
  Document,
  "querySelectorAll" | "addEventListener" | "removeEventListener"
>;
export interface PrefetchWindow {
  location: Pick<Location, "href">;
  IntersectionObserver?: typeof IntersectionObserver;
}

export interface LinkPrefetchObserver {
  /** Observes links not seen yet (call after each navigation renders). */
  scan(): void;
  disconnect(): void;
}

export function observeLinkPrefetch(
  root: PrefetchRoot,
  queue: PrefetchQueue,
  win: PrefetchWindow,
): LinkPrefetchObserver {
  const current = () => new URL(win.location.href);
  const observed = new WeakSet<Element>();
  const Observer = win.IntersectionObserver;
  const observer = Observer
    ? new Observer((entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          observer?.unobserve(entry.target);
          const path = prefetchPathOf(entry.target as LinkElement, current());
          if (path) queue.enqueue(path, "low");
        }
      })
    : undefined;

  const onIntent = (event: Event) => {
    const target = event.target as { closest?: (s: string) => Element | null } | null;
    const anchor = typeof target?.closest === "function" ? target.closest("a[href]") : null;
    if (!anchor) return;
    const path = prefetchPathOf(anchor as LinkElement, current());
    if (path) queue.enqueue(path, "high");
  };
  const intentEvents = ["mouseover", "focusin", "touchstart"] as const;
  for (const type of intentEvents) root.addEventListener(type, onIntent, { passive: true });

  return {
    scan() {
      if (!observer) return;
      for (const anchor of root.querySelectorAll("a[href]")) {
        if (observed.has(anchor)) continue;
        observed.add(anchor);
        observer.observe(anchor);
      }
    },
    disconnect() {
      observer?.disconnect();
      for (const type of intentEvents) root.removeEventListener(type, onIntent);
    },
  };
}

/**
 * Call once in the root Layout with a stable preload function (module level). Links of
 * each newly rendered route are observed after the navigation commits.
 */
export function useLinkPrefetch(task: PrefetchTask): void {
  const { key } = useLocation();
  const observer = useRef<LinkPrefetchObserver | null>(null);

  useEffect(() => {
    const queue = createPrefetchQueue(task, { connection: () => connectionOf(navigator) });
    const created = observeLinkPrefetch(document, queue, window);
    observer.current = created;
    created.scan();
    return () => {
      created.disconnect();
      queue.clear();
      observer.current = null;
    };
  }, [task]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-scan when the route changes
  useEffect(() => {
    observer.current?.scan();
  }, [key]);
}
