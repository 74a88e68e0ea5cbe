// `event` entries → event cards and the event page. An event needs a start date and a
// title; it is upcoming until it ends (or, without an end, until it starts).
import { toContentBlocks } from "../blocks.server";
import { cardDate, toCard } from "../cards.server";
import { notFound, withContent } from "../content-errors.server";
import {
  findPublishedEntryBySlug,
  type LocalEntry,
  listPublishedSlugs,
  loadLinkContext,
  TEMPLATES,
} from "../entries.server";
import { toPageHead } from "../head.server";
import type { EventCardModel, EventModel } from "../models";
import { dateLabel, isoDate, isoDateTime, readDate, readString } from "../read.server";
import { eventPath } from "../urls";

export function toEventCard(entry: LocalEntry<"event">): EventCardModel | undefined {
  const date = readDate(entry.meta.start_date);
  if (!date) return undefined;
  return toCard(entry, eventPath, {
    ...cardDate(date),
    location: readString(entry.meta.location) ?? "",
  });
}

export function loadEvent(slug: string, path: string, now = new Date()): Promise<EventModel> {
  return withContent(path, async () => {
    const entry = await findPublishedEntryBySlug(TEMPLATES.event, slug);
    const card = entry && toEventCard(entry);
    const start = entry && readDate(entry.meta.start_date);
    if (!entry || !card || !start) notFound(path);
    const ctx = await loadLinkContext(`event ${slug}`);
    const end = readDate(entry.meta.end_date);
    const registrationUrl = readString(entry.meta.registration_url);
    return {
      ...card,
      head: toPageHead(entry, { description: card.description, image: entry.meta.cover }),
      startsAt: isoDateTime(start),
      ...(end
        ? { endsAt: isoDateTime(end), endDate: isoDate(end), endDateLabel: dateLabel(end) }
        : {}),
      ...(registrationUrl ? { registrationUrl } : {}),
      upcoming: (end ?? start) >= now,
      body: toContentBlocks(entry.content, ctx),
    };
  });
}

/** For prerendering: every published event's page. */
export async function listEventPaths(): Promise<string[]> {
  return (await listPublishedSlugs(TEMPLATES.event)).map(eventPath);
}
