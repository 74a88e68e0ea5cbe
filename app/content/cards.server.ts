// The shape news, event and resource cards share: slug, link, title, description and cover,
// with each template's own fields between. An entry without a title makes no card.
import { contentTag, recordRead } from "./content-tags.server";
import { entryModifiedAt, entrySlug, type LocalEntry } from "./entries.server";
import { entrySource } from "./entry-source.server";
import { toImageModel } from "./media.server";
import type { ImageModel } from "./models";
import { dateLabel, isoDate, readString } from "./read.server";
import type { EntrySource } from "./source-marks";

/** The CSS width a card's cover renders at. */
export const COVER_WIDTH = 720;

export interface CardFields {
  slug: string;
  href: string;
  title: string;
  description: string;
  cover?: ImageModel;
  modifiedAt?: string;
  source?: EntrySource;
}

export function toCard<Own extends object>(
  entry: LocalEntry,
  pathOf: (slug: string) => string,
  own: Own,
): (CardFields & Own) | undefined {
  // A card shows its entry: a list that shows a window of its template depends on it.
  recordRead(contentTag.entry(entry.id));
  const title = readString(entry.meta.title);
  if (!title) return undefined;
  const slug = entrySlug(entry);
  const cover = toImageModel(entry.meta.cover, { width: COVER_WIDTH });
  const modifiedAt = entryModifiedAt(entry);
  return {
    slug,
    href: pathOf(slug),
    title,
    description: readString(entry.meta.description) ?? "",
    ...own,
    ...(modifiedAt ? { modifiedAt } : {}),
    ...(cover ? { cover } : {}),
    ...entrySource(entry),
  };
}

/** A dated card's date: ISO (yyyy-mm-dd) for machines and a label for people. */
export function cardDate(date: Date): { date: string; dateLabel: string } {
  return { date: isoDate(date), dateLabel: dateLabel(date) };
}
