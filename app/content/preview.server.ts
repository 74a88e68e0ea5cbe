// What a preview needs of the content layer: which entry a link names (by template and slug
// or id, whatever its status), where its page is, and what the preview bar says about it
// (its status, the fields that differ from the version visitors see, the public page).
import { createHash } from "node:crypto";
import { getContentClient } from "./content-client.server";
import {
  entryPath,
  entrySlug,
  findPublishedEntryById,
  getDefaultLanguage,
  type LocalEntry,
  localise,
  TEMPLATES,
} from "./entries.server";
import type { PreviewTarget } from "./preview-context.server";
import { entryStatusLabel } from "./public-status.server";
import { offsetLabel, readWindow, type ScheduledDate, utcLabel } from "./schedule.server";

/** Templates whose entries have a page of their own, so a preview can show them. */
export const PREVIEWABLE_TEMPLATES: readonly string[] = Object.values(TEMPLATES);

export type PreviewEntryLookup =
  | { ok: true; target: PreviewTarget; path: string }
  | { ok: false; problem: string };

/** The entry of `templateName` with this slug or id, whatever its status. */
export async function findPreviewEntry(
  templateName: string,
  slugOrId: string,
): Promise<PreviewEntryLookup> {
  if (!PREVIEWABLE_TEMPLATES.includes(templateName)) {
    return {
      ok: false,
      problem: `Unknown template "${templateName}": previews exist for ${PREVIEWABLE_TEMPLATES.join(", ")}`,
    };
  }
  const [entries, lng] = await Promise.all([
    getContentClient().entry.getAllParsed(templateName),
    getDefaultLanguage(),
  ]);
  const local = entries
    .map((entry) => localise(entry, lng))
    .filter((e): e is LocalEntry => e !== undefined);
  const found =
    local.find((e) => e.id === slugOrId) ?? local.find((e) => entrySlug(e) === slugOrId);
  if (!found) {
    return { ok: false, problem: `No ${templateName} entry has the slug or id "${slugOrId}"` };
  }
  const path = entryPath(found);
  if (!path) {
    return { ok: false, problem: `The ${templateName} entry "${slugOrId}" has no page address` };
  }
  return { ok: true, target: { templateName, entryId: found.id }, path };
}

export interface PreviewDescription {
  /** Where the entry's page is with its current content. */
  path: string;
  title: string;
  /** The entry's status label (or id) in the site's language; "none" without one. */
  status: string;
  /** The page visitors see now, when the entry has a public version. */
  publicPath?: string;
  /** Fields whose current value differs from the public version ([] when equal or none). */
  changedFields: string[];
  /** When the entry goes live and leaves (publish_at, unpublish_at), when set. */
  schedule?: PreviewSchedule;
  /**
   * Names the entry's current record (a digest): a preview loaded again after an edit tells by
   * it whether another edit came while it loaded.
   */
  version?: string;
}

/** A time of the preview bar: in UTC, and at the offset the editor saved it with. */
export interface PreviewTime {
  /** ISO 8601 (for `<time datetime>`). */
  iso: string;
  utc: string;
  editor: string;
}

export interface PreviewSchedule {
  goesLive?: PreviewTime;
  leaves?: PreviewTime;
  /** Why the times are not used (the entry stays as visitors saw it). */
  problem?: string;
}

function previewTime(date: ScheduledDate | undefined): PreviewTime | undefined {
  return (
    date && {
      iso: new Date(date.at).toISOString(),
      utc: utcLabel(date.at),
      editor: offsetLabel(date),
    }
  );
}

/** What the preview bar says of the entry's times; undefined when it has none. */
export function previewSchedule(meta: LocalEntry["meta"]): PreviewSchedule | undefined {
  const reading = readWindow(meta);
  const goesLive = previewTime(reading.window.publishAt);
  const leaves = previewTime(reading.window.unpublishAt);
  const problem = reading.ok ? undefined : reading.problem;
  if (!goesLive && !leaves && !problem) return undefined;
  return {
    ...(goesLive ? { goesLive } : {}),
    ...(leaves ? { leaves } : {}),
    ...(problem ? { problem } : {}),
  };
}

/** The entry's current state for its preview, or undefined when it no longer exists. */
export async function describePreview(
  target: PreviewTarget,
): Promise<PreviewDescription | undefined> {
  const [entries, lng] = await Promise.all([
    getContentClient().entry.getAllParsed(target.templateName),
    getDefaultLanguage(),
  ]);
  const raw = entries.find((entry) => entry._id === target.entryId);
  const current = raw && localise(raw, lng);
  const path = current && entryPath(current);
  if (!raw || !current || !path) return undefined;
  const published = await findPublishedEntryById(target.templateName, target.entryId);
  return {
    path,
    title: typeof current.meta.title === "string" ? current.meta.title : path,
    status: entryStatusLabel(raw, lng),
    publicPath: published ? entryPath(published) : undefined,
    changedFields: published ? changedFields(published, current) : [],
    schedule: previewSchedule(current.meta),
    version: createHash("sha256").update(JSON.stringify(raw)).digest("base64url").slice(0, 22),
  };
}

/** The meta fields (and the body, as `content`) that differ between two versions. */
export function changedFields(before: LocalEntry, after: LocalEntry): string[] {
  // Every field either version has, whatever the template: read by name, not by the model.
  const was: Readonly<Record<string, unknown>> = before.meta;
  const is: Readonly<Record<string, unknown>> = after.meta;
  const names = [...new Set([...Object.keys(was), ...Object.keys(is)])];
  const changed = names.filter((name) => JSON.stringify(was[name]) !== JSON.stringify(is[name]));
  if (JSON.stringify(before.content) !== JSON.stringify(after.content)) changed.push("content");
  return changed;
}
