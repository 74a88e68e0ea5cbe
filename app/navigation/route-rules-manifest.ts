// The route-rules manifest of SPEC §7: `/builds/meta/{buildId}.json`, written by
// scripts/build-meta.ts from the one redirect table. Fetched 1 s after the browser is
// idle, skipped on slow-2g; lets the client apply redirects in-app without a round trip.
import {
  compilePattern,
  matchRedirect,
  type RedirectMatch,
  type RedirectRule,
} from "../redirects/redirect-table";
import { type IdleWindow, runWhenIdle } from "./idle";
import { type ConnectionInfo, connectionOf } from "./prefetch-queue";

export const MANIFEST_DELAY_MS = 1000;
export const BUILD_META_PATH = "/builds/meta";

export interface RouteRulesManifest {
  id: string;
  timestamp: string;
  manifestVersion?: string;
  redirects: RedirectRule[];
  /** Paths prerendered at build time. */
  prerendered: string[];
}

export function manifestUrl(buildId: string): string {
  return `${BUILD_META_PATH}/${encodeURIComponent(buildId)}.json`;
}

/** SPEC §7: the manifest is skipped on slow-2g connections only. */
export function shouldFetchManifest(connection: ConnectionInfo | null | undefined): boolean {
  return connection?.effectiveType !== "slow-2g";
}

function parseRule(value: unknown): RedirectRule | null {
  if (typeof value !== "object" || value === null) return null;
  const { pattern, target, status, hostPrefix } = value as Record<string, unknown>;
  if (typeof pattern !== "string" || typeof target !== "string") return null;
  if (status !== 301 && status !== 302) return null;
  if (hostPrefix !== undefined && typeof hostPrefix !== "string") return null;
  try {
    compilePattern(pattern);
  } catch {
    return null;
  }
  return hostPrefix === undefined
    ? { pattern, target, status }
    : { pattern, target, status, hostPrefix };
}

/** Parses (never casts) a manifest; malformed rules are dropped, a malformed file is null. */
export function parseRouteRulesManifest(json: unknown): RouteRulesManifest | null {
  if (typeof json !== "object" || json === null) return null;
  const { id, timestamp, manifestVersion, redirects, prerendered } = json as Record<
    string,
    unknown
  >;
  if (typeof id !== "string" || id === "" || !Array.isArray(redirects)) return null;
  const manifest: RouteRulesManifest = {
    id,
    timestamp: typeof timestamp === "string" ? timestamp : "",
    redirects: redirects.map(parseRule).filter((r): r is RedirectRule => r !== null),
    prerendered: Array.isArray(prerendered)
      ? prerendered.filter((p): p is string => typeof p === "string")
      : [],
  };
  if (typeof manifestVersion === "string") manifest.manifestVersion = manifestVersion;
  return manifest;
}

/**
 * The manifest's redirect for `url` (location and status), or null. `siteOrigin`
 * (for the news host rule) defaults to the page's own origin.
 */
export function applyClientRedirect(
  manifest: RouteRulesManifest,
  url: URL,
  siteOrigin: string = url.origin,
): RedirectMatch | null {
  return matchRedirect(url, { siteOrigin, rules: manifest.redirects });
}

export function isPrerendered(manifest: RouteRulesManifest, pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return manifest.prerendered.includes(path);
}

export interface LoadManifestOptions {
  win: IdleWindow;
  buildId: string | null;
  fetch?: typeof fetch;
  connection?: ConnectionInfo | null;
  log?: Pick<Console, "debug">;
}

/**
 * requestIdleCallback (or its fallback), then MANIFEST_DELAY_MS, then the request.
 * Resolves null when skipped (no build id, slow-2g) or on any error.
 */
export function loadRouteRulesManifest(
  options: LoadManifestOptions,
): Promise<RouteRulesManifest | null> {
  const { buildId } = options;
  const log = options.log ?? console;
  if (!buildId || !shouldFetchManifest(options.connection)) return Promise.resolve(null);
  const fetchImpl = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  return new Promise<void>((resolve) => {
    runWhenIdle(options.win, () => {
      setTimeout(resolve, MANIFEST_DELAY_MS);
    });
  })
    .then(async () => {
      const res = await fetchImpl(manifestUrl(buildId), {
        headers: { accept: "application/json" },
      });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const manifest = parseRouteRulesManifest(await res.json());
      if (!manifest) throw new Error("malformed route-rules manifest");
      return manifest;
    })
    .catch((error: unknown) => {
      log.debug("[route-rules] manifest not loaded", error);
      return null;
    });
}

let loaded: RouteRulesManifest | null = null;
let loading: Promise<RouteRulesManifest | null> | null = null;

/**
 * Browser only, idempotent: starts loading this build's manifest (call after hydration,
 * with the running build id, e.g. readRunningBuild(window, document).id).
 */
export function startRouteRulesManifest(
  buildId: string | null,
): Promise<RouteRulesManifest | null> {
  loading ??= loadRouteRulesManifest({
    win: window,
    buildId,
    connection: connectionOf(navigator),
  }).then((manifest) => {
    loaded = manifest;
    return manifest;
  });
  return loading;
}

/** The manifest once loaded, else null (e.g. for a clientMiddleware redirect check). */
export function currentRouteRulesManifest(): RouteRulesManifest | null {
  return loaded;
}
