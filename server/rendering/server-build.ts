// Loads React Router's server build (build/server/index.js) and makes its request handler.
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import type { SiteServices } from "../../app/forms/context";
import type { RequestFacts } from "../../app/forms/contract";
import {
  checkSiteBuild,
  type SiteBuildExports,
  type SiteSettings,
} from "../../app/server-build-contract";
import { type DescribeRoute, routeFactsOf, unknownAddressSamplesOf } from "../serving/route-facts";

/** Answers one request; `facts` (the client's address) reach loaders and actions. */
export type SiteRequestHandler = (request: Request, facts?: RequestFacts) => Promise<Response>;

export type PreviewContent = Pick<
  SiteBuildExports,
  | "withPreviewOf"
  | "withViewAt"
  | "describePreview"
  | "findPreviewEntry"
  | "readDeskRows"
  | "readEntryPages"
>;

const UNKNOWN_CLIENT: RequestFacts = { clientAddress: "unknown" };

/** What the server has of a build: its request handler, its exports, its routes' facts. */
export interface LoadedBuild
  extends Pick<
    SiteBuildExports,
    | "watchContentChanges"
    | "readContentVersions"
    | "readRedirectSources"
    | "readRedirectEntries"
    | "readConsentPiece"
    | "forgetContent"
  > {
  handler: SiteRequestHandler;
  preview: PreviewContent;
  /** What the routes of a page declare (query parameters read, paths it has). */
  describeRoute: DescribeRoute;
  /** One path of each route whose 404 page is prepared at start (route-facts.ts). */
  unknownAddressSamples: readonly string[];
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
  // Checked once, here: a build that lacks a part stops the start with what it lacks.
  const site = checkSiteBuild((build.entry.module as { siteBuild?: unknown }).siteBuild);
  if (settings) site.configureSite(settings);
  return {
    handler: (request, facts) =>
      handle(request, site.createLoadContext(services, facts ?? UNKNOWN_CLIENT)),
    watchContentChanges: site.watchContentChanges,
    readContentVersions: site.readContentVersions,
    readRedirectSources: site.readRedirectSources,
    readRedirectEntries: site.readRedirectEntries,
    readConsentPiece: site.readConsentPiece,
    forgetContent: site.forgetContent,
    preview: {
      withPreviewOf: site.withPreviewOf,
      withViewAt: site.withViewAt,
      describePreview: site.describePreview,
      findPreviewEntry: site.findPreviewEntry,
      readDeskRows: site.readDeskRows,
      readEntryPages: site.readEntryPages,
    },
    describeRoute: routeFactsOf(build, matchRoutes),
    unknownAddressSamples: unknownAddressSamplesOf(build),
  };
}
