// Loads React Router's server build (build/server/index.js) and makes its request handler.
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { RouterContextProvider, ServerBuild } from "react-router";
import type { SiteEnv } from "../../app/config/env.server";
import type { ContentChange } from "../../app/content/content-changes.server";
import type { ContentVersions } from "../../app/content/content-versions";
import type { SiteServices } from "../../app/forms/context";
import type { RequestFacts } from "../../app/forms/service";
import type { SiteLogger } from "../../app/logging/logger.server";

export type WatchContentChanges = (onChange: (change: ContentChange) => void) => () => void;

/** Answers one request; `facts` (the client's address) reach loaders and actions. */
export type SiteRequestHandler = (request: Request, facts?: RequestFacts) => Promise<Response>;

type CreateLoadContext = (services: SiteServices, facts: RequestFacts) => RouterContextProvider;

/** What the server was started with, installed in the build before its first request. */
export interface SiteSettings {
  env: SiteEnv;
  logger: SiteLogger;
}

const UNKNOWN_CLIENT: RequestFacts = { clientAddress: "unknown" };

/** What the server needs of a build; tests pass a fake one. */
export interface LoadedBuild {
  handler: SiteRequestHandler;
  /** Exported by app/entry.server.tsx; absent in builds that do not watch content. */
  watchContentChanges?: WatchContentChanges;
  /** What the CMS holds now, as versions (app/content/content-versions.server.ts). */
  readContentVersions?: () => Promise<ContentVersions>;
}

export const SERVER_BUILD_FILE = "server/index.js";

/**
 * Loads the build. React is imported here, not before: React picks its development or
 * production bundle from NODE_ENV when first loaded, and a development React under a
 * production react-dom fails every render. Callers set NODE_ENV before calling this.
 */
export async function loadServerBuild(
  buildDir: string,
  services: SiteServices = {},
  settings?: SiteSettings,
): Promise<LoadedBuild> {
  const file = path.resolve(buildDir, SERVER_BUILD_FILE);
  const { createRequestHandler } = await import("react-router");
  const build = (await import(pathToFileURL(file).href)) as ServerBuild;
  const handle = createRequestHandler(build, "production");
  const entry = build.entry.module as {
    watchContentChanges?: unknown;
    readContentVersions?: unknown;
    createLoadContext?: unknown;
    configureSite?: unknown;
  };
  if (settings && typeof entry.configureSite === "function") {
    (entry.configureSite as (settings: SiteSettings) => void)(settings);
  }
  const createLoadContext =
    typeof entry.createLoadContext === "function"
      ? (entry.createLoadContext as CreateLoadContext)
      : undefined;
  return {
    handler: (request, facts) =>
      handle(request, createLoadContext?.(services, facts ?? UNKNOWN_CLIENT)),
    watchContentChanges:
      typeof entry.watchContentChanges === "function"
        ? (entry.watchContentChanges as WatchContentChanges)
        : undefined,
    readContentVersions:
      typeof entry.readContentVersions === "function"
        ? (entry.readContentVersions as () => Promise<ContentVersions>)
        : undefined,
  };
}
