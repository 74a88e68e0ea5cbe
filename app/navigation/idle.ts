// "When the browser is idle" and "after the page is interactive", each returning a cancel
// function. requestIdleCallback is missing in Safari, hence the setTimeout fallback.

export type IdleWindow = Partial<Pick<Window, "requestIdleCallback" | "cancelIdleCallback">>;
export type LoadWindow = Pick<Window, "addEventListener" | "removeEventListener">;
export type LoadDocument = Pick<Document, "readyState">;

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

/** After `load` (at once if it has fired), then when idle: for optional scripts. */
export function runAfterInteractive(
  win: LoadWindow & IdleWindow,
  doc: LoadDocument,
  task: () => void,
): () => void {
  let cancelIdle = () => {};
  const onLoad = () => {
    cancelIdle = runWhenIdle(win, task);
  };
  if (doc.readyState === "complete") onLoad();
  else win.addEventListener("load", onLoad, { once: true });
  return () => {
    win.removeEventListener("load", onLoad);
    cancelIdle();
  };
}
