// A preview's models carry the entry they were made from (source-marks.ts), so that every
// element showing one of its props is marked. Outside a preview this gives nothing: the
// public site's models, and so its HTML and its hydration data, are what they always were.
import { getEnv } from "../config/env.server";
import type { LocalEntry } from "./entries.server";
import { CONTENT_MODEL } from "./model/content-model";
import { currentPreview } from "./preview-context.server";
import { readString } from "./read.server";
import { dashboardUrl, type EntrySource } from "./source-marks";

const TEMPLATE_LABELS: ReadonlyMap<string, string> = new Map(
  CONTENT_MODEL.templates.map((template) => [template.name, template.label]),
);

/** Spread into a model: `{ source }` within a preview, `{}` anywhere else. */
export function entrySource(entry: LocalEntry): { source?: EntrySource } {
  if (!currentPreview()) return {};
  return { source: sourceOf(entry) };
}

function sourceOf(entry: LocalEntry): EntrySource {
  const templateId = entry.templateId ?? entry.templateName;
  const source: EntrySource = {
    template: TEMPLATE_LABELS.get(entry.templateName) ?? entry.templateName,
    templateId,
    entry: entry.id,
    title: readString(entry.meta.title) ?? entry.id,
  };
  const { preview, bcms } = getEnv();
  if (!preview.dashboardUrl) return source;
  const ids = { org: bcms.orgId, instance: bcms.instanceId, template: templateId, entry: entry.id };
  return { ...source, edit: dashboardUrl(preview.dashboardUrl, ids) };
}
