// The `entry` namespace: every entry call of SPEC §7 (raw, lite, parsed, by status, by id or
// slug, create, update, delete), resolving template names to ids and caching per template.
import type {
  Entry,
  EntryLite,
  EntryParsed,
  EntryStatus,
  Group,
  Prop,
  Template,
  Widget,
} from "@thebcms/types";
import type { EntryCache, EntryListKey } from "./entry-cache";
import { BcmsError } from "./errors";
import { isEntry, isEntryLite, isEntryParsed } from "./guards";
import type { Guard, HttpClient, RequestOptions } from "./http";
import { createInFlight } from "./in-flight";
import { buildPath } from "./paths";
import type { ReadOptions } from "./resource-api";
import type { TemplateResolver } from "./template-resolver";
import {
  buildEntryCreateBody,
  buildEntryUpdateBody,
  type EntryCreateInput,
  type EntryPayloadContext,
  type EntryUpdateInput,
} from "./validation";

export interface EntryApi {
  /** Raw entries of a template (`/all`). */
  getAll(template: string, options?: ReadOptions): Promise<Entry[]>;
  /** Parsed entries (`/all/parsed`). */
  getAllParsed(template: string, options?: ReadOptions): Promise<EntryParsed[]>;
  /** Lite entries (`/all/lite`). */
  getAllLite(template: string, options?: ReadOptions): Promise<EntryLite[]>;
  /** Raw entries with a status id or label (`/all_by_status/{status}`). */
  getAllByStatus(template: string, status: string, options?: ReadOptions): Promise<Entry[]>;
  /** Parsed entries with a status id or label (`/all_by_status/{status}/parsed`). */
  getAllByStatusParsed(
    template: string,
    status: string,
    options?: ReadOptions,
  ): Promise<EntryParsed[]>;
  /** One raw entry (`/{id}`). */
  get(template: string, entryId: string, options?: ReadOptions): Promise<Entry>;
  /** One lite entry (`/{id}/lite`). */
  getLite(template: string, entryId: string, options?: ReadOptions): Promise<EntryLite>;
  /** One parsed entry by id or slug (`/{idOrSlug}/parse`). */
  getParsed(template: string, idOrSlug: string, options?: ReadOptions): Promise<EntryParsed>;
  /** Validates and creates (`POST /create`); returns the raw entry. */
  create(template: string, input: EntryCreateInput, options?: RequestOptions): Promise<Entry>;
  /** Validates and updates one language (`PUT /{id}/update`); returns the raw entry. */
  update(
    template: string,
    entryId: string,
    input: EntryUpdateInput,
    options?: RequestOptions,
  ): Promise<Entry>;
  /** Deletes (`DELETE /{id}`); returns the deleted raw entry. */
  delete(template: string, entryId: string, options?: RequestOptions): Promise<Entry>;
  /** Socket `entry` event: drops that entry and its template's lists (see EntryCache). */
  applyChange(change: {
    type: "update" | "delete";
    templateId: string | null;
    entryId: string | null;
  }): void;
}

export interface EntryApiDeps {
  http: HttpClient;
  templates: TemplateResolver;
  cache: EntryCache | null;
  /** Injects SVG markup into parsed entries; false when one SVG failed (then not cached). */
  injectSvgInto: (root: unknown) => Promise<boolean>;
  loadGroups: () => Promise<Group[]>;
  loadWidgets: () => Promise<Widget[]>;
  loadStatuses: () => Promise<EntryStatus[]>;
}

function entryPath(templateId: string, ...tail: string[]): string {
  return buildPath("template", templateId, "entry", ...tail);
}

function usesType(props: readonly Prop[], types: readonly string[]): boolean {
  return props.some((prop) => types.includes(prop.type));
}

export function createEntryApi(deps: EntryApiDeps): EntryApi {
  const { http, templates, cache } = deps;
  const inFlight = createInFlight(() => cache?.generation);

  interface ListKind<T> {
    guard: Guard<T>;
    read(templateId: string, key: EntryListKey): T[] | undefined;
    write(templateId: string, key: EntryListKey, items: T[]): void;
    parsed: boolean;
  }

  const raw: ListKind<Entry> = {
    guard: isEntry,
    read: (tid, key) => cache?.getRawList(tid, key),
    write: (tid, key, items) => cache?.setRawList(tid, key, items),
    parsed: false,
  };
  const lite: ListKind<EntryLite> = {
    guard: isEntryLite,
    read: (tid, key) => cache?.getLiteList(tid, key),
    write: (tid, key, items) => cache?.setLiteList(tid, key, items),
    parsed: false,
  };
  const parsed: ListKind<EntryParsed> = {
    guard: isEntryParsed,
    read: (tid, key) => cache?.getParsedList(tid, key),
    write: (tid, key, items) => cache?.setParsedList(tid, key, items),
    parsed: true,
  };

  async function readList<T>(
    kind: ListKind<T>,
    templateIdOrName: string,
    key: EntryListKey,
    tail: string[],
    options: ReadOptions = {},
  ): Promise<T[]> {
    const template = await templates.resolve(templateIdOrName);
    if (cache && !options.skipCache) {
      const hit = kind.read(template._id, key);
      if (hit) return hit;
      if (kind.parsed && key === "all") {
        const patched = await readChangedEntries(template._id, options);
        if (patched) return patched as T[];
      }
    }
    const path = entryPath(template._id, ...tail);
    // Each caller gets its own array: shared requests must not share in-place sorting.
    const shared = inFlight.run(
      `${path}|${options.skipCache === true}`,
      options.signal,
      async () => {
        const generation = cache?.generation;
        const items = await http.items(path, kind.guard, options);
        const complete = kind.parsed ? await deps.injectSvgInto(items) : true;
        if (cache && complete && cache.generation === generation) {
          kind.write(template._id, key, items);
        }
        return items;
      },
    );
    return [...(await shared)];
  }

  /**
   * The parsed `all` list kept across socket events, with the entries those events named
   * re-read one by one and put in place (or left out when gone). Undefined when there is no
   * such list, or when a changed entry is new to it (its place is unknown) or its SVGs could
   * not all be read: then the whole list is read.
   */
  async function readChangedEntries(
    templateId: string,
    options: ReadOptions,
  ): Promise<EntryParsed[] | undefined> {
    const stale = cache?.getStaleParsedList(templateId);
    if (!cache || !stale) return undefined;
    const changed = [...stale.changed.keys()].join(",");
    const key = `${entryPath(templateId, "all", "parsed")}|changed:${changed}`;
    const list = await inFlight.run(key, options.signal, async () => {
      const generation = cache.generation;
      const known = new Set(stale.list.map((entry) => entry._id));
      const fresh = new Map<string, EntryParsed | null>();
      for (const [id, type] of stale.changed) {
        const entry = type === "delete" ? null : await readChangedEntry(templateId, id, options);
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
  async function readChangedEntry(
    templateId: string,
    entryId: string,
    options: ReadOptions,
  ): Promise<EntryParsed | null | undefined> {
    let entry: EntryParsed;
    try {
      entry = await http.item(
        { ...options, path: entryPath(templateId, entryId, "parse") },
        isEntryParsed,
      );
    } catch (error) {
      if (error instanceof BcmsError && error.kind === "http" && error.status === 404) return null;
      throw error;
    }
    return (await deps.injectSvgInto(entry)) ? entry : undefined;
  }

  async function readOne<T>(
    guard: Guard<T>,
    templateIdOrName: string,
    lookup: (templateId: string) => T | undefined,
    tail: string[],
    store: (item: T) => void,
    options: ReadOptions,
    inject: boolean,
  ): Promise<T> {
    const template = await templates.resolve(templateIdOrName);
    if (cache && !options.skipCache) {
      const hit = lookup(template._id);
      if (hit) return hit;
    }
    const path = entryPath(template._id, ...tail);
    return inFlight.run(`${path}|${options.skipCache === true}`, options.signal, async () => {
      const generation = cache?.generation;
      const item = await http.item({ ...options, path }, guard);
      const complete = inject ? await deps.injectSvgInto(item) : true;
      if (cache && complete && cache.generation === generation) store(item);
      return item;
    });
  }

  async function payloadContext(template: Template, needStatuses: boolean) {
    const context: EntryPayloadContext = { groups: [] };
    if (usesType(template.props, ["GROUP_POINTER", "WIDGET"])) {
      context.groups = await deps.loadGroups();
    }
    if ([template, ...context.groups].some((owner) => usesType(owner.props, ["WIDGET"]))) {
      context.widgets = await deps.loadWidgets();
    }
    if (needStatuses) {
      const statuses = await deps.loadStatuses();
      context.resolveStatus = (idOrLabel) =>
        statuses.find((status) => status._id === idOrLabel)?._id ??
        statuses.find((status) => status.label === idOrLabel)?._id ??
        null;
    }
    return context;
  }

  return {
    getAll: (template, options) => readList(raw, template, "all", ["all"], options),
    getAllParsed: (template, options) =>
      readList(parsed, template, "all", ["all", "parsed"], options),
    getAllLite: (template, options) => readList(lite, template, "all", ["all", "lite"], options),
    getAllByStatus: (template, status, options) =>
      readList(raw, template, `status:${status}`, ["all_by_status", status], options),
    getAllByStatusParsed: (template, status, options) =>
      readList(parsed, template, `status:${status}`, ["all_by_status", status, "parsed"], options),

    get: (template, entryId, options = {}) =>
      readOne(
        isEntry,
        template,
        (tid) => cache?.getRaw(tid, entryId),
        [entryId],
        (item) => cache?.setRaw(item),
        options,
        false,
      ),
    getLite: (template, entryId, options = {}) =>
      readOne(
        isEntryLite,
        template,
        (tid) => cache?.getLite(tid, entryId),
        [entryId, "lite"],
        (item) => cache?.setLite(item),
        options,
        false,
      ),
    getParsed: (template, idOrSlug, options = {}) =>
      readOne(
        isEntryParsed,
        template,
        (tid) => cache?.findParsed(tid, idOrSlug),
        [idOrSlug, "parse"],
        (item) => cache?.setParsed(item),
        options,
        true,
      ),

    async create(templateIdOrName, input, options = {}) {
      const template = await templates.resolve(templateIdOrName);
      const needStatuses = Array.isArray(input?.statuses) && input.statuses.length > 0;
      const body = buildEntryCreateBody(
        template,
        input,
        await payloadContext(template, needStatuses),
      );
      const entry = await http.item(
        { ...options, method: "POST", path: entryPath(template._id, "create"), body },
        isEntry,
      );
      cache?.dropEntry(template._id, entry._id);
      return entry;
    },

    async update(templateIdOrName, entryId, input, options = {}) {
      const template = await templates.resolve(templateIdOrName);
      // The stored entry supplies values of omitted optional props, so they are not wiped.
      const stored = await http.item(
        {
          signal: options.signal,
          timeoutMs: options.timeoutMs,
          path: entryPath(template._id, entryId),
        },
        isEntry,
      );
      const body = buildEntryUpdateBody(
        template,
        entryId,
        input,
        stored,
        await payloadContext(template, typeof input?.status === "string"),
      );
      const entry = await http.item(
        { ...options, method: "PUT", path: entryPath(template._id, entryId, "update"), body },
        isEntry,
      );
      cache?.dropEntry(template._id, entryId);
      return entry;
    },

    async delete(templateIdOrName, entryId, options = {}) {
      const template = await templates.resolve(templateIdOrName);
      const entry = await http.item(
        { ...options, method: "DELETE", path: entryPath(template._id, entryId) },
        isEntry,
      );
      cache?.dropEntry(template._id, entryId);
      return entry;
    },

    applyChange(change) {
      if (!cache) return;
      if (change.templateId && change.entryId) {
        cache.changeEntry(change.templateId, change.entryId, change.type);
      } else if (change.templateId) cache.dropTemplate(change.templateId);
      else cache.clear();
    },
  };
}
