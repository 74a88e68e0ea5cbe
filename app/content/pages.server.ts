// Page loaders: published BCMS entries → the page models of models.ts. Route modules call
// these and nothing else; a missing page throws a 404 response (`Page Not Found: {path}`),
// an unreachable CMS a 503.
import { data } from "react-router";
import { BcmsError, BcmsTemplateNotFoundError } from "../../bcms";
import { getEnv } from "../config/env.server";
import type { FormDefinition } from "../forms/model";
import { toContentBlocks } from "./blocks.server";
import { getContentClient } from "./content-client.server";
import {
  getEntryPathIndex,
  getPublishedEntries,
  internalLinkResolver,
  type LocalEntry,
  TEMPLATES,
} from "./entries.server";
import { loadPointedForm } from "./forms.server";
import { logger } from "./log.server";
import { readMedia, toImageModel } from "./media.server";
import type {
  EventCardModel,
  EventModel,
  HeroModel,
  HeroTheme,
  JobModel,
  LegalPageModel,
  NewsArticleModel,
  NewsCardModel,
  NewsListModel,
  PageHead,
  ResourceCardModel,
  ResourceModel,
  SectionPageModel,
  TabModel,
  UniversalIdPageModel,
} from "./models";
import {
  dateLabel,
  isoDate,
  isRec,
  type Rec,
  readBoolean,
  readDate,
  readRecords,
  readRichItems,
  readString,
} from "./read.server";
import { sanitizeHtml } from "./sanitize-html.server";
import {
  CONTENT_URL_PATTERNS,
  contentPathFor,
  eventPath,
  newsArticlePath,
  numberedNewsPagePath,
  partnerSignUpPagePath,
  resourcePath,
  universalIdPagePath,
} from "./urls";

export const NEWS_PAGE_SIZE = 9;
export const NOT_FOUND_PREFIX = "Page Not Found: ";
export const CONTENT_UNAVAILABLE_MESSAGE =
  "The content service is unavailable. Please try again shortly.";

const HERO_THEMES: HeroTheme[] = ["blue-dark", "blue-light", "mint", "orange"];
const COVER_WIDTH = 720;
const RESOURCE_KIND_LABELS: Record<string, string> = {
  "case-study": "Case study",
  report: "Report",
  guide: "Guide",
  webinar: "Webinar",
};

export function notFound(path: string): never {
  throw data(`${NOT_FOUND_PREFIX}${path}`, { status: 404, statusText: "Not Found" });
}

/** Runs a loader body; CMS faults become a 503 response instead of a crash. */
export async function withContent<T>(path: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (error instanceof BcmsError || error instanceof BcmsTemplateNotFoundError) {
      logger.error("Content unavailable", { path, error: error.message });
      throw data(CONTENT_UNAVAILABLE_MESSAGE, { status: 503, statusText: "Service Unavailable" });
    }
    throw error;
  }
}

interface Ctx {
  source: string;
  resolveInternalHref: (href: string) => string | undefined;
}

async function context(source: string): Promise<Ctx> {
  const index = await getEntryPathIndex();
  return { source, resolveInternalHref: internalLinkResolver(index) };
}

function absoluteImage(value: unknown): string | undefined {
  const media = readMedia(value);
  if (!media || (media.type !== "IMG" && media.type !== "SVG")) return undefined;
  const image = toImageModel(value, { width: 1200 });
  return image ? new URL(image.src, getEnv().siteOrigin).href : undefined;
}

function toHead(
  entry: LocalEntry,
  fallback: { description?: string; image?: unknown } = {},
): PageHead {
  const seo = isRec(entry.meta.seo) ? entry.meta.seo : {};
  const title = readString(seo.title) ?? readString(entry.meta.title);
  const description = readString(seo.description) ?? fallback.description;
  const image = absoluteImage(seo.image) ?? absoluteImage(fallback.image);
  return {
    ...(title ? { title } : {}),
    ...(description ? { description } : {}),
    ...(image ? { image } : {}),
    ...(readBoolean(seo.no_index) ? { noIndex: true } : {}),
  };
}

function toHero(value: unknown, ctx: Ctx): HeroModel | undefined {
  if (!isRec(value)) return undefined;
  const titleHtml = readString(value.title);
  if (!titleHtml) return undefined;
  const theme = HERO_THEMES.find((t) => t === value.theme) ?? "blue-dark";
  const description = readString(value.description);
  const ctaLabel = readString(value.cta_label);
  const ctaHref = readString(value.cta_href);
  const image = toImageModel(value.image, { width: 640 });
  return {
    title: sanitizeHtml(titleHtml, { ...ctx, inlineOnly: true }),
    theme,
    ...(description ? { description } : {}),
    ...(ctaLabel && ctaHref ? { cta: { label: ctaLabel, href: ctaHref } } : {}),
    ...(image ? { image } : {}),
  };
}

function toTabs(value: unknown, ctx: Ctx): TabModel[] {
  return readRecords(value).flatMap((tab) => {
    const label = readString(tab.label);
    const anchor = readString(tab.anchor);
    if (!label || !anchor) return [];
    return [{ label, anchor, body: toContentBlocks(readRichItems(tab.body), ctx) }];
  });
}

function slugOf(entry: LocalEntry): string {
  return readString(entry.meta.slug) ?? entry.id;
}

function findByPath(entries: LocalEntry[], path: string): LocalEntry | undefined {
  return entries.find((e) => readString(e.meta.path) === path);
}

export function loadSectionPage(path: string): Promise<SectionPageModel> {
  return withContent(path, async () => {
    const entry = findByPath(await getPublishedEntries(TEMPLATES.page), contentPathFor(path));
    if (!entry) notFound(path);
    const ctx = await context(`page ${path}`);
    const hero = toHero(entry.meta.hero, ctx);
    const form = await loadPointedForm(entry.meta.form, ctx);
    return {
      path,
      title: readString(entry.meta.title) ?? "",
      head: toHead(entry, {
        description: typeof hero?.description === "string" ? hero.description : undefined,
        image: isRec(entry.meta.hero) ? entry.meta.hero.image : undefined,
      }),
      ...(hero ? { hero } : {}),
      body: toContentBlocks(entry.content, ctx),
      tabs: toTabs(entry.meta.tabs, ctx),
      ...(form ? { form } : {}),
    };
  });
}

export function loadLegalPage(path: string): Promise<LegalPageModel> {
  return withContent(path, async () => {
    const entry = findByPath(await getPublishedEntries(TEMPLATES.legalPage), path);
    if (!entry) notFound(path);
    const ctx = await context(`legal-page ${path}`);
    const updated = readDate(entry.meta.updated_at);
    const summary = readString(entry.meta.summary);
    return {
      path,
      title: readString(entry.meta.title) ?? "",
      head: {
        ...toHead(entry, { description: summary }),
        lang: entry.meta.language === "ja" ? "ja" : "en",
      },
      ...(summary ? { summary } : {}),
      ...(updated ? { updated: isoDate(updated), updatedLabel: dateLabel(updated) } : {}),
      lang: entry.meta.language === "ja" ? "ja" : "en",
      body: toContentBlocks(entry.content, ctx),
    };
  });
}

function toNewsCard(entry: LocalEntry): NewsCardModel | undefined {
  const date = readDate(entry.meta.date);
  const title = readString(entry.meta.title);
  if (!date || !title) return undefined;
  const cover = toImageModel(entry.meta.cover, { width: COVER_WIDTH });
  return {
    slug: slugOf(entry),
    href: newsArticlePath(slugOf(entry)),
    title,
    description: readString(entry.meta.description) ?? "",
    date: isoDate(date),
    dateLabel: dateLabel(date),
    category: readString(entry.meta.category) ?? "company",
    ...(cover ? { cover } : {}),
  };
}

async function newsEntries(): Promise<{ entry: LocalEntry; card: NewsCardModel }[]> {
  const entries = await getPublishedEntries(TEMPLATES.newsArticle);
  return entries
    .map((entry) => ({ entry, card: toNewsCard(entry) }))
    .filter((e): e is { entry: LocalEntry; card: NewsCardModel } => e.card !== undefined)
    .sort((a, b) => (a.card.date < b.card.date ? 1 : a.card.date > b.card.date ? -1 : 0));
}

export function loadNewsList(page: number, path: string): Promise<NewsListModel> {
  return withContent(path, async () => {
    const cards = (await newsEntries()).map((e) => e.card);
    const pageCount = Math.max(1, Math.ceil(cards.length / NEWS_PAGE_SIZE));
    if (!Number.isInteger(page) || page < 1 || page > pageCount) notFound(path);
    return {
      items: cards.slice((page - 1) * NEWS_PAGE_SIZE, page * NEWS_PAGE_SIZE),
      page,
      pageCount,
    };
  });
}

export function loadLatestNews(count: number): Promise<NewsCardModel[]> {
  return withContent("/", async () => (await newsEntries()).slice(0, count).map((e) => e.card));
}

export function loadNewsArticle(slug: string, path: string): Promise<NewsArticleModel> {
  return withContent(path, async () => {
    const found = (await newsEntries()).find((e) => e.card.slug === slug);
    if (!found) notFound(path);
    const ctx = await context(`news-article ${slug}`);
    const author = readString(found.entry.meta.author);
    return {
      ...found.card,
      head: toHead(found.entry, {
        description: found.card.description,
        image: found.entry.meta.cover,
      }),
      ...(author ? { author } : {}),
      body: toContentBlocks(found.entry.content, ctx),
    };
  });
}

function toEventCard(entry: LocalEntry): EventCardModel | undefined {
  const date = readDate(entry.meta.start_date);
  const title = readString(entry.meta.title);
  if (!date || !title) return undefined;
  const cover = toImageModel(entry.meta.cover, { width: COVER_WIDTH });
  return {
    slug: slugOf(entry),
    href: eventPath(slugOf(entry)),
    title,
    description: readString(entry.meta.description) ?? "",
    date: isoDate(date),
    dateLabel: dateLabel(date),
    location: readString(entry.meta.location) ?? "",
    ...(cover ? { cover } : {}),
  };
}

export function loadEvent(slug: string, path: string, now = new Date()): Promise<EventModel> {
  return withContent(path, async () => {
    const entry = (await getPublishedEntries(TEMPLATES.event)).find((e) => slugOf(e) === slug);
    const card = entry && toEventCard(entry);
    if (!entry || !card) notFound(path);
    const ctx = await context(`event ${slug}`);
    const end = readDate(entry.meta.end_date);
    const registrationUrl = readString(entry.meta.registration_url);
    return {
      ...card,
      head: toHead(entry, { description: card.description, image: entry.meta.cover }),
      ...(end ? { endDate: isoDate(end), endDateLabel: dateLabel(end) } : {}),
      ...(registrationUrl ? { registrationUrl } : {}),
      upcoming: (end ?? readDate(entry.meta.start_date) ?? now) >= now,
      body: toContentBlocks(entry.content, ctx),
    };
  });
}

function toResourceCard(entry: LocalEntry): ResourceCardModel | undefined {
  const title = readString(entry.meta.title);
  if (!title) return undefined;
  const kind = readString(entry.meta.kind) ?? "guide";
  const cover = toImageModel(entry.meta.cover, { width: COVER_WIDTH });
  return {
    slug: slugOf(entry),
    href: resourcePath(slugOf(entry)),
    title,
    description: readString(entry.meta.description) ?? "",
    kind,
    kindLabel: RESOURCE_KIND_LABELS[kind] ?? kind,
    ...(cover ? { cover } : {}),
  };
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
    const entry = (await getPublishedEntries(TEMPLATES.resource)).find((e) => slugOf(e) === slug);
    const card = entry && toResourceCard(entry);
    if (!entry || !card) notFound(path);
    const ctx = await context(`resource ${slug}`);
    const form = await loadPointedForm(entry.meta.form, ctx);
    return {
      ...card,
      head: toHead(entry, { description: card.description, image: entry.meta.cover }),
      body: toContentBlocks(entry.content, ctx),
      ...(form ? { form } : {}),
    };
  });
}

export function loadUniversalIdPage(slug: string, path: string): Promise<UniversalIdPageModel> {
  return withContent(path, async () => {
    const entry = (await getPublishedEntries(TEMPLATES.universalIdPage)).find(
      (e) => slugOf(e) === slug,
    );
    if (!entry) notFound(path);
    const ctx = await context(`universal-id-page ${slug}`);
    const description = readString(entry.meta.description) ?? "";
    const audience = readString(entry.meta.audience);
    const hero = toHero(entry.meta.hero, ctx);
    const form = await loadPointedForm(entry.meta.form, ctx);
    return {
      slug,
      title: readString(entry.meta.title) ?? "",
      description,
      ...(audience ? { audience } : {}),
      head: toHead(entry, { description }),
      ...(hero ? { hero } : {}),
      body: toContentBlocks(entry.content, ctx),
      ...(form ? { form } : {}),
    };
  });
}

export function loadJobs(): Promise<JobModel[]> {
  return withContent(CONTENT_URL_PATTERNS.jobs, async () =>
    (await getPublishedEntries(TEMPLATES.job)).flatMap((entry: LocalEntry): JobModel[] => {
      const m: Rec = entry.meta;
      const title = readString(m.title);
      const applyUrl = readString(m.apply_url);
      if (!title || !applyUrl) return [];
      return [
        {
          slug: slugOf(entry),
          title,
          department: readString(m.department) ?? "",
          location: readString(m.location) ?? "",
          employmentType: readString(m.employment_type) ?? "full-time",
          applyUrl,
          description: readString(m.description) ?? "",
        },
      ];
    }),
  );
}

/** Every path with content, for prerendering: fixed routes plus every CMS slug. */
export async function listContentPaths(): Promise<string[]> {
  const [news, events, resources, universal] = await Promise.all([
    newsEntries(),
    getPublishedEntries(TEMPLATES.event),
    getPublishedEntries(TEMPLATES.resource),
    getPublishedEntries(TEMPLATES.universalIdPage),
  ]);
  const pageCount = Math.max(1, Math.ceil(news.length / NEWS_PAGE_SIZE));
  const paths = [
    ...news.map((n) => n.card.href),
    ...Array.from({ length: pageCount }, (_, i) => numberedNewsPagePath(i + 1)),
    ...events.map((e) => eventPath(slugOf(e))),
    ...resources.map((r) => resourcePath(slugOf(r))),
    ...universal.flatMap((u) => [universalIdPagePath(slugOf(u)), partnerSignUpPagePath(slugOf(u))]),
  ];
  return paths;
}

/**
 * The form of the entry behind a page, for its action: the entry is found as the page's
 * loader finds it, but no page model is built (a submission needs the form only).
 */
function loadFormOf(
  path: string,
  find: () => Promise<LocalEntry | undefined>,
): Promise<FormDefinition | undefined> {
  return withContent(path, async () => {
    const entry = await find();
    if (!entry) notFound(path);
    return loadPointedForm(entry.meta.form, await context(`form of ${path}`));
  });
}

export function loadSectionPageForm(path: string): Promise<FormDefinition | undefined> {
  return loadFormOf(path, async () =>
    findByPath(await getPublishedEntries(TEMPLATES.page), contentPathFor(path)),
  );
}

export function loadUniversalIdPageForm(
  slug: string,
  path: string,
): Promise<FormDefinition | undefined> {
  return loadFormOf(path, async () =>
    (await getPublishedEntries(TEMPLATES.universalIdPage)).find((e) => slugOf(e) === slug),
  );
}

export function loadResourceForm(slug: string, path: string): Promise<FormDefinition | undefined> {
  return loadFormOf(path, async () =>
    (await getPublishedEntries(TEMPLATES.resource)).find((e) => slugOf(e) === slug),
  );
}

/** A resource's gated download (its `download` media), for the form that unlocks it. */
export function loadGatedDownload(
  slug: string,
): Promise<{ mediaId: string; name: string } | undefined> {
  return withContent(resourcePath(slug), async () => {
    const entry = (await getPublishedEntries(TEMPLATES.resource)).find((e) => slugOf(e) === slug);
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

/** A media file by its name (e.g. the site-agreement PDF); 404 when there is none. */
export function loadMediaByName(name: string): Promise<{ id: string; name: string }> {
  return withContent(name, async () => {
    const all = await getContentClient().media.getAll();
    const media = all.find((m) => m.name === name && m.type !== "DIR");
    if (!media) notFound(`/${name}`);
    return { id: media._id, name: media.name };
  });
}
