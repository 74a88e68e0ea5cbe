// Loads React Router's server build (build/server/index.js) and makes its request handler.
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { RouterContextProvider, ServerBuild } from "react-router";
import type { SiteEnv } from "../../app/config/env.server";
import type { RedirectSourcesRead } from "../../app/content/cms-redirects.server";
import type { ContentVersions } from "../../app/content/cms-update-times";
import type { ContentChange, WatchOptions } from "../../app/content/content-changes.server";
import type { PublishedVersionStore } from "../../app/content/last-public-versions";
import type { PreviewDescription, PreviewEntryLookup } from "../../app/content/preview.server";
import type { PreviewTarget } from "../../app/content/preview-context.server";
import type { SiteServices } from "../../app/forms/context";
import type { RequestFacts } from "../../app/forms/contract";
import type { SiteLogger } from "../../app/logging/logger.server";
import { type DescribeRoute, routeFactsOf, unknownAddressSamplesOf } from "../serving/route-facts";

export type WatchContentChanges = (
  onChange: (change: ContentChange) => void,
  options?: WatchOptions,
) => () => void;

/** Answers one request; `facts` (the client's address) reach loaders and actions. */
export type SiteRequestHandler = (request: Request, facts?: RequestFacts) => Promise<Response>;

type CreateLoadContext = (services: SiteServices, facts: RequestFacts) => RouterContextProvider;

/** What the server was started with, installed in the build before its first request. */
export interface SiteSettings {
  env: SiteEnv;
  logger: SiteLogger;
  /** Where the content layer keeps the public versions of reworked entries. */
  publishedVersions?: PublishedVersionStore;
}

/** What previews need of the build's content layer (exported by app/entry.server.tsx). */
export interface PreviewContent {
  /** Runs `work` (a rendering) with the entry's current content in place of its public one. */
  withPreviewOf<T>(target: PreviewTarget, work: () => Promise<T>): Promise<T>;
  describePreview(target: PreviewTarget): Promise<PreviewDescription | undefined>;
  findPreviewEntry(templateName: string, slugOrId: string): Promise<PreviewEntryLookup>;
}

const UNKNOWN_CLIENT: RequestFacts = { clientAddress: "unknown" };

/** What the server needs of a build; tests pass a fake one. */
export interface LoadedBuild {
  handler: SiteRequestHandler;
  /** Exported by app/entry.server.tsx; absent in builds that do not watch content. */
  watchContentChanges?: WatchContentChanges;
  /** Exported by app/entry.server.tsx; absent in builds without previews. */
  preview?: PreviewContent;
  /** What the routes of a page declare; absent: every parameter counts, every path renders. */
  describeRoute?: DescribeRoute;
  /** What the CMS holds now, as versions (app/content/cms-update-times.server.ts). */
  readContentVersions?: () => Promise<ContentVersions>;
  /** What the site's redirects are merged from (app/content/cms-redirects.server.ts). */
  readRedirectSources?: () => Promise<RedirectSourcesRead>;
  /**
   * Drops what the build's content client holds (the serving thread's, after a change the
   * render thread heard: it watches nothing itself then).
   */
  forgetContent?: () => void;
  /**
   * One path of each route that has paths the site may not have (`handle.addresses`
   * "listed" or "none"), its parameters a placeholder: what the server prepares each
   * route's 404 page for at start.
   */
  unknownAddressSamples?: readonly string[];
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
  const { createRequestHandler, matchRoutes } = await import("react-router");
  const build = (await import(pathToFileURL(file).href)) as ServerBuild;
  const handle = createRequestHandler(build, "production");
  const entry = build.entry.module as {
    watchContentChanges?: unknown;
    readContentVersions?: unknown;
    readRedirectSources?: unknown;
    forgetContent?: unknown;
    createLoadContext?: unknown;
    configureSite?: unknown;
    withPreviewOf?: unknown;
    describePreview?: unknown;
    findPreviewEntry?: unknown;
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
    preview:
      typeof entry.withPreviewOf === "function" &&
      typeof entry.describePreview === "function" &&
      typeof entry.findPreviewEntry === "function"
        ? {
            withPreviewOf: entry.withPreviewOf as PreviewContent["withPreviewOf"],
            describePreview: entry.describePreview as PreviewContent["describePreview"],
            findPreviewEntry: entry.findPreviewEntry as PreviewContent["findPreviewEntry"],
          }
        : undefined,
    describeRoute: routeFactsOf(build, matchRoutes),
    unknownAddressSamples: unknownAddressSamplesOf(build),
    readContentVersions:
      typeof entry.readContentVersions === "function"
        ? (entry.readContentVersions as () => Promise<ContentVersions>)
        : undefined,
    readRedirectSources:
      typeof entry.readRedirectSources === "function"
        ? (entry.readRedirectSources as () => Promise<RedirectSourcesRead>)
        : undefined,
    forgetContent:
      typeof entry.forgetContent === "function" ? (entry.forgetContent as () => void) : undefined,
  };
}
