// `page` entries → SectionPageModel: the home page, section pages and the other fixed
// routes, each found by the path it carries.
import type { FormDefinition } from "~/forms/model";
import { toContentBlocks } from "../blocks.server";
import { notFound, withContent } from "../content-errors.server";
import {
  findPublishedEntryByPath,
  type LocalEntry,
  loadLinkContext,
  TEMPLATES,
} from "../entries.server";
import { loadEntryForm } from "../entry-form.server";
import { entrySource } from "../entry-source.server";
import { loadPointedForm } from "../forms.server";
import { toPageHead } from "../head.server";
import { toHero } from "../hero.server";
import type { SectionPageModel } from "../models";
import { isRec, readString } from "../read.server";
import { toTabs } from "../tabs.server";
import { contentPathFor } from "../urls";

async function findSectionPage(path: string): Promise<LocalEntry<"page"> | undefined> {
  return findPublishedEntryByPath(TEMPLATES.page, contentPathFor(path));
}

export function loadSectionPage(path: string): Promise<SectionPageModel> {
  return withContent(path, async () => {
    const entry = await findSectionPage(path);
    if (!entry) notFound(path);
    const ctx = await loadLinkContext(`page ${path}`);
    const hero = toHero(entry.meta.hero, ctx);
    const form = await loadPointedForm(entry.meta.form, ctx);
    return {
      path,
      title: readString(entry.meta.title) ?? "",
      head: toPageHead(entry, {
        description: typeof hero?.description === "string" ? hero.description : undefined,
        image: isRec(entry.meta.hero) ? entry.meta.hero.image : undefined,
      }),
      ...(hero ? { hero } : {}),
      body: toContentBlocks(entry.content, ctx),
      tabs: toTabs(entry.meta.tabs, ctx),
      ...(form ? { form } : {}),
      ...entrySource(entry),
    };
  });
}

export function loadSectionPageForm(path: string): Promise<FormDefinition | undefined> {
  return loadEntryForm(path, () => findSectionPage(path));
}
