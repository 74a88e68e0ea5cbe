// What the editors' desk lists of the content: every entry whose public face differs from what
// the CMS holds (a draft, a live page being reworked, a time to come) and every entry whose
// times the site refuses, each in plain words. Read with the preview's own content client, so
// it is what a preview would show.
import { getContentClient } from "./content-client.server";
import {
  entryPath,
  entrySlug,
  findPublishedEntryById,
  getDefaultLanguage,
  type LocalEntry,
  localise,
} from "./entries.server";
import { changedFields, PREVIEWABLE_TEMPLATES, previewSchedule } from "./preview.server";
import { entryStatusLabel, isPublicEntry, publicStatus } from "./public-status.server";
import { readWindow } from "./schedule.server";

export type DeskRowKind = "draft" | "reworked" | "publish" | "unpublish" | "refused";

export interface DeskRow {
  kind: DeskRowKind;
  template: string;
  entryId: string;
  /** The slug, or the id when there is none. */
  name: string;
  title: string;
  /** Plain words: what differs, when, or why the site refuses it. */
  detail: string;
  /** For a time to come: when (ms), for the order; the labels are in `detail`. */
  at?: number;
  /** For a time to come: the offset the editor saved it with (BCMS's `timezoneOffset`). */
  timezoneOffset?: number;
  /** Where its preview shows it; undefined when it has no address (then no preview). */
  path?: string;
}

/** The desk's rows: times to come first, soonest first, then drafts, reworked and refused. */
export async function readDeskRows(now: number): Promise<DeskRow[]> {
  const lng = await getDefaultLanguage();
  const rows: DeskRow[] = [];
  for (const template of PREVIEWABLE_TEMPLATES) {
    for (const raw of await getContentClient().entry.getAllParsed(template)) {
      const current = localise(raw, lng);
      if (!current) continue;
      const published = await findPublishedEntryById(template, current.id);
      const status = {
        label: entryStatusLabel(raw, lng),
        isPublic: isPublicEntry(raw, lng, publicStatus()),
      };
      rows.push(...rowsOf(current, published, status, now));
    }
  }
  const order: Record<DeskRowKind, number> = {
    publish: 0,
    unpublish: 0,
    draft: 1,
    reworked: 2,
    refused: 3,
  };
  return rows.sort(
    (a, b) =>
      order[a.kind] - order[b.kind] ||
      (a.at ?? 0) - (b.at ?? 0) ||
      a.template.localeCompare(b.template) ||
      a.name.localeCompare(b.name),
  );
}

/** One entry's rows (none when visitors see exactly what the CMS holds). */
export function rowsOf(
  current: LocalEntry,
  published: LocalEntry | undefined,
  status: { label: string; isPublic: boolean },
  now: number,
): DeskRow[] {
  const base = {
    template: current.templateName,
    entryId: current.id,
    name: entrySlug(current),
    title: typeof current.meta.title === "string" ? current.meta.title : entrySlug(current),
    path: entryPath(current),
  };
  const rows: DeskRow[] = [];
  const schedule = previewSchedule(current.meta);
  if (schedule?.problem) {
    rows.push({
      ...base,
      kind: "refused",
      detail: `The site refuses its times, so visitors see it as before: ${schedule.problem}`,
    });
  }
  const goesLive = schedule?.goesLive ? Date.parse(schedule.goesLive.iso) : Number.NaN;
  if (!published && !status.isPublic) {
    rows.push({ ...base, kind: "draft", detail: `Not on the site (status: ${status.label})` });
  } else if (!published && !(goesLive > now && !schedule?.problem)) {
    // Public status but off the site, and no time to come says when it goes live.
    rows.push({ ...base, kind: "draft", detail: "Not on the site: its times keep it off" });
  } else if (published) {
    const changed = changedFields(published, current);
    if (changed.length > 0) {
      rows.push({
        ...base,
        kind: "reworked",
        detail: `Live, with changes not yet public (${changed.join(", ")}; status: ${status.label})`,
      });
    }
  }
  const { window } = readWindow(current.meta);
  for (const [kind, time, date] of [
    ["publish", schedule?.goesLive, window.publishAt],
    ["unpublish", schedule?.leaves, window.unpublishAt],
  ] as const) {
    const at = time ? Date.parse(time.iso) : Number.NaN;
    if (!time || !(at > now) || schedule?.problem) continue;
    const verb = kind === "publish" ? "Goes live" : "Leaves the site";
    const waits = status.isPublic
      ? ""
      : `; nothing changes until its status is public (now: ${status.label})`;
    const detail = `${verb} ${time.utc} (${time.editor})${waits}`;
    rows.push({ ...base, kind, at, timezoneOffset: date?.timezoneOffset ?? 0, detail });
  }
  return rows;
}
