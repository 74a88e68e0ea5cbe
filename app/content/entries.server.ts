// Published entries of a template in the instance's default language, and the index of
// entry ids → site paths used to resolve BCMS internal links (entry:…:entry).
import type { EntryParsed } from "@thebcms/types";
import { getContentClient } from "./content-client.server";
import { contentTag, recordedReads, recordRead } from "./content-tags.server";
import { scheduledPublicView, versionKeyOf, viewTime } from "./last-public-versions.server";
import type { EntryMeta, TemplateName, TemplateOf } from "./model";
import { currentPreview, currentViewAt, type PreviewTarget } from "./preview-context.server";
import { isPublicEntry, publicStatus } from "./public-status.server";
import { isoDateTime, isRec, readBoolean, readString } from "./read.server";
import type { ScheduledTime } from "./schedule.server";
import {
  CONTENT_URL_PATTERNS,
  eventPath,
  newsArticlePath,
  resourcePath,
  universalIdPagePath,
} from "./urls";

export const TEMPLATES = {
  page: "page",
  legalPage: "legal-page",
  newsArticle: "news-article",
  event: "event",
  resource: "resource",
  universalIdPage: "universal-id-page",
  job: "job",
} as const satisfies Record<string, TemplateName>;

/** Forms are content without a page of their own (pages point at them). */
export const FORM_TEMPLATE = "form" satisfies TemplateName;

/**
 * An entry in one language. `T` names its template, so its props are known by name (the
 * content model, app/content/model/); without it, a prop of any template may be read.
 */
export interface LocalEntry<T extends TemplateName = TemplateName> {
  id: string;
  templateName: string;
  /** The template's id in the CMS, when the CMS gave it (a preview's edit link needs it). */
  templateId?: string;
  meta: EntryMeta<T>;
  content: unknown[];
  /** When the entry was last changed in the CMS (ms). */
  updatedAt: number;
}

/** When the entry last changed in the CMS (ISO 8601), if the CMS says. */
export function entryModifiedAt(entry: LocalEntry): string | undefined {
  return entry.updatedAt > 0 ? isoDateTime(new Date(entry.updatedAt)) : undefined;
}

/** The default language code of the instance (the site never hard-codes `en`). */
export async function getDefaultLanguage(): Promise<string> {
  const languages = await getContentClient().language.getAll();
  const chosen = languages.find((l) => l.default) ?? languages[0];
  return chosen?.code ?? "en";
}

/**
 * Public in `lng` now: the entry's status there is the configured public status
 * (public-status.server.ts). Visitors may still see an older public version of an entry
 * that is not (last-public-versions.server.ts).
 */
export function isPublished(entry: EntryParsed, lng: string): boolean {
  return isPublicEntry(entry, lng, publicStatus());
}

export function localise(entry: EntryParsed, lng: string): LocalEntry | undefined {
  const meta = isRec(entry.meta) ? entry.meta[lng] : undefined;
  const content = isRec(entry.content) ? entry.content[lng] : undefined;
  if (!isRec(meta)) return undefined;
  return {
    id: entry._id,
    templateName: entry.templateName,
    ...(typeof entry.templateId === "string" ? { templateId: entry.templateId } : {}),
    meta,
    content: Array.isArray(content) ? content : [],
    updatedAt: typeof entry.updatedAt === "number" ? entry.updatedAt : 0,
  };
}

/**
 * A template's published entries as one read of the CMS gave them, with what pages look up
 * in them. The content client keeps a template's entries until the CMS changes them and
 * hands the same entry objects out on every read, so the list (and its lookups and
 * derivations) is made once per change, not once per page: with 10,000 articles, each of
 * 10,000 article pages scanning and localising the whole list was quadratic.
 */
interface PublishedList {
  /** The client's entries this list was made from, in their order. */
  source: readonly EntryParsed[];
  lng: string;
  /** The entries visitors see (public ones, kept public versions), before localising. */
  visible: readonly EntryParsed[];
  entries: readonly LocalEntry[];
  bySlug: ReadonlyMap<string, LocalEntry>;
  byPath: ReadonlyMap<string, LocalEntry>;
  byId: ReadonlyMap<string, LocalEntry>;
  /** Values derived from the entries (orderedList), with the reads they recorded. */
  derived: Map<unknown, { value: unknown; tags: readonly string[] }>;
  /** The times to come at which the view changes (publish_at, unpublish_at). */
  schedule: readonly ScheduledTime[];
  /** The view holds until the first of them: a list read later is made again. */
  validUntil: number;
  /** Entries whose version as the CMS holds it is refused: their address there is not used. */
  refused: ReadonlySet<string>;
}

const publishedLists = new Map<string, PublishedList>();

function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The first entry with each key (as a scan in list order would find it). */
function indexBy(
  entries: readonly LocalEntry[],
  keyOf: (entry: LocalEntry) => string | undefined,
): Map<string, LocalEntry> {
  const index = new Map<string, LocalEntry>();
  for (const entry of entries) {
    const key = keyOf(entry);
    if (key !== undefined && !index.has(key)) index.set(key, entry);
  }
  return index;
}

function makeList(
  source: readonly EntryParsed[],
  lng: string,
  visible: readonly EntryParsed[],
  schedule: readonly ScheduledTime[] = [],
  refused: ReadonlySet<string> = new Set(),
): PublishedList {
  const entries = visible
    .map((e) => localise(e, lng))
    .filter((e): e is LocalEntry => e !== undefined);
  return {
    source,
    lng,
    visible,
    entries,
    bySlug: indexBy(entries, entrySlug),
    byPath: indexBy(entries, (e) => readString(e.meta.path)),
    byId: indexBy(entries, (e) => e.id),
    derived: new Map(),
    schedule,
    validUntil: Math.min(Number.POSITIVE_INFINITY, ...schedule.map((time) => time.at)),
    refused,
  };
}

/** Lists being made (the public view awaits the store), so concurrent readers share one. */
const pendingLists = new Map<
  string,
  { source: readonly EntryParsed[]; lng: string; list: Promise<PublishedList> }
>();

/** The list without recording it: for finders that record only what they return. */
async function readPublishedList(templateName: string): Promise<PublishedList> {
  const [source, lng] = await Promise.all([
    getContentClient().entry.getAllParsed(templateName),
    getDefaultLanguage(),
  ]);
  const list = await publicListOf(templateName, source, lng);
  const preview = currentPreview();
  return preview?.templateName === templateName ? previewList(list, preview) : list;
}

async function publicListOf(
  templateName: string,
  source: readonly EntryParsed[],
  lng: string,
): Promise<PublishedList> {
  if (currentViewAt() !== undefined) return timedListOf(templateName, source, lng);
  const known = publishedLists.get(templateName);
  const current = (list: PublishedList) => viewTime() < list.validUntil;
  if (known && known.lng === lng && sameItems(known.source, source) && current(known)) {
    return known;
  }
  const pending = pendingLists.get(templateName);
  if (pending && pending.lng === lng && sameItems(pending.source, source)) return pending.list;
  const addressOf = (entry: EntryParsed) => {
    const local = localise(entry, lng);
    return local && entryPath(local);
  };
  const list = scheduledPublicView(templateName, source, lng, { addressOf }).then((view) =>
    makeList(source, lng, view.entries, view.schedule, view.refused),
  );
  pendingLists.set(templateName, { source, lng, list });
  try {
    const made = await list;
    publishedLists.set(templateName, made);
    return made;
  } finally {
    if (pendingLists.get(templateName)?.list === list) pendingLists.delete(templateName);
  }
}

/** The list at a timed view's instant: made for this rendering alone, never kept or shared. */
async function timedListOf(
  templateName: string,
  source: readonly EntryParsed[],
  lng: string,
): Promise<PublishedList> {
  const view = await scheduledPublicView(templateName, source, lng);
  return makeList(source, lng, view.entries, view.schedule, view.refused);
}

/**
 * The public list with the previewed entry's current content in place of its public
 * version (or added where it has none), for this rendering only: never kept.
 */
function previewList(list: PublishedList, preview: PreviewTarget): PublishedList {
  if (!list.source.some((e) => e._id === preview.entryId)) return list;
  const shown = new Map(list.visible.map((e) => [e._id, e]));
  const visible = list.source.flatMap((entry) => {
    if (entry._id === preview.entryId) return [entry];
    const version = shown.get(entry._id);
    return version ? [version] : [];
  });
  return makeList(list.source, list.lng, visible, list.schedule, list.refused);
}

/**
 * Every published entry of a template, as a list the page shows (cards, the newest...):
 * the rendering then depends on the whole list (recorded as `template:<name>`).
 */
export async function getPublishedEntries<T extends TemplateName>(
  templateName: T,
): Promise<LocalEntry<T>[]> {
  recordRead(contentTag.template(templateName));
  return [...(await readPublishedList(templateName)).entries];
}

/** The orderings lists are shown in, by template (registered by orderedList). */
const orderings = new Map<string, (entries: readonly LocalEntry[]) => readonly OrderedItem[]>();

export interface OrderedItem {
  entry: LocalEntry;
}

/**
 * A template's published entries in the order its lists show them (`order` decides which and
 * in which order), for readers that show a window of it (a page of the list, the newest
 * few): they depend on that order (`order:<name>`) and on each entry they show, which they
 * record themselves by reading it. The order is computed once per read of the list; a content
 * change is told as a change of order only when it changes (getListOrders). Register at
 * module load, so the order is known before the first change.
 */
export function orderedList<T extends OrderedItem>(
  templateName: string,
  order: (entries: readonly LocalEntry[]) => readonly T[],
): () => Promise<readonly T[]> {
  if (orderings.has(templateName)) throw new Error(`an order of ${templateName} is registered`);
  orderings.set(templateName, order);
  return async () => {
    recordRead(contentTag.order(templateName));
    const known = derivedOnce(await readPublishedList(templateName), order);
    for (const tag of known.tags) recordRead(tag);
    return known.value;
  };
}

/** `derive` of the list, computed once per read of it, with the reads it recorded. */
function derivedOnce<T>(
  list: PublishedList,
  derive: (entries: readonly LocalEntry[]) => T,
): { value: T; tags: readonly string[] } {
  let known = list.derived.get(derive);
  if (!known) {
    known = recordedReads(() => derive(list.entries));
    list.derived.set(derive, known);
  }
  // The map is keyed by `derive` itself: what it holds for it is what `derive` returned.
  return known as { value: T; tags: readonly string[] };
}

/**
 * Each ordered list's entry ids in order, by template: what a change is compared with to
 * tell whether it changed an order. Not recorded as a read.
 */
export async function getListOrders(): Promise<ReadonlyMap<string, string>> {
  const orders = new Map<string, string>();
  for (const [templateName, order] of orderings) {
    const { value } = derivedOnce(await readPublishedList(templateName), order);
    orders.set(templateName, value.map((item) => item.entry.id).join(","));
  }
  return orders;
}

/** An entry's slug; an entry without one is addressed by its id. */
export function entrySlug(entry: LocalEntry): string {
  return readString(entry.meta.slug) ?? entry.id;
}

/** Records what the rendering depends on: that entry, or the list when none matched. */
function recordFound(templateName: string, found: LocalEntry | undefined): LocalEntry | undefined {
  recordRead(found ? contentTag.entry(found.id) : contentTag.template(templateName));
  return found;
}

/**
 * The published entry of a template that has this slug (or id): the rendering depends on
 * that entry alone, or, when none matches, on the template's list (an entry may come to
 * match). The same holds for the finders by path and by id.
 */
export async function findPublishedEntryBySlug<T extends string>(
  templateName: T,
  slug: string,
): Promise<LocalEntry<TemplateOf<T>> | undefined> {
  return recordFound(templateName, (await readPublishedList(templateName)).bySlug.get(slug));
}

/** The published page or legal page whose `path` is this site path. */
export async function findPublishedEntryByPath<T extends string>(
  templateName: T,
  path: string,
): Promise<LocalEntry<TemplateOf<T>> | undefined> {
  return recordFound(templateName, (await readPublishedList(templateName)).byPath.get(path));
}

/** The published entry of a template with this id. */
export async function findPublishedEntryById<T extends string>(
  templateName: T,
  id: string,
): Promise<LocalEntry<TemplateOf<T>> | undefined> {
  return recordFound(templateName, (await readPublishedList(templateName)).byId.get(id));
}

/** The slug (or id) of every published entry of a template. */
export async function listPublishedSlugs(templateName: TemplateName): Promise<string[]> {
  return (await getPublishedEntries(templateName)).map(entrySlug);
}

/** The site path of an entry, by template. */
export function entryPath(entry: LocalEntry): string | undefined {
  const slug = readString(entry.meta.slug);
  switch (entry.templateName) {
    case TEMPLATES.page:
    case TEMPLATES.legalPage:
      return readString(entry.meta.path);
    case TEMPLATES.newsArticle:
      return slug && newsArticlePath(slug);
    case TEMPLATES.event:
      return slug && eventPath(slug);
    case TEMPLATES.resource:
      return slug && resourcePath(slug);
    case TEMPLATES.universalIdPage:
      return slug && universalIdPagePath(slug);
    case TEMPLATES.job:
      return CONTENT_URL_PATTERNS.jobs;
    default:
      return undefined;
  }
}

/** An entry's site path, with the template it belongs to. */
export interface EntryAddress {
  path: string;
  templateName: string;
}

/** The addresses made from the last reads of every template's list, and their paths. */
let knownAddresses:
  | {
      lists: readonly PublishedList[];
      addresses: ReadonlyMap<string, EntryAddress>;
      paths: ReadonlyMap<string, string>;
    }
  | undefined;

async function readAddressIndex(): Promise<NonNullable<typeof knownAddresses>> {
  const lists = await Promise.all(Object.values(TEMPLATES).map((t) => readPublishedList(t)));
  if (knownAddresses && sameItems(knownAddresses.lists, lists)) return knownAddresses;
  // A preview's or a timed view's index is made for that rendering alone.
  const ownRendering = currentPreview() !== undefined || currentViewAt() !== undefined;
  const addresses = new Map<string, EntryAddress>();
  const paths = new Map<string, string>();
  for (const entry of lists.flatMap((list) => list.entries)) {
    const path = entryPath(entry);
    if (!path) continue;
    addresses.set(entry.id, { path, templateName: entry.templateName });
    paths.set(entry.id, path);
  }
  const made = { lists, addresses, paths };
  if (!ownRendering) knownAddresses = made;
  return made;
}

/**
 * Every published entry's address, by entry id. Not recorded as a read: what a rendering
 * uses of it is each address it looks up (`entryPathResolver`). Made once per change of
 * any template's list, and shared: read-only.
 */
export async function getEntryAddresses(): Promise<ReadonlyMap<string, EntryAddress>> {
  return (await readAddressIndex()).addresses;
}

/**
 * One published entry's path, as the index has it, reading as few lists as it can: each
 * template's list in turn, news articles last. For a reader outside a rendering (the serving
 * thread's consent wording) that must not hold the 10,000-article index.
 */
export async function findEntryPath(id: string): Promise<string | undefined> {
  const order = Object.values(TEMPLATES).sort(
    (a, b) => Number(a === TEMPLATES.newsArticle) - Number(b === TEMPLATES.newsArticle),
  );
  for (const template of order) {
    const entry = (await readPublishedList(template)).byId.get(id);
    if (entry) return entryPath(entry);
  }
  return undefined;
}

/** Every published entry's path, by entry id (shared like getEntryAddresses: read-only). */
export async function getEntryPathIndex(): Promise<ReadonlyMap<string, string>> {
  return (await readAddressIndex()).paths;
}

/** A page an entry gives the site, and when its content last changed (ISO 8601, if known). */
export interface EntryPage {
  path: string;
  modifiedAt?: string;
}

/**
 * The page of every entry visitors see (in a timed view: at its instant) that may be indexed
 * (its SEO group's `no_index` unset), each path once: what the timed view's sitemap is made
 * of. Not recorded as a read.
 */
export async function readEntryPages(): Promise<EntryPage[]> {
  const lists = await Promise.all(Object.values(TEMPLATES).map((t) => readPublishedList(t)));
  const pages = new Map<string, EntryPage>();
  for (const entry of lists.flatMap((list) => list.entries)) {
    const path = entryPath(entry);
    const seo = isRec(entry.meta.seo) ? entry.meta.seo : {};
    if (!path || readBoolean(seo.no_index)) continue;
    const modifiedAt = entryModifiedAt(entry);
    const known = pages.get(path)?.modifiedAt;
    // A path several entries share (the jobs page) changed when the newest of them did.
    const newest = known && modifiedAt && known > modifiedAt ? known : modifiedAt;
    pages.set(path, newest ? { path, modifiedAt: newest } : { path });
  }
  return [...pages.values()];
}

/**
 * What visitors see now, by template: each shown entry's version (versionKeyOf), and the
 * times to come at which that changes. Not recorded as a read (the server's scheduler and
 * its record of versions use it).
 */
export async function getPublicSchedule(): Promise<{
  shown: ReadonlyMap<string, string>;
  /** With the address the entry has as the CMS holds it (where a publish puts it). */
  schedule: (ScheduledTime & { path?: string })[];
}> {
  const lists = await Promise.all(Object.values(TEMPLATES).map((t) => readPublishedList(t)));
  const shown = new Map<string, string>();
  for (const list of lists)
    for (const entry of list.visible) shown.set(entry._id, versionKeyOf(entry));
  const schedule = lists.flatMap((list) =>
    list.schedule.map((time) => {
      // A refused version's address (a hostile slug) is never where a publish puts a page.
      if (list.refused.has(time.entryId)) return time;
      const current = list.source.find((entry) => entry._id === time.entryId);
      const local = current && localise(current, list.lng);
      const path = local && entryPath(local);
      return path ? { ...time, path } : time;
    }),
  );
  return { shown, schedule };
}

/** Looks entry paths up in `index`, recording each lookup (`path:<id>`), found or not. */
export function entryPathResolver(index: ReadonlyMap<string, string>) {
  return (id: string): string | undefined => {
    recordRead(contentTag.path(id));
    return index.get(id);
  };
}

/** `entry:<entryId>@*_<templateId>:entry` → the entry's site path (unknown: undefined). */
export function internalLinkResolver(index: ReadonlyMap<string, string>) {
  const resolve = entryPathResolver(index);
  return (href: string): string | undefined => {
    const match = /^entry:([0-9a-f]{24})@/i.exec(href);
    return match?.[1] ? resolve(match[1]) : undefined;
  };
}

/** What mapping an entry's content needs: where it comes from (for logs), and its links. */
export interface LinkContext {
  source: string;
  resolveInternalHref: (href: string) => string | undefined;
}

export async function loadLinkContext(source: string): Promise<LinkContext> {
  const index = await getEntryPathIndex();
  return { source, resolveInternalHref: internalLinkResolver(index) };
}
