// Reads what the CMS holds now as versions (content-versions.ts): lite entry lists (ids and
// update times, cheap), media, the schema, and the addresses and list orders the content
// layer makes of the published entries. The build records this before it prerenders; the
// server reads it at start (and after each change) to find what its pages miss, and its
// scheduler the times to come (publish_at, unpublish_at) from the same read.
import { createHash } from "node:crypto";
import { getContentClient } from "./content-client.server";
import {
  CONTENT_VERSIONS_FORMAT,
  type ContentVersions,
  type EntryVersion,
} from "./content-versions";
import { getEntryAddresses, getListOrders, getPublicSchedule } from "./entries.server";
import { viewTime } from "./last-public-versions.server";

const timeOf = (item: { updatedAt?: unknown }): number =>
  typeof item.updatedAt === "number" ? item.updatedAt : 0;

export async function readContentVersions(): Promise<ContentVersions> {
  const bcms = getContentClient();
  const [templates, groups, widgets, languages, statuses, media] = await Promise.all([
    bcms.template.getAll(),
    bcms.group.getAll(),
    bcms.widget.getAll(),
    bcms.language.getAll(),
    bcms.entryStatus.getAll(),
    bcms.media.getAll(),
  ]);
  const schema: Record<string, number> = {};
  const note = (kind: string, items: readonly { _id: string; updatedAt?: unknown }[]) => {
    for (const item of items) schema[`${kind}:${item._id}`] = timeOf(item);
  };
  note("template", templates);
  note("group", groups);
  note("widget", widgets);
  note("language", languages);
  note("status", statuses);

  const lists = await Promise.all(
    templates.map(async (template) => ({
      name: template.name,
      entries: await bcms.entry.getAllLite(template._id),
    })),
  );
  const readAt = viewTime();
  const [addresses, orders, { shown, schedule }] = await Promise.all([
    getEntryAddresses(),
    getListOrders(),
    getPublicSchedule(),
  ]);
  const entries: Record<string, EntryVersion> = {};
  for (const list of lists) {
    for (const entry of list.entries) {
      const path = addresses.get(entry._id)?.path;
      entries[entry._id] = {
        template: list.name,
        updatedAt: timeOf(entry),
        ...(path ? { path } : {}),
        shown: shown.get(entry._id) ?? "",
      };
    }
  }
  return {
    format: CONTENT_VERSIONS_FORMAT,
    entries,
    media: Object.fromEntries(media.map((item) => [item._id, timeOf(item)])),
    schema,
    orders: Object.fromEntries(
      [...orders].map(([template, ids]) => [
        template,
        createHash("sha256").update(ids).digest("hex").slice(0, 32),
      ]),
    ),
    schedule: { readAt, times: schedule },
  };
}
