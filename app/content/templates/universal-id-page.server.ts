// `universal-id-page` entries → UniversalIdPageModel: the sign-up screens, shown both under
// /universal-id/ and under /partner-sign-up/.
import type { FormDefinition } from "~/forms/model";
import { toContentBlocks } from "../blocks.server";
import { notFound, withContent } from "../content-errors.server";
import {
  findPublishedEntryBySlug,
  type LocalEntry,
  listPublishedSlugs,
  loadLinkContext,
  TEMPLATES,
} from "../entries.server";
import { loadEntryForm } from "../entry-form.server";
import { entrySource } from "../entry-source.server";
import { loadPointedForm } from "../forms.server";
import { toPageHead } from "../head.server";
import { toHero } from "../hero.server";
import type { UniversalIdPageModel } from "../models";
import { readString } from "../read.server";
import { partnerSignUpPagePath, universalIdPagePath } from "../urls";

function findUniversalIdPage(slug: string): Promise<LocalEntry<"universal-id-page"> | undefined> {
  return findPublishedEntryBySlug(TEMPLATES.universalIdPage, slug);
}

export function loadUniversalIdPage(slug: string, path: string): Promise<UniversalIdPageModel> {
  return withContent(path, async () => {
    const entry = await findUniversalIdPage(slug);
    if (!entry) notFound(path);
    const ctx = await loadLinkContext(`universal-id-page ${slug}`);
    const description = readString(entry.meta.description) ?? "";
    const audience = readString(entry.meta.audience);
    const hero = toHero(entry.meta.hero, ctx);
    const form = await loadPointedForm(entry.meta.form, ctx);
    return {
      slug,
      title: readString(entry.meta.title) ?? "",
      description,
      ...(audience ? { audience } : {}),
      head: toPageHead(entry, { description }),
      ...(hero ? { hero } : {}),
      body: toContentBlocks(entry.content, ctx),
      ...(form ? { form } : {}),
      ...entrySource(entry),
    };
  });
}

export function loadUniversalIdPageForm(
  slug: string,
  path: string,
): Promise<FormDefinition | undefined> {
  return loadEntryForm(path, () => findUniversalIdPage(slug));
}

/** For prerendering: every page under both of its prefixes. */
export async function listUniversalIdPaths(): Promise<string[]> {
  return (await listPublishedSlugs(TEMPLATES.universalIdPage)).flatMap((slug) => [
    universalIdPagePath(slug),
    partnerSignUpPagePath(slug),
  ]);
}
