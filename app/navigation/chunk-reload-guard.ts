// A lazily loaded chunk that fails to load (usually: a deploy removed the old build's
// files) triggers one full reload, at most once per RELOAD_GUARD_MS per path (SPEC §4,
// §8), so a chunk that is really broken shows the error page instead of a reload loop.
import { createSafeStorage, type KeyValueStorage } from "./safe-storage";

export const RELOAD_GUARD_MS = 10_000;
export const RELOAD_STORAGE_PREFIX = "id5:chunk-reload:";
/** Vite dispatches this on window when a dynamic import's preload fails. */
export const VITE_PRELOAD_ERROR_EVENT = "vite:preloadError";

/** Messages of failed dynamic imports: Chromium, Safari/WebKit, Firefox. */
export const CHUNK_ERROR_PATTERNS: readonly RegExp[] = [
  /Failed to fetch dynamically imported module/i,
  /Importing a module script failed/i,
  /error loading dynamically imported module/i,
];

export function shouldReload(lastReloadAt: number | undefined, now: number): boolean {
  if (lastReloadAt === undefined || !Number.isFinite(lastReloadAt)) return true;
  // A clock that went backwards must not block forever.
  if (now < lastReloadAt) return true;
  return now - lastReloadAt >= RELOAD_GUARD_MS;
}

function messageOf(reason: unknown): string {
  if (typeof reason === "string") return reason;
  if (typeof reason === "object" && reason !== null && "message" in reason) {
    const { message } = reason as { message: unknown };
    if (typeof message === "string") return message;
  }
  return "";
}

export function isChunkLoadError(reason: unknown): boolean {
  const message = messageOf(reason);
  return message !== "" && CHUNK_ERROR_PATTERNS.some((pattern) => pattern.test(message));
}

export type ReloadGuardWindow = Pick<Window, "addEventListener" | "removeEventListener"> & {
  location: Pick<Location, "pathname" | "reload">;
};

export interface ChunkReloadGuardOptions {
  storage?: KeyValueStorage;
  now?: () => number;
  log?: Pick<Console, "warn">;
}

export interface ChunkReloadGuard {
  /** Reloads if allowed for the current path; returns whether it did. */
  reloadOnce(reason?: unknown): boolean;
  /** Listens to vite:preloadError, unhandledrejection and error; returns uninstall. */
  install(): () => void;
}

export function createChunkReloadGuard(
  win: ReloadGuardWindow,
  options: ChunkReloadGuardOptions = {},
): ChunkReloadGuard {
  const storage =
    options.storage ??
    createSafeStorage(() => (win as { sessionStorage?: Storage }).sessionStorage);
  const now = options.now ?? Date.now;
  const log = options.log ?? console;

  const reloadOnce = (reason?: unknown): boolean => {
    const key = `${RELOAD_STORAGE_PREFIX}${win.location.pathname}`;
    const stored = storage.getItem(key);
    const last = stored === null ? undefined : Number(stored);
    const at = now();
    if (!shouldReload(last, at)) {
      log.warn("[chunk-reload] chunk failed again within the guard window; not reloading", reason);
      return false;
    }
    storage.setItem(key, String(at));
    win.location.reload();
    return true;
  };

  const onPreloadError = (event: Event) => {
    // Prevent Vite from rethrowing only when we actually reload; otherwise let the
    // error reach the router's error boundary.
    if (reloadOnce((event as Event & { payload?: unknown }).payload)) event.preventDefault();
  };
  const onRejection = (event: Event) => {
    const { reason } = event as PromiseRejectionEvent;
    if (isChunkLoadError(reason) && reloadOnce(reason)) event.preventDefault();
  };
  const onError = (event: Event) => {
    const { error, message } = event as ErrorEvent;
    if ((isChunkLoadError(error) || isChunkLoadError(message)) && reloadOnce(error ?? message)) {
      event.preventDefault();
    }
  };

  return {
    reloadOnce,
    install() {
      win.addEventListener(VITE_PRELOAD_ERROR_EVENT, onPreloadError);
      win.addEventListener("unhandledrejection", onRejection);
      win.addEventListener("error", onError);
      return () => {
        win.removeEventListener(VITE_PRELOAD_ERROR_EVENT, onPreloadError);
        win.removeEventListener("unhandledrejection", onRejection);
        win.removeEventListener("error", onError);
      };
    },
  };
}

let installed: (() => void) | null = null;

/**
 * Browser only, idempotent: call as early as possible (entry.client.tsx, before
 * hydrateRoot) so a chunk failing during hydration is caught too.
 */
export function installChunkReloadGuard(): () => void {
  if (installed) return installed;
  const uninstall = createChunkReloadGuard(window).install();
  installed = () => {
    uninstall();
    installed = null;
  };
  return installed;
}
