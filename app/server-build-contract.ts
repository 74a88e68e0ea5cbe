// What the server build (app/entry.server.tsx) gives the production server besides React
// Router's request handler: one object, `siteBuild`, of this type. The entry declares it with
// `satisfies`, so a missing or mistyped member fails the type check; the server checks the
// object once when it loads a build (server/rendering/server-build.ts), so a build made from
// other sources fails the start with one message instead of running without a part.
import type { RouterContextProvider } from "react-router";
import type { SiteEnv } from "./config/env.server";
import type { ConsentPiece } from "./consent/model";
import type { RedirectSourcesRead } from "./content/cms-redirects.server";
import type { CmsValueKind } from "./content/cms-values/checked";
import type { ClassifiedChange, WatchOptions } from "./content/content-changes.server";
import type { ContentVersions } from "./content/content-versions";
import type { DeskRow } from "./content/editors-desk.server";
import type { EntryPage } from "./content/entries.server";
import type { PublishedVersionStore } from "./content/last-public-versions";
import type { PreviewDescription, PreviewEntryLookup } from "./content/preview.server";
import type { PreviewTarget } from "./content/preview-context.server";
import type { SiteServices } from "./forms/context";
import type { RequestFacts } from "./forms/contract";
import type { SiteLogger } from "./logging/logger.server";

/** What the server was started with, installed in the build before its first request. */
export interface SiteSettings {
  env: SiteEnv;
  logger: SiteLogger;
  /** Where the content layer keeps the public versions of reworked entries. */
  publishedVersions?: PublishedVersionStore;
  /** Counts each value of the CMS refused by its check (the server's metric). */
  refusedValue?: (kind: CmsValueKind) => void;
}

export type WatchContentChanges = (
  onChange: (change: ClassifiedChange) => void,
  options?: WatchOptions,
) => () => void;

export interface SiteBuildExports {
  /** Installs the server's settings and logger; loaders read them from then on. */
  configureSite(settings: SiteSettings): void;
  /** What loaders and actions get besides the request: the forms service, the client. */
  createLoadContext(services: SiteServices, facts: RequestFacts): RouterContextProvider;
  /** Listens to the CMS; each change is reported once what it touched is forgotten. */
  watchContentChanges: WatchContentChanges;
  /** What the CMS holds now, as versions (for the catch-up at start). */
  readContentVersions(): Promise<ContentVersions>;
  /** What the site's redirects are merged from: the CMS's entries and the past addresses. */
  readRedirectSources(): Promise<RedirectSourcesRead>;
  /** The CMS's `redirect` entries alone (what an edit of one moves). */
  readRedirectEntries(): Promise<RedirectSourcesRead["redirects"]>;
  /** The consent banner's wording as the CMS holds it now, as the piece stored pages splice. */
  readConsentPiece(): Promise<ConsentPiece>;
  /** Drops what this build's content client holds. */
  forgetContent(): void;
  /** Runs `work` (a rendering) with the entry's current content in place of its public one. */
  withPreviewOf<T>(target: PreviewTarget, work: () => Promise<T>): Promise<T>;
  /** Runs `work` (a rendering) as the site will be at `at` (ms): the desk's timed view. */
  withViewAt<T>(at: number, work: () => Promise<T>): Promise<T>;
  describePreview(target: PreviewTarget): Promise<PreviewDescription | undefined>;
  findPreviewEntry(templateName: string, slugOrId: string): Promise<PreviewEntryLookup>;
  /** The editors' desk's entries: drafts, reworked pages, times to come, refused times. */
  readDeskRows(now: number): Promise<DeskRow[]>;
  /** The page of every entry visitors see (within withViewAt: then): the timed sitemap's. */
  readEntryPages(): Promise<EntryPage[]>;
}

/** Every member of SiteBuildExports, for the server's check of a loaded build. */
export const SITE_BUILD_MEMBERS = [
  "configureSite",
  "createLoadContext",
  "watchContentChanges",
  "readContentVersions",
  "readRedirectSources",
  "readRedirectEntries",
  "readConsentPiece",
  "forgetContent",
  "withPreviewOf",
  "withViewAt",
  "describePreview",
  "findPreviewEntry",
  "readDeskRows",
  "readEntryPages",
] as const satisfies readonly (keyof SiteBuildExports)[];

// Compile-time check that the list names every member.
type Unlisted = Exclude<keyof SiteBuildExports, (typeof SITE_BUILD_MEMBERS)[number]>;
const everyMemberListed: Unlisted extends never ? true : Unlisted = true;
void everyMemberListed;

/** `exported` as SiteBuildExports, or an error naming what it lacks. */
export function checkSiteBuild(exported: unknown): SiteBuildExports {
  const object = (typeof exported === "object" && exported) || {};
  const missing = SITE_BUILD_MEMBERS.filter(
    (name) => typeof (object as Record<string, unknown>)[name] !== "function",
  );
  if (missing.length > 0) {
    throw new Error(
      `the server build does not export siteBuild.${missing.join(", siteBuild.")}: it was made from other sources than these; build it again (npm run build)`,
    );
  }
  return object as SiteBuildExports;
}
