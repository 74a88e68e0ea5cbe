// The build's route-rules manifest, GET /builds/meta/{buildId}.json, written by
// scripts/build-records.ts. The client only needs its `prerendered` paths (the link
// prefetcher preloads their static page data); redirects are applied by the server and
// the root middleware, for documents and `.data` requests alike.

import { BUILD_META_DIR } from "../config/build-files";
import { type IdleWindow, runWhenIdle } from "./idle";

export const MANIFEST_DELAY_MS = 1000;

export interface ManifestWindow extends IdleWindow {
  navigator: { connection?: { effectiveType?: string } };
  fetch: typeof fetch;
  /** React Router's manifest: scripts/build-records.ts always writes the file under its version. */
  __reactRouterManifest?: { version?: string };
}

/**
 * When idle, then MANIFEST_DELAY_MS later (so it never competes with the page), fetches
 * the manifest and resolves with its prerendered paths; null when skipped (slow-2g, no
 * build id) or on any error.
 */
export async function loadRouteRulesManifest(win: ManifestWindow): Promise<string[] | null> {
  const buildId = win.__reactRouterManifest?.version;
  if (!buildId || win.navigator.connection?.effectiveType === "slow-2g") return null;
  await new Promise((resolve) => runWhenIdle(win, () => setTimeout(resolve, MANIFEST_DELAY_MS)));
  try {
    const res = await win.fetch(`/${BUILD_META_DIR}/${encodeURIComponent(buildId)}.json`);
    const paths = res.ok && (await res.json())?.prerendered;
    return Array.isArray(paths) ? paths.filter((p) => typeof p === "string") : null;
  } catch {
    return null;
  }
}
