// Loads the tag manager script after the page is interactive (after `load`, then idle),
// so it never competes with the page for the network or the main thread (DESIGN:
// "the tag manager loads after the page is interactive"). No id, no script.
import {
  type IdleWindow,
  type LoadDocument,
  type LoadWindow,
  runAfterInteractive,
} from "../navigation/idle";
import { type DataLayerWindow, ensureDataLayer, hasTagManagerStart } from "./data-layer";

export const TAG_MANAGER_ORIGIN = "https://www.googletagmanager.com";

export function tagManagerUrl(gtmId: string): string {
  return `${TAG_MANAGER_ORIGIN}/gtm.js?id=${encodeURIComponent(gtmId)}`;
}

export type TagManagerWindow = DataLayerWindow & LoadWindow & IdleWindow;
export type TagManagerDocument = LoadDocument &
  Pick<Document, "createElement" | "querySelector"> & {
    head: Pick<HTMLHeadElement, "appendChild">;
  };

export interface LoadTagManagerOptions {
  /** CSP nonce for the injected script element. */
  nonce?: string;
}

/**
 * Ensures the data layer and, when `gtmId` is set, schedules the script injection.
 * Returns a cancel function (cancels a not-yet-injected script). Safe to call twice.
 */
export function loadTagManager(
  win: TagManagerWindow,
  doc: TagManagerDocument,
  gtmId: string | null | undefined,
  options: LoadTagManagerOptions = {},
): () => void {
  const dataLayer = ensureDataLayer(win);
  if (!gtmId) return () => {};
  return runAfterInteractive(win, doc, () => {
    if (doc.querySelector(`script[data-gtm-id]`)) return;
    if (!hasTagManagerStart(dataLayer))
      dataLayer.push({ "gtm.start": Date.now(), event: "gtm.js" });
    const script = doc.createElement("script");
    script.async = true;
    script.src = tagManagerUrl(gtmId);
    script.setAttribute("data-gtm-id", gtmId);
    if (options.nonce) script.nonce = options.nonce;
    doc.head.appendChild(script);
  });
}
