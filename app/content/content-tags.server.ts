// What a rendering read from the content service, as tags (the vocabulary: `contentTag`): the
// server keeps them per page (server/refresh/content-dependencies.ts) so an edit retires only
// the pages that used what changed, and sends them as Cache-Tag / Surrogate-Key so a CDN can
// purge exactly. The root middleware opens a record (AsyncLocalStorage) around the whole
// request, loaders included; the content layer adds to it.
import { AsyncLocalStorage } from "node:async_hooks";
import { appendFileSync } from "node:fs";
import { getEnv } from "~/config/env.server";

export const contentTag = {
  /** One entry's content was shown (a page's own entry, a card, a form). */
  entry: (id: string) => `entry:${id}`,
  /** The list of a template's published entries was used (jobs, resources, consent banner). */
  template: (name: string) => `template:${name}`,
  /**
   * Which of a template's entries a list holds, in which order (a news page, the home page's
   * latest news, the feed); such a page also records each entry it shows, so an edit that
   * keeps the order retires only the pages that show the entry.
   */
  order: (name: string) => `order:${name}`,
  /** An internal link resolved (or failed to resolve) an entry's address. */
  path: (id: string) => `path:${id}`,
  /** A media item was shown. */
  media: (id: string) => `media:${id}`,
  /** The media library was searched by name. */
  mediaLibrary: "media",
} as const;

/** A change whose reach is unknown (a template's fields, a reconnect): every page. */
export const EVERYTHING = "*";

/** The response headers a CDN purges by: Cloudflare reads the first, Fastly the second. */
export const CACHE_TAG_HEADER = "Cache-Tag";
export const SURROGATE_KEY_HEADER = "Surrogate-Key";

/** Tags as the Cache-Tag header lists them. */
export function parseCacheTag(header: string | null): string[] | undefined {
  if (header === null) return undefined;
  return header
    .split(",")
    .map((tag) => tag.trim())
    .filter(Boolean);
}

const reads = new AsyncLocalStorage<Set<string>>();

/** Notes that the current rendering used `tag` (outside a rendering: nothing happens). */
export function recordRead(tag: string): void {
  reads.getStore()?.add(tag);
}

/** Runs `work` with a fresh record of what it reads. */
export async function withReadRecord<T>(
  work: () => Promise<T>,
): Promise<{ value: T; tags: string[] }> {
  const record = new Set<string>();
  const value = await reads.run(record, work);
  return { value, tags: [...record].sort() };
}

/** Runs synchronous `work` with a record of its own (for work whose value is kept and reused). */
export function recordedReads<T>(work: () => T): { value: T; tags: string[] } {
  const record = new Set<string>();
  const value = reads.run(record, work);
  return { value, tags: [...record] };
}

/**
 * Sets the tag headers on a rendered response and, while prerendering, appends the page's
 * tags to the file the build reads (CONTENT_TAGS_FILE). Responses with immutable headers
 * (thrown redirects) are left as they are: they are never cached.
 */
export function labelResponse(response: Response, requestUrl: string, tags: string[]): void {
  if (tags.length > 0) {
    try {
      response.headers.set(CACHE_TAG_HEADER, tags.join(","));
      response.headers.set(SURROGATE_KEY_HEADER, tags.join(" "));
    } catch {
      // Immutable headers: a redirect thrown by a loader.
    }
  }
  const file = getEnv().contentTagsFile;
  if (file && response.status === 200) {
    const path = new URL(requestUrl).pathname;
    appendFileSync(file, `${JSON.stringify({ path, tags })}\n`);
  }
}
