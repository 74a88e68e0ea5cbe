// Scheduling helpers shared by the client behaviours: "after the page has loaded" and
// "when the browser is idle", with a setTimeout fallback where requestIdleCallback is
// missing (Safari). Each returns a cancel function.

export type IdleWindow = Partial<Pick<Window, "requestIdleCallback" | "cancelIdleCallback">>;
export type LoadWindow = Pick<Window, "addEventListener" | "removeEventListener">;
export type LoadDocument = Pick<Document, "readyState">;

/** Fallback delay when requestIdleCallback is unavailable. */
export const IDLE_FALLBACK_DELAY_MS = 1;
/** Upper bound handed to requestIdleCallback so a busy page still runs the task. */
export const IDLE_TIMEOUT_MS = 2000;

export function runWhenIdle(win: IdleWindow, task: () => void): () => void {
  if (typeof win.requestIdleCallback === "function") {
    const id = win.requestIdleCallback(() => task(), { timeout: IDLE_TIMEOUT_MS });
    return () => win.cancelIdleCallback?.(id);
  }
  const timer = setTimeout(task, IDLE_FALLBACK_DELAY_MS);
  return () => clearTimeout(timer);
}

export function runAfterLoad(win: LoadWindow, doc: LoadDocument, task: () => void): () => void {
  if (doc.readyState === "complete") {
    task();
    return () => {};
  }
  const onLoad = () => task();
  win.addEventListener("load", onLoad, { once: true });
  return () => win.removeEventListener("load", onLoad);
}

/** After `load`, then when idle: the "page is interactive" point for optional scripts. */
export function runAfterInteractive(
  win: LoadWindow & IdleWindow,
  doc: LoadDocument,
  task: () => void,
): () => void {
  let cancelIdle: (() => void) | undefined;
  const cancelLoad = runAfterLoad(win, doc, () => {
    cancelIdle = runWhenIdle(win, task);
  });
  return () => {
    cancelLoad();
    cancelIdle?.();
  };
}
