// A snapshot for scale measurements: a copy of a snapshot folder (the seed's content/) with
// extra news articles, each made by the seed's entry builder (ids of 24 hex from template and
// slug, published, dated one after another, a cover of the seed's) and written by the
// snapshot writer, so the content service reads them like any other entry.
//   npx tsx scripts/bench/generate-snapshot.ts OUT_DIR [ARTICLES]
import { cp, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Entry } from "@thebcms/types";
import { HOUR_MS } from "../../app/config/durations";
import { entityPath, writeEntityFile } from "../../content-server/snapshot-files";
import { news } from "../seed/content/news";
import { ps } from "../seed/dsl";
import { buildEntry, type EntrySpec } from "../seed/entries";
import type { MediaRef } from "../seed/media";

const PROJECT_DIR = path.resolve(fileURLToPath(new URL("../..", import.meta.url)));
export const SEED_CONTENT_DIR = path.join(PROJECT_DIR, "content");
/** Files written at once (each write is durable: two fsyncs). */
const WRITE_CONCURRENCY = 32;
/** The newest generated article; each next one is older by ARTICLE_SPACING_MS. */
const NEWEST = Date.UTC(2024, 11, 31, 12, 0, 0);
const ARTICLE_SPACING_MS = 7 * HOUR_MS;

const CATEGORIES = ["company", "product", "partnerships", "industry"] as const;
const SUBJECTS = [
  "Publishers",
  "Buyers",
  "Retail media networks",
  "Streaming platforms",
  "Agencies",
  "Data clean rooms",
  "Measurement partners",
  "Mobile apps",
] as const;
const FINDINGS = [
  "reach more of their audience with an interoperable ID",
  "see steadier match rates after the browser changes",
  "plan campaigns without third-party cookies",
  "measure frequency across devices",
  "keep consent signals attached to every impression",
  "connect first-party data without sharing it",
] as const;

export interface GeneratedArticle {
  id: string;
  slug: string;
  title: string;
  /** The entry file in the generated snapshot. */
  file: string;
}

export interface ScaleSnapshot {
  dir: string;
  articles: GeneratedArticle[];
}

const pick = <T>(list: readonly T[], n: number): T => list[n % list.length] as T;

/** The slug of generated article `n` (1-based). */
export const scaleArticleSlug = (n: number) => `scale-note-${String(n).padStart(5, "0")}`;

/** The spec of generated article `n` (1-based): a title, a date, a two-paragraph body. */
export function scaleArticleSpec(n: number, cover: MediaRef): EntrySpec {
  const subject = pick(SUBJECTS, n);
  const finding = pick(FINDINGS, Math.floor(n / SUBJECTS.length));
  const title = `${subject} ${finding} (note ${n})`;
  const description = `Field note ${n}: what we learned from ${subject.toLowerCase()} this week.`;
  const date = new Date(NEWEST - (n - 1) * ARTICLE_SPACING_MS).toISOString();
  return {
    template: "news-article",
    date,
    values: {
      title,
      slug: scaleArticleSlug(n),
      date,
      description,
      cover,
      category: pick(CATEGORIES, n),
      author: "ID5 Newsroom",
      seo: { title, description, image: cover, no_index: false },
    },
    content: ps(
      `${subject} told us how they ${finding}. This note collects what they measured and what changed for them over the week.`,
      `The figures behind note ${n} come from our partners' own reports; the [technology page](/technology) explains how the ID is made.`,
    ),
  };
}

/** The covers of the seed's own articles, taken in turn by the generated ones. */
function seedCovers(): MediaRef[] {
  const covers = news
    .map((spec) => spec.values.cover as MediaRef | undefined)
    .filter((cover): cover is MediaRef => cover !== undefined);
  if (covers.length === 0) throw new Error("the seed has no article cover to reuse");
  return covers;
}

/** Copies `from` to `to` and adds `articles` published news articles to the copy. */
export async function generateScaleSnapshot(options: {
  to: string;
  articles: number;
  from?: string;
}): Promise<ScaleSnapshot> {
  const from = options.from ?? SEED_CONTENT_DIR;
  await cp(from, options.to, { recursive: true });
  const covers = seedCovers();
  const articles: GeneratedArticle[] = [];
  const entries: Entry[] = [];
  for (let n = 1; n <= options.articles; n++) {
    const spec = scaleArticleSpec(n, pick(covers, n));
    const entry = buildEntry(spec);
    entries.push(entry);
    articles.push({
      id: entry._id,
      slug: scaleArticleSlug(n),
      title: String(spec.values.title),
      file: entityPath(options.to, "entries", entry._id),
    });
  }
  const ids = new Set(entries.map((entry) => entry._id));
  if (ids.size !== entries.length) throw new Error("two generated articles share an id");
  for (const id of ids) {
    const taken = await readFile(entityPath(options.to, "entries", id)).then(
      () => true,
      () => false,
    );
    if (taken) throw new Error(`generated id ${id} is already an entry of ${from}`);
  }
  let next = 0;
  const write = async () => {
    while (next < entries.length) {
      const entry = entries[next++] as Entry;
      await writeEntityFile(options.to, "entries", entry._id, entry);
    }
  };
  await Promise.all(Array.from({ length: WRITE_CONCURRENCY }, write));
  return { dir: options.to, articles };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [out, count] = process.argv.slice(2);
  if (!out) {
    console.error("usage: npx tsx scripts/bench/generate-snapshot.ts OUT_DIR [ARTICLES]");
    process.exit(1);
  }
  const started = performance.now();
  const snapshot = await generateScaleSnapshot({
    to: path.resolve(out),
    articles: Number(count ?? 1000),
  });
  console.log(
    `${snapshot.articles.length} articles added to ${snapshot.dir} in ${Math.round(performance.now() - started)} ms`,
  );
}
