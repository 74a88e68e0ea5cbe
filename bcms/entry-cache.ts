// In-memory cache of entries, kept per template so an event for one template's entry drops only
// that template's data, plus the parsed entries of other templates that embed the changed entry
// (parsed entry pointers and media are inlined, so they go stale with their target).
import type { Entry, EntryLite, EntryParsed } from "@thebcms/types";
import { isRecord } from "./is-record";

export type EntryListKey = "all" | `status:${string}`;

interface TemplateEntries {
  rawLists: Map<EntryListKey, Entry[]>;
  liteLists: Map<EntryListKey, EntryLite[]>;
  parsedLists: Map<EntryListKey, EntryParsed[]>;
  raw: Map<string, Entry>;
  lite: Map<string, EntryLite>;
  parsed: Map<string, EntryParsed>;
  /** Entries changed since the parsed `all` list was read: re-read one by one (changeEntry). */
  changed: Map<string, EntryChangeType>;
}

export type EntryChangeType = "update" | "delete";

/** A parsed `all` list kept across changes of some of its entries, and those entries. */
export interface StaleParsedList {
  list: EntryParsed[];
  changed: ReadonlyMap<string, EntryChangeType>;
}

function createTemplateEntries(): TemplateEntries {
  return {
    rawLists: new Map(),
    liteLists: new Map(),
    parsedLists: new Map(),
    raw: new Map(),
    lite: new Map(),
    parsed: new Map(),
    changed: new Map(),
  };
}

/** True when `predicate` holds for some object nested anywhere in `value`. */
export function containsObject(
  value: unknown,
  predicate: (object: Record<string, unknown>) => boolean,
): boolean {
  const seen = new WeakSet<object>();
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (typeof current !== "object" || current === null || seen.has(current)) continue;
    seen.add(current);
    if (isRecord(current) && predicate(current)) return true;
    for (const child of Array.isArray(current) ? current : Object.values(current)) {
      stack.push(child);
    }
  }
  return false;
}

/** What a parsed entry's data (not the entry itself) embeds or points at. */
interface EmbeddedReferences {
  entries: ReadonlySet<string>;
  templates: ReadonlySet<string>;
  media: ReadonlySet<string>;
}

/**
 * Kept per parsed entry object, which the cache hands out unchanged until it is replaced:
 * every socket event asks of every cached entry whether it embeds what changed, and walking
 * 10,000 parsed articles for each event took about 280 ms.
 */
const embeddedReferences = new WeakMap<EntryParsed, EmbeddedReferences>();

function referencesOf(entry: EntryParsed): EmbeddedReferences {
  const known = embeddedReferences.get(entry);
  if (known) return known;
  const entries = new Set<string>();
  const templates = new Set<string>();
  const media = new Set<string>();
  containsObject([entry.meta, entry.content], (object) => {
    // A raw pointer left at the maximum depth.
    if (typeof object.eid === "string") entries.add(object.eid);
    if (typeof object.tid === "string") templates.add(object.tid);
    if (typeof object._id === "string") {
      // An embedded entry.
      if (typeof object.templateId === "string") {
        entries.add(object._id);
        templates.add(object.templateId);
      }
      if (typeof object.mimetype === "string") media.add(object._id);
    }
    return false;
  });
  const references = { entries, templates, media };
  embeddedReferences.set(entry, references);
  return references;
}

/** Does a parsed entry's data (not the entry itself) embed entry `entryId` or point at it? */
export function parsedEntryReferencesEntry(entry: EntryParsed, entryId: string): boolean {
  return referencesOf(entry).entries.has(entryId);
}

/** Does a parsed entry's data embed an entry of template `templateId`? */
export function parsedEntryReferencesTemplate(entry: EntryParsed, templateId: string): boolean {
  return referencesOf(entry).templates.has(templateId);
}

/** Does a parsed entry's data embed media `mediaId`? */
export function parsedEntryReferencesMedia(entry: EntryParsed, mediaId: string): boolean {
  return referencesOf(entry).media.has(mediaId);
}

export class EntryCache {
  private readonly templates = new Map<string, TemplateEntries>();
  private invalidations = 0;

  /** Changes on every drop; see EntityCache.generation. */
  get generation(): number {
    return this.invalidations;
  }

  private bucket(templateId: string): TemplateEntries {
    let bucket = this.templates.get(templateId);
    if (!bucket) {
      bucket = createTemplateEntries();
      this.templates.set(templateId, bucket);
    }
    return bucket;
  }

  getRawList(templateId: string, key: EntryListKey): Entry[] | undefined {
    const list = this.templates.get(templateId)?.rawLists.get(key);
    return list ? [...list] : undefined;
  }

  getLiteList(templateId: string, key: EntryListKey): EntryLite[] | undefined {
    const list = this.templates.get(templateId)?.liteLists.get(key);
    return list ? [...list] : undefined;
  }

  getParsedList(templateId: string, key: EntryListKey): EntryParsed[] | undefined {
    const bucket = this.templates.get(templateId);
    const list = bucket?.parsedLists.get(key);
    if (!list || (key === "all" && bucket?.changed.size)) return undefined;
    return [...list];
  }

  /** The parsed `all` list when only some of its entries changed since it was read. */
  getStaleParsedList(templateId: string): StaleParsedList | undefined {
    const bucket = this.templates.get(templateId);
    const list = bucket?.parsedLists.get("all");
    if (!bucket || !list || bucket.changed.size === 0) return undefined;
    return { list: [...list], changed: new Map(bucket.changed) };
  }

  setRawList(templateId: string, key: EntryListKey, items: readonly Entry[]): void {
    const bucket = this.bucket(templateId);
    bucket.rawLists.set(key, [...items]);
    for (const item of items) bucket.raw.set(item._id, item);
  }

  setLiteList(templateId: string, key: EntryListKey, items: readonly EntryLite[]): void {
    const bucket = this.bucket(templateId);
    bucket.liteLists.set(key, [...items]);
    for (const item of items) bucket.lite.set(item._id, item);
  }

  setParsedList(templateId: string, key: EntryListKey, items: readonly EntryParsed[]): void {
    const bucket = this.bucket(templateId);
    bucket.parsedLists.set(key, [...items]);
    for (const item of items) {
      bucket.parsed.set(item._id, item);
      // Known before the next socket event asks (off the path of a publish).
      referencesOf(item);
    }
    if (key === "all") bucket.changed.clear();
  }

  getRaw(templateId: string, entryId: string): Entry | undefined {
    return this.templates.get(templateId)?.raw.get(entryId);
  }

  getLite(templateId: string, entryId: string): EntryLite | undefined {
    return this.templates.get(templateId)?.lite.get(entryId);
  }

  /** A parsed entry by id, or by the slug of any language. */
  findParsed(templateId: string, idOrSlug: string): EntryParsed | undefined {
    const parsed = this.templates.get(templateId)?.parsed;
    if (!parsed) return undefined;
    const byId = parsed.get(idOrSlug);
    if (byId) return byId;
    for (const entry of parsed.values()) {
      for (const meta of Object.values(entry.meta)) {
        if (isRecord(meta) && meta.slug === idOrSlug) return entry;
      }
    }
    return undefined;
  }

  setRaw(entry: Entry): void {
    this.bucket(entry.templateId).raw.set(entry._id, entry);
  }

  setLite(entry: EntryLite): void {
    this.bucket(entry.templateId).lite.set(entry._id, entry);
  }

  setParsed(entry: EntryParsed): void {
    this.bucket(entry.templateId).parsed.set(entry._id, entry);
  }

  /**
   * An entry changed or was deleted: drop it and its template's lists (membership and order may
   * have changed), and parsed data of other templates that embeds it. Other templates' own lists
   * and items stay.
   */
  dropEntry(templateId: string, entryId: string): void {
    const bucket = this.forgetEntry(templateId, entryId);
    if (bucket) {
      bucket.parsedLists.clear();
      bucket.changed.clear();
    }
  }

  /** A template changed: drop all its entries and parsed data that embeds its entries. */
  dropTemplate(templateId: string): void {
    this.invalidations++;
    this.templates.delete(templateId);
    this.dropParsedWhere((entry) => parsedEntryReferencesTemplate(entry, templateId));
  }

  /**
   * An entry changed or was deleted (a socket event): as dropEntry, except that the template's
   * parsed `all` list is kept, marked stale for that entry, so the next read re-reads that
   * entry alone and puts it in place (a list of 10,000 entries is not read again for one).
   * Lists by status are dropped (the entry's status may have changed).
   */
  changeEntry(templateId: string, entryId: string, type: EntryChangeType): void {
    const bucket = this.forgetEntry(templateId, entryId);
    if (bucket) {
      for (const key of [...bucket.parsedLists.keys()]) {
        if (key !== "all") bucket.parsedLists.delete(key);
      }
      // The latest change of an entry counts: it is re-read (update) or left out (delete).
      if (bucket.parsedLists.has("all")) bucket.changed.set(entryId, type);
    }
  }

  /**
   * What any change of an entry drops: the entry itself, its template's raw and lite lists,
   * and parsed data of other entries that embeds it. Returns the template's bucket, whose
   * parsed lists the caller decides about.
   */
  private forgetEntry(templateId: string, entryId: string) {
    this.invalidations++;
    const bucket = this.templates.get(templateId);
    if (bucket) {
      bucket.raw.delete(entryId);
      bucket.lite.delete(entryId);
      bucket.parsed.delete(entryId);
      bucket.rawLists.clear();
      bucket.liteLists.clear();
    }
    this.dropParsedWhere((entry) => parsedEntryReferencesEntry(entry, entryId));
    return bucket;
  }

  /**
   * Puts re-read entries (null: gone) in place in the parsed `all` list read as `stale`, unless
   * the cache changed since (`generation`). Entries marked after `stale` stay marked.
   */
  patchParsedList(
    templateId: string,
    stale: StaleParsedList,
    list: readonly EntryParsed[],
    generation: number,
  ): void {
    const bucket = this.templates.get(templateId);
    if (!bucket || generation !== this.invalidations) return;
    bucket.parsedLists.set("all", [...list]);
    for (const [id] of stale.changed) {
      bucket.changed.delete(id);
      bucket.parsed.delete(id);
    }
    for (const item of list) bucket.parsed.set(item._id, item);
  }

  /** Drops parsed entries (and the parsed lists holding them) that match. */
  dropParsedWhere(predicate: (entry: EntryParsed) => boolean): void {
    this.invalidations++;
    for (const bucket of this.templates.values()) {
      for (const [id, entry] of bucket.parsed) {
        if (predicate(entry)) bucket.parsed.delete(id);
      }
      for (const [key, list] of bucket.parsedLists) {
        if (list.some(predicate)) {
          bucket.parsedLists.delete(key);
          if (key === "all") bucket.changed.clear();
        }
      }
    }
  }

  /** Parsed output depends on groups, widgets, languages and media: drop all of it. */
  dropAllParsed(): void {
    this.invalidations++;
    for (const bucket of this.templates.values()) {
      bucket.parsed.clear();
      bucket.parsedLists.clear();
      bucket.changed.clear();
    }
  }

  clear(): void {
    this.invalidations++;
    this.templates.clear();
  }

  /** Counts for tests and diagnostics. */
  stats(templateId: string): { lists: number; items: number } {
    const bucket = this.templates.get(templateId);
    if (!bucket) return { lists: 0, items: 0 };
    return {
      lists: bucket.rawLists.size + bucket.liteLists.size + bucket.parsedLists.size,
      items: bucket.raw.size + bucket.lite.size + bucket.parsed.size,
    };
  }
}
