// `legal-page` entries → LegalPageModel: trust, legal and regional pages, each found by the
// path it carries, in English or Japanese.
import { toContentBlocks } from "../blocks.server";
import { notFound, withContent } from "../content-errors.server";
import { findPublishedEntryByPath, loadLinkContext, TEMPLATES } from "../entries.server";
import { entrySource } from "../entry-source.server";
import { toPageHead } from "../head.server";
import type { LegalPageModel } from "../models";
import { dateLabel, isoDate, readDate, readString } from "../read.server";

export function loadLegalPage(path: string): Promise<LegalPageModel> {
  return withContent(path, async () => {
    const entry = await findPublishedEntryByPath(TEMPLATES.legalPage, path);
    if (!entry) notFound(path);
    const ctx = await loadLinkContext(`legal-page ${path}`);
    const updated = readDate(entry.meta.updated_at);
    const summary = readString(entry.meta.summary);
    const lang = entry.meta.language === "ja" ? "ja" : "en";
    return {
      path,
      title: readString(entry.meta.title) ?? "",
      head: { ...toPageHead(entry, { description: summary }), lang },
      ...(summary ? { summary } : {}),
      ...(updated ? { updated: isoDate(updated), updatedLabel: dateLabel(updated) } : {}),
      lang,
      body: toContentBlocks(entry.content, ctx),
      ...entrySource(entry),
    };
  });
}
