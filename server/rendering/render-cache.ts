// Renderings of pages and their client-navigation data, kept in memory: a bounded LRU
// (entries and bytes). A content change marks stale the entries that read what changed, and
// every rendering still running (the generation moves on); stale entries are served only as
// the fallback when a new rendering fails (CMS outage), until they are replaced or evicted.
import { CACHE_TAG_HEADER, parseCacheTag } from "../../app/content/content-tags.server";
import type { Representation } from "../serving/representation";

export const DEFAULT_RENDER_CACHE_ENTRIES = 500;
export const DEFAULT_RENDER_CACHE_BYTES = 50 * 1024 * 1024;

export interface CachedRendering {
  representation: Representation;
  /** Response headers to replay besides the body's own (Cache-Control, X-Remix-Response...). */
  headers: [string, string][];
}

interface Entry extends CachedRendering {
  generation: number;
  bytes: number;
}

export interface CacheLookup extends CachedRendering {
  fresh: boolean;
}

export class RenderCache {
  private readonly entries = new Map<string, Entry>();
  private totalBytes = 0;
  private currentGeneration = 0;
  readonly maxEntries: number;
  readonly maxBytes: number;

  constructor(options: { maxEntries?: number; maxBytes?: number } = {}) {
    this.maxEntries = options.maxEntries ?? DEFAULT_RENDER_CACHE_ENTRIES;
    this.maxBytes = options.maxBytes ?? DEFAULT_RENDER_CACHE_BYTES;
  }

  /** Changes on every content event; a rendering started in an older one is born stale. */
  get generation(): number {
    return this.currentGeneration;
  }

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.totalBytes;
  }

  get(key: string): CacheLookup | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return {
      representation: entry.representation,
      headers: entry.headers,
      fresh: entry.generation === this.currentGeneration,
    };
  }

  /**
   * Stores a rendering made during `generation` (read `generation` before rendering).
   * A rendering larger than the whole budget is not kept.
   */
  set(key: string, value: CachedRendering, generation: number): void {
    const bytes = value.representation.byteSize + key.length;
    this.delete(key);
    if (bytes > this.maxBytes) return;
    this.entries.set(key, { ...value, generation, bytes });
    this.totalBytes += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.totalBytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.totalBytes -= entry.bytes;
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.totalBytes -= entry.bytes;
  }

  markAllStale(): number {
    return this.markStale(() => true);
  }

  /**
   * The fresh entries `touched` picks become stale; returns how many. A rendering that
   * started before this call is born stale (the generation moves on), touched or not.
   */
  markStale(touched: (rendering: CachedRendering, key: string) => boolean): number {
    const previous = this.currentGeneration;
    this.currentGeneration += 1;
    let count = 0;
    for (const [key, entry] of this.entries) {
      if (entry.generation !== previous) continue;
      if (touched(entry, key)) count += 1;
      else entry.generation = this.currentGeneration;
    }
    return count;
  }
}

/** The tags a cached rendering was labelled with (none: it depends on everything). */
export function tagsOfRendering(rendering: CachedRendering): string[] | undefined {
  const header = rendering.headers.find(
    ([name]) => name.toLowerCase() === CACHE_TAG_HEADER.toLowerCase(),
  );
  return header ? parseCacheTag(header[1]) : undefined;
}
