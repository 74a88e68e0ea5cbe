// A lazily loaded chunk that fails to load (usually: a deploy removed the old build's files)
// triggers one full reload, at most once per RELOAD_GUARD_MS per path, so a chunk that is
// really broken cannot start a reload loop. Our own failed imports (`vite:preloadError`, or an
// unhandled import-failure rejection) the guard turns into a reload; React Router reloads by
// itself when a route module fails, and is held to the same rule through the Navigation API (a
// script's reload is a cancelable `navigate` event; without that API its reload is unguarded).
// A held-back reload becomes a full load of the page the visitor was going to, since React
// Router's navigation would otherwise wait forever.

export const RELOAD_GUARD_MS = 10_000;
export const RELOAD_STORAGE_PREFIX = "id5:chunk-reload:";
/** Vite dispatches this on window when a dynamic import's preload fails. */
export const VITE_PRELOAD_ERROR_EVENT = "vite:preloadError";
/** Failed dynamic imports: Chromium and Firefox ("… dynamically imported module"), Safari. */
const CHUNK_ERROR = /dynamically imported module|Importing a module script failed/i;

/** False within RELOAD_GUARD_MS after the last reload; garbage or a clock gone back allow. */
export function shouldReload(lastReloadAt: number, now: number): boolean {
  return !(now >= lastReloadAt && now - lastReloadAt < RELOAD_GUARD_MS);
}

export function isChunkLoadError(reason: unknown): boolean {
  const message =
    typeof reason === "string" ? reason : (reason as { message?: unknown } | null)?.message;
  return typeof message === "string" && CHUNK_ERROR.test(message);
}

type Path = Pick<Location, "pathname" | "search" | "hash">;

export interface ReloadGuardWindow extends Pick<Window, "addEventListener"> {
  location: Pick<Location, "pathname" | "reload" | "assign">;
  sessionStorage?: Pick<Storage, "getItem" | "setItem">;
  /** The Navigation API, where the browser has it. */
  navigation?: Pick<EventTarget, "addEventListener">;
  /** React Router's router (framework mode sets it): where a pending navigation goes. */
  __reactRouterDataRouter?: { state: { navigation: { location?: Path } } };
}

type NavigateEvent = Event & { navigationType?: string; userInitiated?: boolean };

/** Call once, before hydration (entry.client.tsx), so failures while hydrating count too. */
export function installChunkReloadGuard(
  win: ReloadGuardWindow = window,
  now: () => number = Date.now,
  log: Pick<Console, "warn"> = console,
): void {
  // sessionStorage carries the guard across the reload; memory stands in where it throws.
  const memory = new Map<string, string>();
  let reloading = false;

  /** Takes this path's reload for now; false when it had one within the guard window. */
  const claim = (): boolean => {
    const key = RELOAD_STORAGE_PREFIX + win.location.pathname;
    let stored = memory.get(key);
    try {
      stored = win.sessionStorage?.getItem(key) ?? stored;
    } catch {}
    const at = now();
    if (!shouldReload(Number(stored ?? Number.NaN), at)) {
      log.warn(`[chunk-reload] a chunk failed again within 10 s; not reloading ${key}`);
      return false;
    }
    memory.set(key, String(at));
    try {
      win.sessionStorage?.setItem(key, String(at));
    } catch {}
    return true;
  };

  const reloadFor = (event: Event, chunkFailed: boolean) => {
    if (!chunkFailed || reloading || !claim()) return;
    reloading = true;
    // Only when reloading: otherwise Vite rethrows and the error boundary shows the failure.
    event.preventDefault();
    win.location.reload();
  };

  win.addEventListener(VITE_PRELOAD_ERROR_EVENT, (event) => reloadFor(event, true));
  win.addEventListener("unhandledrejection", (event) =>
    reloadFor(event, isChunkLoadError((event as PromiseRejectionEvent).reason)),
  );
  win.navigation?.addEventListener("navigate", (event) => {
    const { navigationType, userInitiated } = event as NavigateEvent;
    if (navigationType !== "reload" || userInitiated || reloading || claim()) return;
    event.preventDefault();
    const to = win.__reactRouterDataRouter?.state.navigation.location;
    if (to) win.location.assign(to.pathname + to.search + to.hash);
  });
}
