// What a content change does, in one place: `apply` takes the steps in order. A change comes
// from the CMS's socket (through the render thread, which watches it), from a catch-up that
// finds what changed while no one listened (at start, or after the render thread was started
// again), or from a scheduled time (publish_at, unpublish_at: content-schedule.ts, whose timer
// the versions each change and catch-up read set again). Previews are told first (an editor
// waits on them); the redirects are merged again before the pages are, and an edit of a
// redirect alone is read on this thread, not behind the render thread's pages; the CDN is
// purged only once the pages, and the sitemap they moved, are written.

import { createHash } from "node:crypto";
import type { ClassifiedChange } from "../../app/content/content-changes.server";
import { contentTag, EVERYTHING } from "../../app/content/content-tags.server";
import type { ContentDifference, ContentVersions } from "../../app/content/content-versions";
import type { TemplateName } from "../../app/content/model";
import { describeError, type SiteLogger } from "../../app/logging/logger.server";
import { SITEMAP_CACHE_TAG } from "../../app/seo/sitemap.server";
import { pageOfRequestPath } from "../addresses/page-addresses";
import { contentMetrics } from "../metrics/site-metrics";
import { requestPathOfCacheKey } from "../rendering/render";
import { type RenderCache, tagsOfRendering } from "../rendering/render-cache";
import type { RenderThread } from "../rendering/render-thread";
import type { NotFoundAnswers } from "../serving/not-found";
import type { PrerenderedPages } from "../serving/prerendered";
import { type CatchUpState, ContentCatchUp } from "./content-catch-up";
import { ContentDependencies } from "./content-dependencies";
import type { ContentLedger } from "./content-ledger";
import { ContentScheduler } from "./content-schedule";
import type { PageRefresher } from "./page-refresh";
import type { CoalescedPurge } from "./purge";
import { movesAddresses, type RedirectRefresh, touchesRedirects } from "./redirect-refresh";
import type { SitemapRefresh } from "./sitemap-refresh";

/** Addresses of listed pages added since the build (the prerendered files name the others). */
export interface AddedAddresses {
  add(path: string): void;
  delete(path: string): void;
  /** Whether a page at this path answers only while the site has it (a listed route's). */
  isListed(page: string): boolean;
}

export interface ContentChangeParts {
  prerendered: PrerenderedPages;
  dependencies: ContentDependencies;
  refresher: PageRefresher;
  ledger: ContentLedger;
  cache: RenderCache;
  notFound: NotFoundAnswers;
  addedAddresses: AddedAddresses;
  /** Open previews of an entry (null: of every entry) are told to reload. */
  notifyPreviews?: (entryId: string | null) => void;
  /** Drops what the serving thread's content client read (the server build's forgetContent). */
  forgetContent: () => void;
  purge?: CoalescedPurge;
  /** The sitemap, when the server keeps it up to date: whether a change's pages can move it. */
  sitemap?: Pick<SitemapRefresh, "mayList" | "settled">;
  /** The CMS's redirects and old addresses, merged again after a change that moves one. */
  redirects: RedirectRefresh;
  /**
   * What every page carries from the CMS, spliced into stored pages when they are answered:
   * a change of it is read again, and renders no page.
   */
  sharedPieces?: { refresh(): Promise<void> };
  readVersions: () => Promise<ContentVersions>;
  logger: SiteLogger;
}

/** `onOpen`: the socket is open after a time no event was heard (first open, a new thread). */
export type WatchCms = (
  onChange: (change: ClassifiedChange) => void,
  onOpen: () => void,
) => () => void;

/** How a catch-up is told to the refresher: a change the CMS did not announce. */
const CATCH_UP_EVENT: ClassifiedChange["event"] = {
  name: "template",
  type: "update",
  id: null,
  templateId: null,
};

export class ContentChanges {
  private startCatchUp: ContentCatchUp | undefined;
  /** Catch-ups after the start (a render thread started again). */
  private readonly laterCatchUps = new Set<ContentCatchUp>();
  private stopWatching: (() => void) | undefined;
  private stopped = false;
  private readonly scheduler: ContentScheduler;
  private caughtUpAtStart: () => void = () => {};
  private readonly startedUp = new Promise<void>((resolve) => {
    this.caughtUpAtStart = resolve;
  });

  constructor(private readonly parts: ContentChangeParts) {
    this.scheduler = new ContentScheduler({
      readVersions: parts.readVersions,
      apply: ({ change, identity }) => {
        // Its pages render per request until their files are written again: a page
        // that left is gone at once, not once the queue reaches it.
        this.retirePagesOf(change);
        this.apply(change, "schedule", identity);
      },
      record: (tags, versions) => parts.ledger.note(tags, versions),
      logger: parts.logger,
    });
  }

  /**
   * Watch first, then read the versions: each catch-up starts once the CMS's socket is open,
   * so an edit made at any moment of a start is in what it reads or in an event the socket
   * brings.
   */
  watch(watchCms: WatchCms): void {
    const { logger } = this.parts;
    try {
      this.stopWatching = watchCms(
        (change) => void this.apply(change),
        () => this.catchUpNow(),
      );
    } catch (error) {
      logger.error("could not watch content changes", { error: describeError(error) });
      this.catchUpNow();
    }
  }

  /** How far the start's catch-up is (/readyz): "connecting" until the socket is open. */
  get startState(): CatchUpState | "connecting" {
    return this.startCatchUp?.state ?? "connecting";
  }

  caughtUp(): Promise<void> {
    return this.startedUp;
  }

  get catchingUp(): boolean {
    return (
      (this.startCatchUp !== undefined && this.startCatchUp.state !== "done") ||
      this.laterCatchUps.size > 0
    );
  }

  stop(): void {
    this.stopped = true;
    this.stopWatching?.();
    this.scheduler.stop();
    this.startCatchUp?.stop();
    for (const again of this.laterCatchUps) again.stop();
  }

  private catchUpNow(): void {
    if (this.stopped) return;
    if (!this.startCatchUp) {
      this.startCatchUp = this.catchUp();
      void this.startCatchUp
        .whenDone()
        .catch(() => {})
        .finally(() => this.caughtUpAtStart());
      return;
    }
    // The instance stays ready meanwhile.
    const again = this.catchUp();
    this.laterCatchUps.add(again);
    void again.whenDone().finally(() => this.laterCatchUps.delete(again));
  }

  /** Returns how many pages it queued; a scheduled change comes with its name (`identity`). */
  apply(
    change: ClassifiedChange,
    reason: "event" | "catch-up" | "schedule" = "event",
    identity?: string,
  ): number {
    const { parts } = this;
    if (change.versions && reason !== "schedule") this.scheduler.update(change.versions);
    parts.forgetContent();
    parts.notifyPreviews?.(
      change.event.name === "entry" && change.event.id && !change.tags.includes(EVERYTHING)
        ? change.event.id
        : null,
    );
    for (const path of change.addedPaths) parts.addedAddresses.add(path);
    for (const path of change.removedPaths) parts.addedAddresses.delete(path);
    if (touchesRedirects(change.tags)) {
      void parts.redirects.refresh({
        entriesOnly: !movesAddresses(change.tags),
        receivedAt: change.receivedAt,
      });
    }
    if (parts.sharedPieces && movesSharedPieces(change)) void parts.sharedPieces.refresh();
    parts.notFound.refresh((read) => ContentDependencies.touches(read, change.tags));
    parts.ledger.note(change.tags, change.versions);
    const { own, read, moved } = this.pagesOf(change);
    const queued = new Set([...own, ...read, ...moved]);
    parts.refresher.enqueue(queued, { first: !change.tags.includes(EVERYTHING) });
    const staleRenderings = parts.cache.markStale((rendering, key) => {
      if (ContentDependencies.touches(tagsOfRendering(rendering), change.tags)) return true;
      const page = pageOfRequestPath(requestPathOfCacheKey(key));
      return moved.has(page) || own.has(page);
    });
    // A catch-up is each instance's own finding: only an event or a time has a name they share.
    const { receivedAt } = change;
    const movesSitemap =
      parts.sitemap && (moved.size > 0 || parts.sitemap.mayList([...own, ...read]));
    parts.purge?.add(
      movesSitemap ? [...change.tags, SITEMAP_CACHE_TAG] : change.tags,
      reason === "event" ? changeIdentity(change) : reason === "schedule" ? identity : undefined,
      receivedAt,
    );
    contentMetrics.changeApplied(reason);
    if (receivedAt !== undefined) {
      const written = parts.refresher.settled();
      void written.then(() => contentMetrics.published("page_written", receivedAt));
      // The sitemap's write starts once the refresher is idle: settled() then waits for it.
      if (movesSitemap)
        void written
          .then(() => parts.sitemap?.settled())
          .then(() => contentMetrics.published("sitemap_written", receivedAt));
    }
    parts.logger.info("content changed", {
      event: reason === "event" ? change.event.name : reason,
      type: change.event.type,
      id: change.event.id ?? null,
      tags: change.tags.length,
      refreshing: queued.size,
      ...(change.addedPaths.length ? { added: change.addedPaths } : {}),
      ...(change.removedPaths.length ? { removed: change.removedPaths } : {}),
      staleRenderings,
    });
    return queued.size;
  }

  /**
   * Meanwhile the pages known to be older than the CMS render per request until their new
   * files land, so an instance that is not ready yet still answers the content as it is now.
   */
  private catchUp(): ContentCatchUp {
    const { parts } = this;
    const { readVersions } = parts;
    const catchUp = new ContentCatchUp({
      // What a catch-up reads sets the scheduler's timer: times to come are its own.
      readVersions: async () => {
        const versions = await readVersions();
        this.scheduler.update(versions);
        void parts.redirects.retryNow();
        return versions;
      },
      recorded: () => parts.ledger.recorded,
      refresh: (difference: ContentDifference, versions: ContentVersions) => {
        this.retirePagesOf(difference);
        return this.apply({ event: CATCH_UP_EVENT, ...difference, versions }, "catch-up");
      },
      settled: () => parts.refresher.settled(),
      logger: parts.logger,
    });
    const started = performance.now();
    catchUp.start();
    void catchUp
      .whenDone()
      .then(() => contentMetrics.caughtUp((performance.now() - started) / 1000))
      .catch(() => {});
    return catchUp;
  }

  /** Has the prerendered pages a change touches render per request until written again. */
  private retirePagesOf(change: TouchingChange) {
    const { read, moved } = this.pagesOf(change);
    const { refresher, prerendered } = this.parts;
    refresher.retire([...read, ...moved].filter((page) => prerendered.find(page)));
  }

  /**
   * The pages a change touches: the changed entries' own, the prerendered pages that read
   * it, the addresses it moved.
   */
  private pagesOf(change: TouchingChange) {
    const { prerendered, dependencies, sharedPieces } = this.parts;
    const every = [...prerendered.pagePaths(), ...prerendered.resourcePaths()];
    const moved = new Set([...change.addedPaths, ...change.removedPaths].filter(isPagePath));
    // The shared pieces' tags stay in the change (the CDN purges the pages carrying them):
    // the pages are answered with the new wording without being rendered.
    const pageTags = sharedPieces
      ? change.tags.filter((tag) => !SHARED_TAGS.has(tag))
      : change.tags;
    return { own: this.ownPagesOf(change), read: dependencies.affected(every, pageTags), moved };
  }

  /**
   * The listed pages of the entries a change names, by their addresses now: what the pages
   * read cannot say it, as a page that answered 404 (a bad value) has no file and no record
   * of what it read, yet comes back once its entry is put right.
   */
  private ownPagesOf(change: TouchingChange): Set<string> {
    const own = new Set<string>();
    const entries = change.versions?.entries;
    if (!entries) return own;
    for (const tag of change.tags) {
      const id = entryOfTag(tag);
      const path = id === undefined ? undefined : entries[id]?.path;
      if (path && isPagePath(path) && this.parts.addedAddresses.isListed(path)) own.add(path);
    }
    return own;
  }
}

type TouchingChange = Pick<ClassifiedChange, "tags" | "addedPaths" | "removedPaths" | "versions">;

/** What pages read of the shared pieces: the banner's entries (its wording is the newest). */
const SHARED_TAGS: ReadonlySet<string> = new Set([
  // The banner's template (app/content/consent.server.ts), named here without loading the
  // content layer on this thread.
  contentTag.template("consent-banner" satisfies TemplateName),
]);

/**
 * Whether a change may move the consent wording: an edit of a banner entry, a moved address
 * (the policy page the banner links), or a change of unknown reach.
 */
function movesSharedPieces(change: TouchingChange): boolean {
  return (
    change.tags.some(
      (tag) => SHARED_TAGS.has(tag) || tag === EVERYTHING || tag.startsWith(PATH_TAG),
    ) ||
    change.addedPaths.length > 0 ||
    change.removedPaths.length > 0
  );
}

const PATH_TAG = contentTag.path("");

/**
 * An address from the CMS the refresher may render into a file: a site path already in the
 * form a request's URL has it (not `//host`, no dot segment, nothing a URL would encode).
 */
function isPagePath(path: string): boolean {
  if (!path.startsWith("/") || path.startsWith("//")) return false;
  try {
    return new URL(path, "http://localhost").pathname === path;
  } catch {
    return false;
  }
}

const ENTRY_TAG = contentTag.entry("");

/** The entry an `entry:<id>` tag names. */
function entryOfTag(tag: string): string | undefined {
  return tag.startsWith(ENTRY_TAG) ? tag.slice(ENTRY_TAG.length) : undefined;
}

/** The `schema` key of ContentVersions for each kind of event that is not an entry or media. */
const SCHEMA_KINDS: Partial<Record<ClassifiedChange["event"]["name"], string>> = {
  template: "template",
  group: "group",
  widget: "widget",
  language: "language",
  entry_status: "status",
};

/**
 * A change's name, the same on every instance that hears its event (the item, its version,
 * the tags): two saves of one entry are two names, one save heard by three instances is one.
 * Undefined when the event names no item or no versions were read: each instance purges.
 */
export function changeIdentity(change: ClassifiedChange): string | undefined {
  const { event, versions } = change;
  if (!event.id || !versions) return undefined;
  const schemaKind = SCHEMA_KINDS[event.name];
  const version =
    event.name === "entry"
      ? versions.entries[event.id]?.updatedAt
      : event.name === "media"
        ? versions.media[event.id]
        : schemaKind
          ? versions.schema[`${schemaKind}:${event.id}`]
          : undefined;
  const named = [event.name, event.type, event.id, version ?? "gone", [...change.tags].sort()];
  return createHash("sha256").update(JSON.stringify(named)).digest("base64url");
}

/** How the CMS is watched: by the render thread (its first open and each thread started again say so). */
export function cmsWatcherOf(thread: Pick<RenderThread, "watchContentChanges">): WatchCms {
  return (onChange, onOpen) => thread.watchContentChanges(onChange, onOpen);
}
