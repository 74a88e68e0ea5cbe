// Build freshness: poll /builds/latest.json; once it names another build
// than the running one, fire "app:update" and make the next navigation a full page load,
// so visitors do not keep running old code against new chunks and data.
import { useEffect } from "react";
import { createPath, useNavigation } from "react-router";
import { LATEST_BUILD_FILE } from "../config/build-files";

export const BUILD_POLL_INTERVAL_MS = 60_000;
export const MIN_CHECK_GAP_MS = 5_000;
export const APP_UPDATE_EVENT = "app:update";

const text = (v: unknown): v is string => typeof v === "string" && v !== "";

/** The latest build id when latest.json names another build than `running`, else null. */
export function isOutdated(running: string | undefined, latest: unknown): string | null {
  const { id, manifestVersion } = (latest ?? {}) as Record<string, unknown>;
  // Compare code identity when known, so a redeploy of identical code reloads nobody.
  return running && text(id) && (text(manifestVersion) ? manifestVersion : id) !== running
    ? id
    : null;
}

/** The href a click should load in full, or null to leave the click to the app or browser. */
export function fullLoadUrl(
  e: MouseEvent,
  here: Pick<Location, "origin" | "pathname" | "search">,
): string | null {
  // An anchor's origin/pathname/search/hash are already resolved against the page.
  const a = (e.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
  return !a ||
    e.button ||
    e.metaKey ||
    e.ctrlKey ||
    e.shiftKey ||
    e.altKey ||
    e.defaultPrevented ||
    (a.target && a.target !== "_self") ||
    a.hasAttribute("download") ||
    a.origin !== here.origin ||
    (a.hash && a.pathname + a.search === here.pathname + here.search)
    ? null
    : a.href;
}

/** Starts polling; returns the full load for programmatic navigations (no-op until outdated). */
export function startBuildFreshness(win: Window, doc: Document, get: typeof fetch) {
  // React Router's manifest version is on every page; latest.json carries the same value.
  const running = (win as { __reactRouterManifest?: { version?: string } }).__reactRouterManifest
    ?.version;
  let last = 0;
  let busy = false;
  let due = false; // from seeing a newer build until its full load starts: at most once
  const load = (href?: string) => {
    if (!due) return;
    due = false;
    href ? win.location.assign(href) : win.location.reload();
  };
  const check = async () => {
    if (busy) return;
    busy = true;
    last = Date.now();
    try {
      const res = await get(`/${LATEST_BUILD_FILE}?t=${last}`, { cache: "no-store" });
      const latestId = res.ok && isOutdated(running, await res.json());
      if (latestId) {
        due = true;
        // Capture phase: runs before React Router's <Link> click handler.
        win.addEventListener(
          "click",
          (e) => {
            const href = fullLoadUrl(e, win.location);
            if (href) {
              e.preventDefault();
              load(href);
            }
          },
          true,
        );
        win.addEventListener("popstate", () => load());
        win.dispatchEvent(
          new CustomEvent(APP_UPDATE_EVENT, { detail: { runningId: running, latestId } }),
        );
        return; // leaves `busy` set: polling and focus checks are over for this page
      }
    } catch {
      // Offline, mid-deploy or bad JSON: the next poll retries.
    }
    busy = false;
  };
  const soon = () => {
    if (!doc.hidden && Date.now() - last >= MIN_CHECK_GAP_MS) check();
  };
  setInterval(() => {
    if (!doc.hidden) check();
  }, BUILD_POLL_INTERVAL_MS);
  win.addEventListener("focus", soon);
  doc.addEventListener("visibilitychange", soon);
  return load;
}

let fullLoad: ((href: string) => void) | undefined;

/** Call once in the root Layout. */
export function useBuildFreshness(): void {
  const { state, location } = useNavigation();
  useEffect(() => {
    // The dev server has no builds/latest.json. `??=`: once per page, StrictMode included.
    if (import.meta.env.DEV) return;
    fullLoad ??= startBuildFreshness(window, document, fetch);
    // Programmatic navigations (navigate(), forms, redirects) also become full loads.
    if (state === "loading") fullLoad(createPath(location));
  }, [state, location]);
}
