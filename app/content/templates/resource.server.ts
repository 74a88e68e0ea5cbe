// `resource` entries → resource cards (by title), the resource page with its form, and the
// gated download a sent form unlocks (never served by the public media route).
import type { FormDefinition } from "~/forms/model";
import { toContentBlocks } from "../blocks.server";
import { toCard } from "../cards.server";
import { notFound, withContent } from "../content-errors.server";
import {
  findPublishedEntryBySlug,
  getPublishedEntries,
  type LocalEntry,
  listPublishedSlugs,
  loadLinkContext,
  TEMPLATES,
} from "../entries.server";
import { loadEntryForm } from "../entry-form.server";
import { loadPointedForm } from "../forms.server";
import { toPageHead } from "../head.server";
import { readMedia } from "../media.server";
import type { ResourceCardModel, ResourceModel } from "../models";
import { readString } from "../read.server";
import { CONTENT_URL_PATTERNS, resourcePath } from "../urls";

const DEFAULT_RESOURCE_KIND = "guide";
const RESOURCE_KIND_LABELS: Record<string, string> = {
  "case-study": "Case study",
  report: "Report",
  guide: "Guide",
  webinar: "Webinar",
};

export function toResourceCard(entry: LocalEntry<"resource">): ResourceCardModel | undefined {
  const kind = readString(entry.meta.kind) ?? DEFAULT_RESOURCE_KIND;
  return toCard(entry, resourcePath, { kind, kindLabel: RESOURCE_KIND_LABELS[kind] ?? kind });
}

function findResource(slug: string): Promise<LocalEntry<"resource"> | undefined> {
  return findPublishedEntryBySlug(TEMPLATES.resource, slug);
}

export function loadResources(): Promise<ResourceCardModel[]> {
  return withContent(CONTENT_URL_PATTERNS.resourcesIndex, async () =>
    (await getPublishedEntries(TEMPLATES.resource))
      .map(toResourceCard)
      .filter((e): e is ResourceCardModel => e !== undefined)
      .sort((a, b) => a.title.localeCompare(b.title)),
  );
}

export function loadResource(slug: string, path: string): Promise<ResourceModel> {
  return withContent(path, async () => {
    const entry = await findResource(slug);
    const card = entry && toResourceCard(entry);
    if (!entry || !card) notFound(path);
    const ctx = await loadLinkContext(`resource ${slug}`);
    const form = await loadPointedForm(entry.meta.form, ctx);
    return {
      ...card,
      head: toPageHead(entry, { description: card.description, image: entry.meta.cover }),
      body: toContentBlocks(entry.content, ctx),
      ...(form ? { form } : {}),
    };
  });
}

export function loadResourceForm(slug: string, path: string): Promise<FormDefinition | undefined> {
  return loadEntryForm(path, () => findResource(slug));
}

/** A resource's gated download (its `download` media), for the form that unlocks it. */
export function loadGatedDownload(
  slug: string,
): Promise<{ mediaId: string; name: string } | undefined> {
  return withContent(resourcePath(slug), async () => {
    const entry = await findResource(slug);
    const media = entry && readMedia(entry.meta.download);
    return media ? { mediaId: media.id, name: media.name } : undefined;
  });
}

/** Ids of every media item that is a gated download: never served by the public media route. */
export async function listGatedMediaIds(): Promise<Set<string>> {
  const entries = await getPublishedEntries(TEMPLATES.resource);
  const ids = new Set<string>();
  for (const entry of entries) {
    const media = readMedia(entry.meta.download);
    if (media) ids.add(media.id);
  }
  return ids;
}

/** For prerendering: every published resource's page. */
export async function listResourcePaths(): Promise<string[]> {
  return (await listPublishedSlugs(TEMPLATES.resource)).map(resourcePath);
}
