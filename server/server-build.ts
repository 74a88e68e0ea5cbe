// Loads React Router's server build (build/server/index.js) and makes its request handler.
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";

/** A content event as the build's content layer reports it (bcms ContentEvent). */
export interface ContentChange {
  name: string;
  type?: string;
  id?: string | null;
  templateId?: string | null;
}

export type WatchContentChanges = (onChange: (event: ContentChange) => void) => () => void;

export type SiteRequestHandler = (request: Request) => Promise<Response>;

/** What the server needs of a build; tests pass a fake one. */
export interface LoadedBuild {
  handler: SiteRequestHandler;
  /** Exported by app/entry.server.tsx; absent in builds that do not watch content. */
  watchContentChanges?: WatchContentChanges;
}

export const SERVER_BUILD_FILE = "server/index.js";

/**
 * Loads the build. React is imported here, not before: React picks its development or
 * production bundle from NODE_ENV when first loaded, and a development React under a
 * production react-dom fails every render. Callers set NODE_ENV before calling this.
 */
export async function loadServerBuild(buildDir: string): Promise<LoadedBuild> {
  const file = path.resolve(buildDir, SERVER_BUILD_FILE);
  const { createRequestHandler } = await import("react-router");
  const build = (await import(pathToFileURL(file).href)) as ServerBuild;
  const handle = createRequestHandler(build, "production");
  const entry = build.entry.module as { watchContentChanges?: unknown };
  return {
    handler: (request) => handle(request),
    watchContentChanges:
      typeof entry.watchContentChanges === "function"
        ? (entry.watchContentChanges as WatchContentChanges)
        : undefined,
  };
}
