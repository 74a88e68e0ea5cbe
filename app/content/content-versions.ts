// What the CMS held when pages were rendered, and what changed since, told in the words
// renderings record (content-tags.server.ts). The server keeps one record of versions beside
// its pages (server/refresh/content-ledger.ts): at start it compares the record with what the
// CMS holds now and re-renders exactly the dependent pages, so an instance that was stopped,
// or new, is never older than the CMS. Versions are the CMS's own update times (every BCMS
// entity carries `updatedAt`), never the site's clock; and which version visitors see, which
// a scheduled time changes without an edit. (Not the published versions of
// last-public-versions.ts: those are whole entries kept for visitors while an entry is a draft.)
// A change of a template, group, widget, language or status has an unknown reach: everything.

import { contentTag, EVERYTHING } from "./content-tags.server";

export const CONTENT_VERSIONS_FORMAT = 1;

export interface EntryVersion {
  template: string;
  /** The CMS's `updatedAt` (ms); 0 when not known (then any version differs). */
  updatedAt: number;
  /** The entry's site path while it is published with one. */
  path?: string;
  /**
   * The version visitors see (versionKeyOf), "" when none: a time (publish_at, unpublish_at)
   * changes it without an edit. Absent in records written before schedules: not compared.
   */
  shown?: string;
}

/** The times to come, as the content layer saw them (schedule.server.ts). */
export interface ScheduleRecord {
  /** When the view they were read from was made (ms). */
  readAt: number;
  times: {
    entryId: string;
    templateName: string;
    kind: "publish" | "unpublish";
    at: number;
    timezoneOffset: number;
    /** The entry's address as the CMS holds it (where a publish puts it). */
    path?: string;
  }[];
}

export interface ContentVersions {
  format: number;
  entries: Record<string, EntryVersion>;
  /** Media item id → updatedAt. */
  media: Record<string, number>;
  /** `template:<id>`, `group:<id>`, `widget:<id>`, `language:<id>`, `status:<id>` → updatedAt. */
  schema: Record<string, number>;
  /** Ordered list (by template name) → a fingerprint of its entry ids in order. */
  orders: Record<string, string>;
  /** The times to come when the versions were read (not compared: the server schedules them). */
  schedule?: ScheduleRecord;
}

export interface ContentDifference {
  /** What changed, as renderings record it; `["*"]` when its reach is unknown. */
  tags: string[];
  /** Site paths that have an entry now and had none before. */
  addedPaths: string[];
  /** Site paths whose entry is gone (deleted, unpublished, moved). */
  removedPaths: string[];
  /** How many entries were updated, added and deleted, and media and schema items changed. */
  counts: { updated: number; added: number; deleted: number; media: number; schema: number };
}

export function emptyContentVersions(): ContentVersions {
  return { format: CONTENT_VERSIONS_FORMAT, entries: {}, media: {}, schema: {}, orders: {} };
}

/** A record read from a file, or undefined when it is not one this code wrote. */
export function parseContentVersions(value: unknown): ContentVersions | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const record = value as Partial<ContentVersions>;
  if (record.format !== CONTENT_VERSIONS_FORMAT) return undefined;
  const isObject = (part: unknown) => typeof part === "object" && part !== null;
  if (![record.entries, record.media, record.schema, record.orders].every(isObject)) {
    return undefined;
  }
  return record as ContentVersions;
}

/** The same version shown to visitors (a record without it says nothing). */
function sameShown(was: EntryVersion, is: EntryVersion): boolean {
  return was.shown === undefined || is.shown === undefined || was.shown === is.shown;
}

function keysOf(...records: Record<string, unknown>[]): Set<string> {
  const keys = new Set<string>();
  for (const record of records) for (const key of Object.keys(record)) keys.add(key);
  return keys;
}

/** What changed from `before` (what pages were rendered from) to `after` (the CMS now). */
export function compareContentVersions(
  before: ContentVersions,
  after: ContentVersions,
): ContentDifference {
  const tags = new Set<string>();
  const counts = { updated: 0, added: 0, deleted: 0, media: 0, schema: 0 };

  for (const key of keysOf(before.schema, after.schema)) {
    if (before.schema[key] !== after.schema[key]) counts.schema += 1;
  }

  const oldPaths = new Set<string>();
  const newPaths = new Set<string>();
  for (const id of keysOf(before.entries, after.entries)) {
    const was = before.entries[id];
    const is = after.entries[id];
    if (was?.path) oldPaths.add(was.path);
    if (is?.path) newPaths.add(is.path);
    if (was && is && was.updatedAt === is.updatedAt && was.path === is.path && sameShown(was, is)) {
      continue;
    }
    if (!was) counts.added += 1;
    else if (!is) counts.deleted += 1;
    else counts.updated += 1;
    tags.add(contentTag.entry(id));
    for (const version of [was, is]) if (version) tags.add(contentTag.template(version.template));
    if (was?.path !== is?.path) tags.add(contentTag.path(id));
  }

  for (const template of keysOf(before.orders, after.orders)) {
    if (before.orders[template] !== after.orders[template]) tags.add(contentTag.order(template));
  }

  for (const id of keysOf(before.media, after.media)) {
    if (before.media[id] === after.media[id]) continue;
    counts.media += 1;
    tags.add(contentTag.media(id));
    tags.add(contentTag.mediaLibrary);
  }

  const addedPaths = [...newPaths].filter((path) => !oldPaths.has(path)).sort();
  const removedPaths = [...oldPaths].filter((path) => !newPaths.has(path)).sort();
  return {
    tags: counts.schema > 0 ? [EVERYTHING] : [...tags].sort(),
    addedPaths,
    removedPaths,
    counts,
  };
}

/**
 * The record once the pages that read `changed` were rendered again from `current`: only
 * what the change named moves forward, so an edit whose own event has not been handled yet
 * (it is in `current` already) is still found at the next start. An address that moved
 * (`path:<id>`) moves alone: the entry's own version waits for its `entry:<id>`.
 */
export function advanceContentVersions(
  recorded: ContentVersions,
  current: ContentVersions,
  changed: readonly string[],
): ContentVersions {
  if (changed.includes(EVERYTHING)) return current;
  const next: ContentVersions = {
    format: CONTENT_VERSIONS_FORMAT,
    entries: { ...recorded.entries },
    media: { ...recorded.media },
    schema: recorded.schema,
    orders: { ...recorded.orders },
  };
  const setOrDelete = <T>(record: Record<string, T>, key: string, value: T | undefined) => {
    if (value === undefined) delete record[key];
    else record[key] = value;
  };
  for (const tag of changed) {
    const colon = tag.indexOf(":");
    if (colon === -1) continue;
    const kind = tag.slice(0, colon);
    const name = tag.slice(colon + 1);
    if (kind === "entry") {
      setOrDelete(next.entries, name, current.entries[name]);
    } else if (kind === "path" && !changed.includes(`entry:${name}`)) {
      const was = next.entries[name];
      const path = current.entries[name]?.path;
      const template = was?.template ?? current.entries[name]?.template;
      if (template) {
        next.entries[name] = {
          template,
          updatedAt: was?.updatedAt ?? 0,
          ...(path ? { path } : {}),
        };
      }
    } else if (kind === "order") {
      setOrDelete(next.orders, name, current.orders[name]);
    } else if (kind === "media") {
      setOrDelete(next.media, name, current.media[name]);
    }
  }
  return next;
}
