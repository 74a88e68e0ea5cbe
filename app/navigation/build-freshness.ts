// Build freshness (SPEC §4, §7): poll `/builds/latest.json?t={now}`; when the latest
// build differs from the running one, fire an app-update signal and make the next
// navigation a full page load, so visitors never keep running old code against new
// chunks and data.
//
// Running build id, in order: <meta name="build-id" content="…">, window.__BUILD_ID__,
// then React Router's own manifest version (window.__reactRouterManifest.version), which
// every page of a framework-mode build carries. scripts/build-meta.ts writes that same
// manifest version into latest.json, so with no BUILD_ID configured nothing has to be
// rendered for this to work. Code identity (manifest version) is compared first when
// both sides know it, so a redeploy of identical code does not reload anybody.
import { useEffect } from "react";
import { createPath, useNavigation } from "react-router";

declare global {
  interface Window {
    __BUILD_ID__?: string;
  }
}

export const BUILD_POLL_INTERVAL_MS = 60_000;
/** Focus and visibility checks closer together than this are skipped. */
export const MIN_CHECK_GAP_MS = 5_000;
export const LATEST_BUILD_PATH = "/builds/latest.json";
export const APP_UPDATE_EVENT = "app:update";
export const BUILD_ID_META_NAME = "build-id";

export interface RunningBuild {
  id: string | null;
  manifestVersion: string | null;
}

export interface LatestBuild {
  id: string;
  timestamp?: string;
  manifestVersion?: string;
}

export interface AppUpdate {
  runningId: string | null;
  latestId: string;
}

export function latestBuildUrl(now: number): string {
  return `${LATEST_BUILD_PATH}?t=${now}`;
}

const nonEmpty = (v: unknown): v is string => typeof v === "string" && v.trim() !== "";

export function readRunningBuild(
  win: object,
  doc: Pick<Document, "querySelector"> | undefined,
): RunningBuild {
  const metaId = doc?.querySelector(`meta[name="${BUILD_ID_META_NAME}"]`)?.getAttribute("content");
  const globalId = (win as { __BUILD_ID__?: unknown }).__BUILD_ID__;
  const version = (win as { __reactRouterManifest?: { version?: unknown } }).__reactRouterManifest
    ?.version;
  const manifestVersion = nonEmpty(version) ? version : null;
  const id = nonEmpty(metaId) ? metaId : nonEmpty(globalId) ? globalId : manifestVersion;
  return { id, manifestVersion };
}

/** latest.json, parsed (never cast): null unless it carries a non-empty string id. */
export function parseLatestBuild(json: unknown): LatestBuild | null {
  if (typeof json !== "object" || json === null) return null;
  const { id, timestamp, manifestVersion } = json as Record<string, unknown>;
  if (!nonEmpty(id)) return null;
  const latest: LatestBuild = { id };
  if (typeof timestamp === "string") latest.timestamp = timestamp;
  if (nonEmpty(manifestVersion)) latest.manifestVersion = manifestVersion;
  return latest;
}

export function isBuildOutdated(running: RunningBuild, latest: LatestBuild): boolean {
  if (running.manifestVersion && latest.manifestVersion) {
    return running.manifestVersion !== latest.manifestVersion;
  }
  if (running.id) return running.id !== latest.id;
  return false;
}

export type FreshnessWindow = Pick<
  Window,
  "addEventListener" | "removeEventListener" | "dispatchEvent"
>;
export type FreshnessDocument = Pick<
  Document,
  "visibilityState" | "addEventListener" | "removeEventListener"
>;

export interface BuildFreshnessOptions {
  win: FreshnessWindow;
  doc: FreshnessDocument;
  running: RunningBuild;
  fetch?: typeof fetch;
  intervalMs?: number;
  now?: () => number;
  log?: Pick<Console, "debug">;
}

export interface BuildFreshness {
  /** Starts polling and the focus/visibility checks; returns stop. */
  start(): () => void;
  /** One check now; resolves with the latest build, or null on any error. */
  check(): Promise<LatestBuild | null>;
  /** True once a newer build was seen: the next navigation must be a full load. */
  isOutdated(): boolean;
  subscribe(listener: (update: AppUpdate) => void): () => void;
}

export function createBuildFreshness(options: BuildFreshnessOptions): BuildFreshness {
  const { win, doc, running } = options;
  const fetchImpl = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const now = options.now ?? Date.now;
  const log = options.log ?? console;
  const listeners = new Set<(update: AppUpdate) => void>();
  let outdated = false;
  let inFlight: Promise<LatestBuild | null> | null = null;
  let lastCheckAt = Number.NEGATIVE_INFINITY;
  let stopPolling: (() => void) | null = null;

  const signal = (latest: LatestBuild) => {
    outdated = true;
    stopPolling?.();
    const update: AppUpdate = { runningId: running.id, latestId: latest.id };
    for (const listener of listeners) listener(update);
    if (typeof CustomEvent === "function") {
      win.dispatchEvent(new CustomEvent<AppUpdate>(APP_UPDATE_EVENT, { detail: update }));
    }
  };

  const check = (): Promise<LatestBuild | null> => {
    if (inFlight) return inFlight;
    lastCheckAt = now();
    inFlight = (async () => {
      try {
        const res = await fetchImpl(latestBuildUrl(now()), {
          cache: "no-store",
          headers: { accept: "application/json" },
        });
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        const latest = parseLatestBuild(await res.json());
        if (!latest) throw new Error("latest.json has no build id");
        if (!outdated && isBuildOutdated(running, latest)) signal(latest);
        return latest;
      } catch (error) {
        log.debug("[build-freshness] check failed, will retry", error);
        return null;
      } finally {
        inFlight = null;
      }
    })();
    return inFlight;
  };

  const checkSoon = () => {
    if (outdated || doc.visibilityState === "hidden") return;
    if (now() - lastCheckAt < MIN_CHECK_GAP_MS) return;
    void check();
  };

  return {
    start() {
      if (stopPolling) return stopPolling;
      const timer = setInterval(() => {
        if (doc.visibilityState !== "hidden") void check();
      }, options.intervalMs ?? BUILD_POLL_INTERVAL_MS);
      win.addEventListener("focus", checkSoon);
      doc.addEventListener("visibilitychange", checkSoon);
      const stop = () => {
        clearInterval(timer);
        win.removeEventListener("focus", checkSoon);
        doc.removeEventListener("visibilitychange", checkSoon);
        stopPolling = null;
      };
      stopPolling = stop;
      return stop;
    },
    check,
    isOutdated: () => outdated,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

// ---------------------------------------------------------------------------
// Turning the next in-app navigation into a full page load.
//
// Chosen: a click listener in the capture phase on window (it runs before React's
// listeners on the document root, so React Router's <Link> never sees the click), plus
// `popstate` (back/forward) and a useNavigation() fallback for programmatic navigations
// (navigate(), <Form method="get">, redirects). The click path is the robust one: it acts
// before any `.data` request or lazy route chunk of the old build is fetched, and it
// leaves modified clicks, new-tab targets, downloads, external and hash-only links to the
// browser.

export interface ClickLike {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
  target: EventTarget | null;
}

type AnchorLike = Pick<HTMLAnchorElement, "href" | "target" | "hasAttribute">;

function closestAnchor(target: EventTarget | null): AnchorLike | null {
  const el = target as { closest?: (selector: string) => unknown } | null;
  if (!el || typeof el.closest !== "function") return null;
  return (el.closest("a[href]") as AnchorLike | null) ?? null;
}

/** The URL a click would navigate to in-app, or null when the browser should handle it. */
export function inAppNavigationTarget(event: ClickLike, current: URL): URL | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = closestAnchor(event.target);
  if (!anchor) return null;
  if (anchor.target && anchor.target !== "_self") return null;
  if (anchor.hasAttribute("download")) return null;
  let url: URL;
  try {
    url = new URL(anchor.href, current);
  } catch {
    return null;
  }
  if (url.origin !== current.origin) return null;
  const samePage = url.pathname === current.pathname && url.search === current.search;
  if (samePage && url.hash !== "") return null;
  return url;
}

export type FullLoadWindow = Pick<Window, "addEventListener" | "removeEventListener"> & {
  location: Pick<Location, "href" | "assign" | "reload">;
};

export interface FullLoadGuard {
  /** Installs the click and popstate listeners; returns uninstall. */
  install(): () => void;
  /** Programmatic navigation to `path` (from useNavigation): full load when outdated. */
  onNavigation(path: string): boolean;
}

export function createFullLoadGuard(win: FullLoadWindow, isOutdated: () => boolean): FullLoadGuard {
  let triggered = false;
  const go = (run: () => void) => {
    if (triggered) return;
    triggered = true;
    run();
  };
  const onClick = (event: Event) => {
    if (!isOutdated() || triggered) return;
    const url = inAppNavigationTarget(event as MouseEvent, new URL(win.location.href));
    if (!url) return;
    event.preventDefault();
    event.stopPropagation();
    go(() => win.location.assign(url.href));
  };
  const onPopState = () => {
    if (isOutdated()) go(() => win.location.reload());
  };
  return {
    install() {
      win.addEventListener("click", onClick, { capture: true });
      win.addEventListener("popstate", onPopState);
      return () => {
        win.removeEventListener("click", onClick, { capture: true });
        win.removeEventListener("popstate", onPopState);
      };
    },
    onNavigation(path) {
      if (!isOutdated() || triggered) return false;
      go(() => win.location.assign(path));
      return true;
    },
  };
}

// ---------------------------------------------------------------------------

interface FreshnessRuntime {
  freshness: BuildFreshness;
  guard: FullLoadGuard;
  stop: () => void;
}
let runtime: FreshnessRuntime | null = null;

/**
 * Browser only: starts polling and the full-load guard once per page (idempotent) and
 * returns the freshness instance, e.g. to subscribe a "new version" notice.
 */
export function startBuildFreshness(): BuildFreshness {
  if (runtime) return runtime.freshness;
  const freshness = createBuildFreshness({
    win: window,
    doc: document,
    running: readRunningBuild(window, document),
  });
  const guard = createFullLoadGuard(window, freshness.isOutdated);
  const stopPolling = freshness.start();
  const uninstall = guard.install();
  runtime = {
    freshness,
    guard,
    stop: () => {
      stopPolling();
      uninstall();
      runtime = null;
    },
  };
  return freshness;
}

/** Stops what startBuildFreshness started (tests, HMR). */
export function stopBuildFreshness(): void {
  runtime?.stop();
}

/**
 * Call once in the root Layout. Starts polling after hydration and turns the next
 * navigation after an update into a full page load (see above for how).
 */
export function useBuildFreshness(): void {
  const navigation = useNavigation();
  useEffect(() => {
    // The dev server has no builds/latest.json; there is nothing to compare against.
    if (!import.meta.env.DEV) startBuildFreshness();
  }, []);
  const target = navigation.state === "loading" ? navigation.location : undefined;
  useEffect(() => {
    if (target) runtime?.guard.onNavigation(createPath(target));
  }, [target]);
}
