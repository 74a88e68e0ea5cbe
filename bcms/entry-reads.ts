// Entry reads through the memory cache: a template's lists in each form (raw, lite, parsed)
// and one entry in each, one request per key in flight. The parsed `all` list is kept across
// socket events, the entries they named read again one by one and put in place.
import type { Entry, EntryLite, EntryParsed } from "@thebcms/types";
import type { EntryCache, EntryListKey } from "./entry-cache";
import { BcmsError } from "./errors";
import { isEntry, isEntryLite, isEntryParsed } from "./guards";
import type { Guard, HttpClient } from "./http";
import { createInFlight, type InFlight } from "./in-flight";
import { buildPath } from "./paths";
import type { ReadOptions } from "./resource-api";
import type { TemplateResolver } from "./template-resolver";

export function entryPath(templateId: string, ...tail: string[]): string {
  return buildPath("template", templateId, "entry", ...tail);
}

/** One form an entry is read in: its check, and where the cache keeps it. */
export interface EntryForm<T> {
  guard: Guard<T>;
  /** Parsed entries get their SVG markup injected (and are not cached when one failed). */
  parsed: boolean;
  readList(cache: EntryCache, templateId: string, key: EntryListKey): T[] | undefined;
  writeList(cache: EntryCache, templateId: string, key: EntryListKey, items: T[]): void;
  /** One entry by id (raw, lite) or by id or slug (parsed). */
  readOne(cache: EntryCache, templateId: string, idOrSlug: string): T | undefined;
  writeOne(cache: EntryCache, item: T): void;
}

export const RAW_ENTRY: EntryForm<Entry> = {
  guard: isEntry,
  parsed: false,
  readList: (cache, tid, key) => cache.getRawList(tid, key),
  writeList: (cache, tid, key, items) => cache.setRawList(tid, key, items),
  readOne: (cache, tid, id) => cache.getRaw(tid, id),
  writeOne: (cache, item) => cache.setRaw(item),
};

export const LITE_ENTRY: EntryForm<EntryLite> = {
  guard: isEntryLite,
  parsed: false,
  readList: (cache, tid, key) => cache.getLiteList(tid, key),
  writeList: (cache, tid, key, items) => cache.setLiteList(tid, key, items),
  readOne: (cache, tid, id) => cache.getLite(tid, id),
  writeOne: (cache, item) => cache.setLite(item),
};

export const PARSED_ENTRY: EntryForm<EntryParsed> = {
  guard: isEntryParsed,
  parsed: true,
  readList: (cache, tid, key) => cache.getParsedList(tid, key),
  writeList: (cache, tid, key, items) => cache.setParsedList(tid, key, items),
  readOne: (cache, tid, idOrSlug) => cache.findParsed(tid, idOrSlug),
  writeOne: (cache, item) => cache.setParsed(item),
};

export interface EntryReadDeps {
  http: HttpClient;
  templates: TemplateResolver;
  cache: EntryCache | null;
  /** Injects SVG markup into parsed entries; false when one SVG failed (then not cached). */
  injectSvgInto: (root: unknown) => Promise<boolean>;
}

export class EntryReads {
  private readonly inFlight: InFlight;

  constructor(private readonly deps: EntryReadDeps) {
    this.inFlight = createInFlight(() => deps.cache?.generation);
  }

  /** A list of `form` entries of a template: `key` in the cache, `tail` after `.../entry/`. */
  async list<T>(
    form: EntryForm<T>,
    templateIdOrName: string,
    key: EntryListKey,
    tail: string[],
    options: ReadOptions = {},
  ): Promise<T[]> {
    const { http, templates, cache } = this.deps;
    const template = await templates.resolve(templateIdOrName);
    if (cache && !options.skipCache) {
      const hit = form.readList(cache, template._id, key);
      if (hit) return hit;
      if (form.parsed && key === "all") {
        const patched = await this.readChangedEntries(template._id, options);
        if (patched) return patched as T[];
      }
    }
    const path = entryPath(template._id, ...tail);
    // Each caller gets its own array: shared requests must not share in-place sorting.
    const shared = this.inFlight.run(
      `${path}|${options.skipCache === true}`,
      options.signal,
      async () => {
        const generation = cache?.generation;
        const items = await http.items(path, form.guard, options);
        const complete = form.parsed ? await this.deps.injectSvgInto(items) : true;
        if (cache && complete && cache.generation === generation) {
          form.writeList(cache, template._id, key, items);
        }
        return items;
      },
    );
    return [...(await shared)];
  }

  /** One `form` entry of a template (`idOrSlug` as its cache finds it), `tail` after `.../entry/`. */
  async one<T>(
    form: EntryForm<T>,
    templateIdOrName: string,
    idOrSlug: string,
    tail: string[],
    options: ReadOptions,
  ): Promise<T> {
    const { http, templates, cache } = this.deps;
    const template = await templates.resolve(templateIdOrName);
    if (cache && !options.skipCache) {
      const hit = form.readOne(cache, template._id, idOrSlug);
      if (hit) return hit;
    }
    const path = entryPath(template._id, ...tail);
    return this.inFlight.run(`${path}|${options.skipCache === true}`, options.signal, async () => {
      const generation = cache?.generation;
      const item = await http.item({ ...options, path }, form.guard);
      const complete = form.parsed ? await this.deps.injectSvgInto(item) : true;
      if (cache && complete && cache.generation === generation) form.writeOne(cache, item);
      return item;
    });
  }

  /**
   * The parsed `all` list kept across socket events, with the entries those events named
   * re-read one by one and put in place (or left out when gone). Undefined when there is no
   * such list, or when a changed entry is new to it (its place is unknown) or its SVGs could
   * not all be read: then the whole list is read.
   */
  private async readChangedEntries(
    templateId: string,
    options: ReadOptions,
  ): Promise<EntryParsed[] | undefined> {
    const { cache } = this.deps;
    const stale = cache?.getStaleParsedList(templateId);
    if (!cache || !stale) return undefined;
    const changed = [...stale.changed.keys()].join(",");
    const key = `${entryPath(templateId, "all", "parsed")}|changed:${changed}`;
    const list = await this.inFlight.run(key, options.signal, async () => {
      const generation = cache.generation;
      const known = new Set(stale.list.map((entry) => entry._id));
      const fresh = new Map<string, EntryParsed | null>();
      for (const [id, type] of stale.changed) {
        const entry =
          type === "delete" ? null : await this.readChangedEntry(templateId, id, options);
        if (entry === undefined || (entry && !known.has(id))) return undefined;
        fresh.set(id, entry);
      }
      const patched = stale.list.flatMap((entry) => {
        const replaced = fresh.get(entry._id);
        return replaced === undefined ? [entry] : replaced === null ? [] : [replaced];
      });
      cache.patchParsedList(templateId, stale, patched, generation);
      return patched;
    });
    return list && [...list];
  }

  /** One changed entry, parsed; null when it is gone, undefined when its SVGs are incomplete. */
  private async readChangedEntry(
    templateId: string,
    entryId: string,
    options: ReadOptions,
  ): Promise<EntryParsed | null | undefined> {
    let entry: EntryParsed;
    try {
      entry = await this.deps.http.item(
        { ...options, path: entryPath(templateId, entryId, "parse") },
        isEntryParsed,
      );
    } catch (error) {
      if (error instanceof BcmsError && error.kind === "http" && error.status === 404) return null;
      throw error;
    }
    return (await this.deps.injectSvgInto(entry)) ? entry : undefined;
  }
}
