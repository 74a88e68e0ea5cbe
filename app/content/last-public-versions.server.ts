// Visitors' view of a template's entries: an entry in the public status as it is now; an
// entry that has left the public status as its last public version, when the site kept one;
// anything else not at all. Every public version is recorded in the store before a page
// shows it, so a restart, a rebuild or another instance can still serve it once the entry
// moves to a draft (docs/decisions/0017-drafts-and-preview.md). Time is part of the rule: an
// entry's publish_at and unpublish_at decide when either version is seen (schedule.server.ts).

import { createHash } from "node:crypto";
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import type { EntryParsed } from "@thebcms/types";
import { getEnv } from "~/config/env.server";
import { type CmsValueKind, reportRefusal } from "./cms-values/checked";
import { refusedEntryValue } from "./cms-values/entry-values";
import type {
  EntryAddressRecord,
  PublishedVersion,
  PublishedVersionKey,
  PublishedVersionStore,
} from "./last-public-versions";
import { logger } from "./log.server";
import { currentViewAt } from "./preview-context.server";
import { isPublicEntry } from "./public-status.server";
import { isRec, type Rec, readString } from "./read.server";
import {
  readWindow,
  type ScheduledTime,
  timesAfter,
  visibleVersion,
  type WindowReading,
} from "./schedule.server";

let installed: PublishedVersionStore | undefined;

/** The production server installs its store (app/entry.server.tsx `configureSite`). */
export function installPublishedVersionStore(store: PublishedVersionStore): void {
  installed = store;
}

/**
 * The store in use: the installed one; in a build's prerendering, the file the build hands
 * over (PUBLISHED_VERSIONS_FILE); elsewhere (the dev server, unit tests), one in memory.
 */
export function publishedVersionStore(): PublishedVersionStore {
  if (!installed) {
    const file = getEnv().publishedVersionsFile;
    installed = file ? new FilePublishedVersionStore(file) : new MemoryPublishedVersionStore();
  }
  return installed;
}

/**
 * The instant visitors' view is made for: now; in a build's processes, the instant the build
 * began (CONTENT_SHOWN_AT), so its pages and its record of versions show one moment.
 */
export function viewTime(): number {
  return currentViewAt() ?? getEnv().contentShownAt ?? Date.now();
}

/** What tells one version of an entry from another. */
export function versionKeyOf(entry: EntryParsed): string {
  if (typeof entry.updatedAt === "number" && entry.updatedAt > 0) return String(entry.updatedAt);
  return `sha256:${createHash("sha256").update(JSON.stringify(entry)).digest("base64url")}`;
}

/** What a recorded version is told apart by: its key, and the address it had. */
function recordedAs(versionKey: string, path: string | undefined): string {
  return path === undefined ? versionKey : `${versionKey} ${path}`;
}

/**
 * The version keys (with their address) this process knows to be in each store, by template:
 * read from the store once, then kept up to date with this process's own writes. Another instance's writes are
 * not seen here, and need not be: at worst a version is recorded again, the same row. Rows
 * of withheld entries are always read from the store itself.
 */
const knownKeys = new WeakMap<PublishedVersionStore, Map<string, Map<string, string>>>();

async function recordedKeys(
  store: PublishedVersionStore,
  templateName: string,
): Promise<Map<string, string>> {
  let byTemplate = knownKeys.get(store);
  if (!byTemplate) {
    byTemplate = new Map();
    knownKeys.set(store, byTemplate);
  }
  let keys = byTemplate.get(templateName);
  if (!keys) {
    const read = await store.listPublishedVersionKeys(templateName);
    keys =
      byTemplate.get(templateName) ??
      new Map(read.map((k) => [k.entryId, recordedAs(k.versionKey, k.path)]));
    byTemplate.set(templateName, keys);
  }
  return keys;
}

/** What visitors see of a template now, and when that changes next. */
export interface PublicView {
  /** The entries visitors see, in the CMS's order. */
  entries: EntryParsed[];
  /** The times still to come of the entries and their kept versions, in no order. */
  schedule: ScheduledTime[];
  /** The entries whose version as the CMS holds it has a value its check refuses. */
  refused: ReadonlySet<string>;
}

export interface PublicViewOptions {
  store?: PublishedVersionStore;
  publicStatus?: string;
  now?: () => number;
  /** The entry's address, recorded with its version (a renamed entry's old ones redirect). */
  addressOf?: (entry: EntryParsed) => string | undefined;
  /**
   * Told once per entry version of an entry in the public status whose schedule cannot be
   * used (default: a log line).
   */
  reportProblem?: (problem: ScheduleProblem) => void;
}

export interface ScheduleProblem {
  entryId: string;
  templateName: string;
  slug?: string;
  /** The version of the entry that has it (versionKeyOf). */
  versionKey: string;
  problem: string;
  /** The value refused by its check (cms-values/), when the problem is one. */
  refused?: { kind: CmsValueKind; prop: string };
  /** What is refused: the entry's window (default), or one of its other checked values. */
  of?: "schedule" | "value";
}

/**
 * The entries of one template that visitors see, in the CMS's order, from `source` (every
 * entry of the template, whatever its status). Records the public ones whose version (or
 * address, `addressOf`) is not recorded yet and forgets the versions of entries that are
 * gone, before answering. The store keeps every address so recorded: a renamed entry's old
 * ones redirect (app/redirects/cms-redirects.ts).
 */
export async function publicView(
  templateName: string,
  source: readonly EntryParsed[],
  lng: string,
  options: PublicViewOptions = {},
): Promise<EntryParsed[]> {
  return (await scheduledPublicView(templateName, source, lng, options)).entries;
}

/**
 * The public view with time: an entry in the public status is shown as it is now only while
 * its window (publish_at, unpublish_at: schedule.server.ts) includes now; otherwise, and for
 * an entry that left the public status, its last public version is shown while that
 * version's own window includes now. An entry whose window cannot be read, or with a value
 * its check refuses (a slug, a link, a number: cms-values/entry-values.ts), stays as it was:
 * that version is never shown, recorded or given an address.
 */
export async function scheduledPublicView(
  templateName: string,
  source: readonly EntryParsed[],
  lng: string,
  options: PublicViewOptions = {},
): Promise<PublicView> {
  const store = options.store ?? publishedVersionStore();
  const status = options.publicStatus ?? getEnv().publicStatus;
  const time = (options.now ?? viewTime)();
  // A timed view shows what will be, which is not public yet: it records and forgets nothing.
  const recording = currentViewAt() === undefined;
  const known = await recordedKeys(store, templateName);
  const present = new Set<string>();
  const states = new Map<string, { isPublic: boolean; reading: EntryReading }>();
  const refused = new Set<string>();
  const toRecord: PublishedVersion[] = [];
  const withheld: string[] = [];
  for (const entry of source) {
    present.add(entry._id);
    const state = {
      isPublic: isPublicEntry(entry, lng, status),
      reading: readingOf(templateName, entry, lng),
    };
    states.set(entry._id, state);
    if (state.isPublic && !state.reading.ok) {
      if (state.reading.of === "value") refused.add(entry._id);
      reportOnce(options.reportProblem ?? logProblem, {
        entryId: entry._id,
        templateName,
        slug: slugOf(entry, lng),
        versionKey: versionKeyOf(entry),
        problem: state.reading.problem,
        ...(state.reading.refused ? { refused: state.reading.refused } : {}),
        ...(state.reading.of ? { of: state.reading.of } : {}),
      });
    }
    if (visibleVersion(state, undefined, time) === "current") {
      const versionKey = versionKeyOf(entry);
      const path = options.addressOf?.(entry);
      if (known.get(entry._id) !== recordedAs(versionKey, path)) {
        const version = { entryId: entry._id, templateName, versionKey, entry, recordedAt: time };
        toRecord.push(path === undefined ? version : { ...version, path });
      }
    } else withheld.push(entry._id);
  }
  const gone = [...known.keys()].filter((id) => !present.has(id));
  // Read from the store each time: another instance may have recorded a newer public version.
  const kept = new Map(
    withheld.length
      ? (await store.getPublishedVersions(withheld)).map((v) => [v.entryId, v.entry as EntryParsed])
      : [],
  );
  if (recording && toRecord.length) {
    await store.recordPublishedVersions(toRecord);
    for (const version of toRecord) {
      known.set(version.entryId, recordedAs(version.versionKey, version.path));
    }
  }
  if (recording && gone.length) {
    await store.removePublishedVersions(gone);
    for (const id of gone) known.delete(id);
  }
  const entries: EntryParsed[] = [];
  const schedule: ScheduledTime[] = [];
  for (const entry of source) {
    const state = states.get(entry._id);
    if (!state) continue;
    const version = kept.get(entry._id);
    const keptReading = version && readingOf(templateName, version, lng);
    const shown = visibleVersion(state, keptReading, time);
    if (shown === "current") entries.push(entry);
    else if (shown === "kept" && version) entries.push(version);
    const named = { entryId: entry._id, templateName };
    if (state.isPublic && state.reading.ok) {
      schedule.push(...timesAfter(state.reading.window, time, named));
    }
    if (keptReading?.ok) schedule.push(...timesAfter(keptReading.window, time, named));
  }
  return { entries, schedule: distinctTimes(schedule), refused };
}

function localMeta(entry: EntryParsed, lng: string): Rec | undefined {
  const meta = isRec(entry.meta) ? entry.meta[lng] : undefined;
  return isRec(meta) ? meta : undefined;
}

/** A window reading that may also refuse the entry for one of its other checked values. */
type EntryReading = WindowReading & { of?: "value" };

/**
 * An entry version's window, or the first problem that keeps that version from visitors:
 * its window's, else the first of its values (slug, links, numbers) that its check refuses.
 */
function readingOf(templateName: string, entry: EntryParsed, lng: string): EntryReading {
  const meta = localMeta(entry, lng);
  const reading = readWindow(meta);
  if (!reading.ok) return reading;
  const content = isRec(entry.content) ? entry.content[lng] : undefined;
  const value = refusedEntryValue(templateName, meta, content);
  if (!value) return reading;
  return {
    ok: false,
    of: "value",
    problem: `${value.prop} ${value.problem}`,
    window: reading.window,
    refused: { kind: value.kind, prop: value.prop },
  };
}

function slugOf(entry: EntryParsed, lng: string): string | undefined {
  return readString(localMeta(entry, lng)?.slug);
}

/** One time per entry, kind and instant (an entry and its kept version may share one). */
function distinctTimes(times: readonly ScheduledTime[]): ScheduledTime[] {
  const seen = new Map<string, ScheduledTime>();
  for (const time of times) seen.set(`${time.entryId} ${time.kind} ${time.at}`, time);
  return [...seen.values()];
}

/** Versions whose schedule problem was told: once per entry version, not once per render. */
const toldProblems = new Set<string>();

function reportOnce(report: (problem: ScheduleProblem) => void, problem: ScheduleProblem): void {
  const key = `${problem.entryId}@${problem.versionKey}`;
  if (toldProblems.has(key)) return;
  toldProblems.add(key);
  report(problem);
}

function logProblem(problem: ScheduleProblem): void {
  const message =
    problem.of === "value"
      ? "value refused: the entry stays as visitors saw it"
      : "schedule refused: the entry stays as visitors saw it";
  logger.warn(message, {
    entry: problem.entryId,
    template: problem.templateName,
    // A refused slug is the problem itself: the line quotes it once, cut short.
    ...(problem.slug && problem.refused?.kind !== "slug" ? { slug: problem.slug } : {}),
    ...(problem.refused ? { prop: problem.refused.prop, kind: problem.refused.kind } : {}),
    problem: problem.problem,
  });
  if (problem.refused) reportRefusal(problem.refused.kind);
}

/** The last public version of an entry, if one is recorded. */
export async function findPublishedVersion(entryId: string): Promise<EntryParsed | undefined> {
  const [version] = await publishedVersionStore().getPublishedVersions([entryId]);
  return version?.entry as EntryParsed | undefined;
}

/** Versions in memory: the dev server and tests (nothing survives the process). */
export class MemoryPublishedVersionStore implements PublishedVersionStore {
  protected readonly versions = new Map<string, PublishedVersion>();
  /** By entry id, then path. */
  private readonly addresses = new Map<string, Map<string, EntryAddressRecord>>();

  async listPublishedVersionKeys(templateName: string): Promise<PublishedVersionKey[]> {
    return [...this.versions.values()]
      .filter((v) => v.templateName === templateName)
      .map(({ entryId, versionKey, path }) =>
        path === undefined ? { entryId, versionKey } : { entryId, versionKey, path },
      );
  }

  async getPublishedVersions(entryIds: readonly string[]): Promise<PublishedVersion[]> {
    return entryIds.flatMap((id) => {
      const version = this.versions.get(id);
      return version ? [version] : [];
    });
  }

  async recordPublishedVersions(versions: readonly PublishedVersion[]): Promise<void> {
    for (const version of versions) {
      this.versions.set(version.entryId, version);
      if (version.path !== undefined) this.noteAddress(version, version.path);
    }
  }

  async removePublishedVersions(entryIds: readonly string[]): Promise<void> {
    for (const id of entryIds) {
      this.versions.delete(id);
      this.addresses.delete(id);
    }
  }

  async listEntryAddresses(): Promise<EntryAddressRecord[]> {
    return [...this.addresses.values()].flatMap((byPath) => [...byPath.values()]);
  }

  private noteAddress(version: PublishedVersion, path: string): void {
    const byPath = this.addresses.get(version.entryId) ?? new Map<string, EntryAddressRecord>();
    this.addresses.set(version.entryId, byPath);
    const held = byPath.get(path);
    byPath.set(path, {
      entryId: version.entryId,
      path,
      templateName: version.templateName,
      firstPublicAt: held?.firstPublicAt ?? version.recordedAt,
      lastPublicAt: Math.max(held?.lastPublicAt ?? 0, version.recordedAt),
    });
  }
}

/** The hand-over file of a build: what the store held, then what prerendering changed. */
export interface PublishedVersionsFile {
  versions: PublishedVersion[];
  /** Entries whose versions prerendering forgot (deleted entries). */
  removed: string[];
}

/**
 * Prerendering's store: the build writes the store's versions to a file before prerendering
 * and puts back what prerendering recorded or removed (scripts/build.ts), so a rebuild shows
 * a reworked entry's public version and the store learns the versions the build showed.
 * The processes of a build run one after the other; each rewrites the whole file.
 */
export class FilePublishedVersionStore extends MemoryPublishedVersionStore {
  private readonly removed = new Set<string>();

  constructor(private readonly file: string) {
    super();
    const held = JSON.parse(readFileSync(file, "utf8")) as PublishedVersionsFile;
    for (const version of held.versions) this.versions.set(version.entryId, version);
    for (const id of held.removed) this.removed.add(id);
  }

  override async recordPublishedVersions(versions: readonly PublishedVersion[]): Promise<void> {
    await super.recordPublishedVersions(versions);
    for (const version of versions) this.removed.delete(version.entryId);
    this.save();
  }

  override async removePublishedVersions(entryIds: readonly string[]): Promise<void> {
    await super.removePublishedVersions(entryIds);
    for (const id of entryIds) this.removed.add(id);
    this.save();
  }

  private save(): void {
    const held: PublishedVersionsFile = {
      versions: [...this.versions.values()],
      removed: [...this.removed],
    };
    const temp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(temp, JSON.stringify(held));
    renameSync(temp, this.file);
  }
}
