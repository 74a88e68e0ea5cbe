// The news feed as an Atom 1.0 document (RFC 4287): a pure builder from plain entries to
// XML text, every value escaped (xml.ts). Ids are tag URIs (RFC 4151) made of the CMS
// entry id, so an entry keeps its id when its slug, or the site's domain, changes.
import { escapeXml } from "./xml";

export const FEED_MEDIA_TYPE = "application/atom+xml";
export const FEED_CONTENT_TYPE = `${FEED_MEDIA_TYPE}; charset=utf-8`;
/** How many articles the feed carries, the newest. */
export const FEED_ENTRY_LIMIT = 50;
/**
 * The authority and date of every id in the feed. Ids must never change (RFC 4287
 * §4.2.6): this is a name, not an address; keep it whatever the site's origin becomes.
 */
export const FEED_ID_PREFIX = "tag:id5.io,2026:";
/** An empty feed still needs an <updated>; the epoch keeps the output a function of content. */
const NO_UPDATE = "1970-01-01T00:00:00Z";

export interface FeedEntry {
  /** The CMS entry id. */
  entryId: string;
  title: string;
  /** Absolute URL of the entry's page. */
  url: string;
  /** ISO 8601 date-times. */
  published: string;
  updated?: string;
  summary?: string;
  author?: string;
  category?: string;
}

export interface FeedInput {
  /** What the feed is, after FEED_ID_PREFIX (`news`). */
  name: string;
  title: string;
  /** Absolute URLs: the feed itself, the page it mirrors, a square icon. */
  selfUrl: string;
  pageUrl: string;
  iconUrl?: string;
  /** Who writes it, when an entry names nobody. */
  authorName: string;
  authorUrl?: string;
  lang: string;
  /** Newest first. */
  entries: readonly FeedEntry[];
}

export const feedEntryId = (entryId: string) => `${FEED_ID_PREFIX}news-article/${entryId}`;

const later = (a: string, b: string | undefined) => (b && b > a ? b : a);

function entryXml(entry: FeedEntry): string {
  const updated = later(entry.published, entry.updated);
  const lines = [
    "  <entry>",
    `    <id>${escapeXml(feedEntryId(entry.entryId))}</id>`,
    `    <title type="text">${escapeXml(entry.title)}</title>`,
    `    <link rel="alternate" type="text/html" href="${escapeXml(entry.url)}"/>`,
    `    <published>${escapeXml(entry.published)}</published>`,
    `    <updated>${escapeXml(updated)}</updated>`,
  ];
  if (entry.author) lines.push(`    <author><name>${escapeXml(entry.author)}</name></author>`);
  if (entry.category) lines.push(`    <category term="${escapeXml(entry.category)}"/>`);
  if (entry.summary) lines.push(`    <summary type="text">${escapeXml(entry.summary)}</summary>`);
  lines.push("  </entry>");
  return lines.join("\n");
}

export function atomFeed(input: FeedInput): string {
  const updated = input.entries.reduce(
    (newest, entry) => later(newest, later(entry.published, entry.updated)),
    NO_UPDATE,
  );
  const author = [
    `<name>${escapeXml(input.authorName)}</name>`,
    ...(input.authorUrl ? [`<uri>${escapeXml(input.authorUrl)}</uri>`] : []),
  ].join("");
  const head = [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${escapeXml(input.lang)}">`,
    `  <id>${escapeXml(`${FEED_ID_PREFIX}${input.name}`)}</id>`,
    `  <title type="text">${escapeXml(input.title)}</title>`,
    `  <link rel="self" type="${FEED_MEDIA_TYPE}" href="${escapeXml(input.selfUrl)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(input.pageUrl)}"/>`,
    `  <updated>${escapeXml(updated)}</updated>`,
    `  <author>${author}</author>`,
    ...(input.iconUrl ? [`  <icon>${escapeXml(input.iconUrl)}</icon>`] : []),
  ];
  return `${[...head, ...input.entries.map(entryXml), "</feed>"].join("\n")}\n`;
}
