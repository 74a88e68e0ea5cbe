// Reads the seed snapshot (content/) the way docs/content-model.md describes it, so the
// browser tests pick real slugs and expected titles from the content the server serves
// instead of hard-coding them. Only published entries of the default language count.

import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { readWindow, windowIncludes } from "../../../app/content/schedule.server";

export const CONTENT_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../../content",
);

interface RawProp {
  id: string;
  data: unknown;
}
interface RawEntry {
  _id: string;
  templateId: string;
  meta: { lng: string; props: RawProp[] }[];
  statuses: { lng: string; id: string }[];
}
interface RawTemplateLike {
  _id: string;
  name: string;
  props: { id: string; name: string }[];
}
interface RawNamed {
  _id: string;
  code?: string;
  default?: boolean;
  label?: string;
}

function readAll<T>(folder: string): T[] {
  const dir = path.join(CONTENT_DIR, folder);
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), "utf8")) as T);
}

let cache:
  | {
      templates: RawTemplateLike[];
      groups: RawTemplateLike[];
      entries: RawEntry[];
      lng: string;
      publishedId: string;
    }
  | undefined;

function snapshot() {
  if (cache) return cache;
  const languages = readAll<RawNamed>("languages");
  const statuses = readAll<RawNamed>("statuses");
  const lng = (languages.find((l) => l.default) ?? languages[0])?.code ?? "en";
  const published = statuses.find((s) => s.label === "Published");
  if (!published) throw new Error(`No "Published" status in ${CONTENT_DIR}/statuses`);
  cache = {
    templates: readAll<RawTemplateLike>("templates"),
    groups: readAll<RawTemplateLike>("groups"),
    entries: readAll<RawEntry>("entries"),
    lng,
    publishedId: published._id,
  };
  return cache;
}

/** An entry's props by name (first value of array props unwrapped for scalars). */
export type EntryProps = Record<string, unknown>;

function propsByName(props: RawProp[], schema: RawTemplateLike): EntryProps {
  const out: EntryProps = {};
  const { groups } = snapshot();
  for (const prop of props) {
    const name = schema.props.find((p) => p.id === prop.id)?.name;
    if (!name) continue;
    const data = prop.data;
    if (Array.isArray(data)) {
      out[name] = data.length <= 1 ? data[0] : data;
    } else if (data && typeof data === "object" && "items" in data) {
      const group = groups.find((g) => g._id === (data as unknown as { _id: string })._id);
      const items = (data as { items: { props: RawProp[] }[] }).items;
      out[name] =
        group === undefined ? undefined : items.map((item) => propsByName(item.props, group));
    } else {
      out[name] = data;
    }
  }
  return out;
}

/**
 * A template's entries (by name) as name → value maps, each marked public now or not: in
 * the Published status and inside its publish_at / unpublish_at, as the site decides.
 */
function entriesOf(templateName: string): { props: EntryProps; public: boolean }[] {
  const { templates, entries, lng, publishedId } = snapshot();
  const template = templates.find((t) => t.name === templateName);
  if (!template) throw new Error(`No template "${templateName}" in ${CONTENT_DIR}`);
  return entries
    .filter((e) => e.templateId === template._id)
    .map((e) => {
      const props = propsByName(e.meta.find((m) => m.lng === lng)?.props ?? [], template);
      const window = readWindow(props);
      const inStatus = e.statuses.some((s) => s.lng === lng && s.id === publishedId);
      return { props, public: inStatus && window.ok && windowIncludes(window.window, Date.now()) };
    });
}

/** Entries of a template (by name) visitors see now, as name → value maps. */
export function publishedEntries(templateName: string): EntryProps[] {
  return entriesOf(templateName)
    .filter((e) => e.public)
    .map((e) => e.props);
}

/** Slugs of entries of a template visitors do not see (drafts, scheduled for later). */
export function unpublishedSlugs(templateName: string): string[] {
  return entriesOf(templateName)
    .filter((e) => !e.public)
    .map((e) => String(e.props.slug));
}

function timestampOf(value: unknown): number {
  const ts = (value as { timestamp?: unknown } | undefined)?.timestamp;
  return typeof ts === "number" ? ts : 0;
}

/** Published news article slugs, newest first (the order of the /news list). */
export function newsSlugs(): string[] {
  return publishedEntries("news-article")
    .sort((a, b) => timestampOf(b.date) - timestampOf(a.date))
    .map((e) => String(e.slug));
}

/** Slugs of a template's published entries, sorted for determinism. */
export function slugsOf(templateName: string): string[] {
  return publishedEntries(templateName)
    .map((e) => String(e.slug))
    .sort();
}

function firstGroupItem(value: unknown): EntryProps | undefined {
  return Array.isArray(value) ? (value[0] as EntryProps | undefined) : undefined;
}

/**
 * The page title the content asks for (seo title, else the entry title) of the `page` or
 * `legal-page` entry with this path, or of the news article with this slug.
 */
export function contentTitle(
  kind: "page" | "legal-page" | "news-article",
  key: string,
): string | undefined {
  const field = kind === "news-article" ? "slug" : "path";
  const entry = publishedEntries(kind).find((e) => e[field] === key);
  if (!entry) throw new Error(`No published ${kind} with ${field} "${key}"`);
  const seoTitle = firstGroupItem(entry.seo)?.title;
  const title = typeof seoTitle === "string" && seoTitle.trim() !== "" ? seoTitle : entry.title;
  return typeof title === "string" ? title : undefined;
}
