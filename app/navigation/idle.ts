// "When the browser is idle", returning a cancel function. requestIdleCallback is missing
// in Safari, hence the setTimeout fallback.

export type IdleWindow = Partial<Pick<Window, "requestIdleCallback" | "cancelIdleCallback">>;

export const IDLE_FALLBACK_DELAY_MS = 1;
/** Handed to requestIdleCallback so that a page that is never idle still runs the task. */
export const IDLE_TIMEOUT_MS = 2000;

export function runWhenIdle(win: IdleWindow, task: () => void): () => void {
  if (win.requestIdleCallback) {
    const id = win.requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
    return () => win.cancelIdleCallback?.(id);
  }
  const timer = setTimeout(task, IDLE_FALLBACK_DELAY_MS);
  return () => clearTimeout(timer);
}
