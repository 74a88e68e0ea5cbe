// The `entry` namespace: every entry call of the client (raw, lite, parsed, by status, by id or
// slug, create, update, delete), resolving template names to ids and caching per template.
// The reads live in entry-reads.ts, the writes in entry-writes.ts.
import type { Entry, EntryLite, EntryParsed } from "@thebcms/types";
import { type EntryReadDeps, EntryReads, LITE_ENTRY, PARSED_ENTRY, RAW_ENTRY } from "./entry-reads";
import { type EntryWriteDeps, EntryWrites } from "./entry-writes";
import type { RequestOptions } from "./http";
import type { ReadOptions } from "./resource-api";
import type { EntryCreateInput, EntryUpdateInput } from "./validation";

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

/** What the namespace reads and writes with (the client's parts). */
export interface EntryApiDeps extends EntryReadDeps, EntryWriteDeps {}

export function createEntryApi(deps: EntryApiDeps): EntryApi {
  const reads = new EntryReads(deps);
  const writes = new EntryWrites(deps);
  const { cache } = deps;
  return {
    getAll: (template, options) => reads.list(RAW_ENTRY, template, "all", ["all"], options),
    getAllParsed: (template, options) =>
      reads.list(PARSED_ENTRY, template, "all", ["all", "parsed"], options),
    getAllLite: (template, options) =>
      reads.list(LITE_ENTRY, template, "all", ["all", "lite"], options),
    getAllByStatus: (template, status, options) =>
      reads.list(RAW_ENTRY, template, `status:${status}`, ["all_by_status", status], options),
    getAllByStatusParsed: (template, status, options) =>
      reads.list(
        PARSED_ENTRY,
        template,
        `status:${status}`,
        ["all_by_status", status, "parsed"],
        options,
      ),

    get: (template, entryId, options = {}) =>
      reads.one(RAW_ENTRY, template, entryId, [entryId], options),
    getLite: (template, entryId, options = {}) =>
      reads.one(LITE_ENTRY, template, entryId, [entryId, "lite"], options),
    getParsed: (template, idOrSlug, options = {}) =>
      reads.one(PARSED_ENTRY, template, idOrSlug, [idOrSlug, "parse"], options),

    create: (template, input, options) => writes.create(template, input, options),
    update: (template, entryId, input, options) => writes.update(template, entryId, input, options),
    delete: (template, entryId, options) => writes.delete(template, entryId, options),

    applyChange(change) {
      if (!cache) return;
      if (change.templateId && change.entryId) {
        cache.changeEntry(change.templateId, change.entryId, change.type);
      } else if (change.templateId) cache.dropTemplate(change.templateId);
      else cache.clear();
    },
  };
}
