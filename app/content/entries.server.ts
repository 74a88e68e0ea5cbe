// Published entries of a template in the instance's default language, and the index of
// entry ids → site paths used to resolve BCMS internal links (entry:…:entry).
import type { EntryParsed } from "@thebcms/types";
import { getContentClient } from "./content-client.server";
import { contentTag, recordRead } from "./content-tags.server";
import { isoDateTime, isRec, type Rec, readString } from "./read.server";
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
} as const;

/** Forms are content without a page of their own (pages point at them). */
export const FORM_TEMPLATE = "form";

export const PUBLISHED_STATUS_LABEL = "Published";

export interface LocalEntry {
  id: string;
  templateName: string;
  meta: Rec;
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
 * Published in `lng`: the entry's status for that language is labelled Published. An entry
 * with no status at all counts as published (instances that do not use statuses).
 */
export function isPublished(entry: EntryParsed, lng: string): boolean {
  const statuses = Array.isArray(entry.statuses) ? entry.statuses : [];
  if (statuses.length === 0) return true;
  const status = statuses.find((s) => isRec(s) && s.lng === lng);
  return readString(status?.label)?.toLowerCase() === PUBLISHED_STATUS_LABEL.toLowerCase();
}

export function localise(entry: EntryParsed, lng: string): LocalEntry | undefined {
  const meta = isRec(entry.meta) ? entry.meta[lng] : undefined;
  const content = isRec(entry.content) ? entry.content[lng] : undefined;
  if (!isRec(meta)) return undefined;
  return {
    id: entry._id,
    templateName: entry.templateName,
    meta,
    content: Array.isArray(content) ? content : [],
    updatedAt: typeof entry.updatedAt === "number" ? entry.updatedAt : 0,
  };
}

/**
 * Every published entry of a template, as a list the page shows (cards, the newest...):
 * the rendering then depends on the whole list (recorded as `template:<name>`).
 */
export async function getPublishedEntries(templateName: string): Promise<LocalEntry[]> {
  recordRead(contentTag.template(templateName));
  return readPublishedEntries(templateName);
}

/** The list without recording it: for finders that record only what they return. */
async function readPublishedEntries(templateName: string): Promise<LocalEntry[]> {
  const [entries, lng] = await Promise.all([
    getContentClient().entry.getAllParsed(templateName),
    getDefaultLanguage(),
  ]);
  return entries
    .filter((e) => isPublished(e, lng))
    .map((e) => localise(e, lng))
    .filter((e): e is LocalEntry => e !== undefined);
}

/** An entry's slug; an entry without one is addressed by its id. */
export function entrySlug(entry: LocalEntry): string {
  return readString(entry.meta.slug) ?? entry.id;
}

/**
 * The one published entry of a template that matches: the rendering depends on that entry
 * alone, or, when none matches, on the template's list (an entry may come to match).
 */
async function findPublishedEntry(
  templateName: string,
  matches: (entry: LocalEntry) => boolean,
): Promise<LocalEntry | undefined> {
  const found = (await readPublishedEntries(templateName)).find(matches);
  recordRead(found ? contentTag.entry(found.id) : contentTag.template(templateName));
  return found;
}

/** The published entry of a template that has this slug (or id). */
export function findPublishedEntryBySlug(
  templateName: string,
  slug: string,
): Promise<LocalEntry | undefined> {
  return findPublishedEntry(templateName, (e) => entrySlug(e) === slug);
}

/** The published page or legal page whose `path` is this site path. */
export function findPublishedEntryByPath(
  templateName: string,
  path: string,
): Promise<LocalEntry | undefined> {
  return findPublishedEntry(templateName, (e) => readString(e.meta.path) === path);
}

/** The published entry of a template with this id. */
export function findPublishedEntryById(
  templateName: string,
  id: string,
): Promise<LocalEntry | undefined> {
  return findPublishedEntry(templateName, (e) => e.id === id);
}

/** The slug (or id) of every published entry of a template. */
export async function listPublishedSlugs(templateName: string): Promise<string[]> {
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

/**
 * Every published entry's address, by entry id. Not recorded as a read: what a rendering
 * uses of it is each address it looks up (`entryPathResolver`).
 */
export async function getEntryAddresses(): Promise<Map<string, EntryAddress>> {
  const lists = await Promise.all(Object.values(TEMPLATES).map((t) => readPublishedEntries(t)));
  const index = new Map<string, EntryAddress>();
  for (const entry of lists.flat()) {
    const path = entryPath(entry);
    if (path) index.set(entry.id, { path, templateName: entry.templateName });
  }
  return index;
}

/** Every published entry's path, by entry id. */
export async function getEntryPathIndex(): Promise<Map<string, string>> {
  const addresses = await getEntryAddresses();
  return new Map([...addresses].map(([id, address]) => [id, address.path]));
}

/** Looks entry paths up in `index`, recording each lookup (`path:<id>`), found or not. */
export function entryPathResolver(index: Map<string, string>) {
  return (id: string): string | undefined => {
    recordRead(contentTag.path(id));
    return index.get(id);
  };
}

/** `entry:<entryId>@*_<templateId>:entry` → the entry's site path (unknown: undefined). */
export function internalLinkResolver(index: Map<string, string>) {
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
