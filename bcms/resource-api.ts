// Read API of one simple BCMS resource kind (`{kind}/all`, `{kind}/{id}`) with the optional memory
// cache and its live invalidation. Used for templates, groups, widgets, languages, entry statuses
// and media.
import type { EntityCache, Identified } from "./cache";
import type { Guard, HttpClient, RequestOptions } from "./http";
import { createInFlight } from "./in-flight";
import type { BcmsLogger } from "./logger";
import { buildPath } from "./paths";

export interface ReadOptions extends RequestOptions {
  /** Bypass the memory cache for this read (the answer still refreshes the cache). */
  skipCache?: boolean;
}

/** What a socket event says about one item of a kind; id null means "unknown, refetch all". */
export interface ContentChange {
  type: "update" | "delete";
  id: string | null;
}

export interface ResourceApi<T extends Identified> {
  getAll(options?: ReadOptions): Promise<T[]>;
  get(id: string, options?: ReadOptions): Promise<T>;
  /**
   * Applies a socket event to the cache: `delete` drops the item; `update` drops the item and
   * the list (which may have changed), then refetches the item in the background; an event
   * whose id is unknown (a create, or a server quirk) drops the list.
   */
  applyChange(change: ContentChange): void;
  clearCache(): void;
}

export interface ResourceApiOptions<T extends Identified> {
  http: HttpClient;
  /** First path segment: `group`, `entry-status`, ... */
  segment: string;
  guard: Guard<T>;
  cache: EntityCache<T> | null;
  logger: BcmsLogger;
  /** Completes an item after fetching (SVG injection); false means "do not cache it". */
  complete?: (items: T[]) => Promise<boolean>;
}

export function createResourceApi<T extends Identified>(
  options: ResourceApiOptions<T>,
): ResourceApi<T> {
  const { http, segment, guard, cache, logger } = options;
  const complete = options.complete ?? (async () => true);
  const inFlight = createInFlight(() => cache?.generation);

  async function getAll(readOptions: ReadOptions = {}): Promise<T[]> {
    if (cache && !readOptions.skipCache) {
      const hit = cache.getAll();
      if (hit) return hit;
    }
    // Each caller gets its own array: shared requests must not share in-place sorting.
    const shared = inFlight.run(
      `all:${readOptions.skipCache === true}`,
      readOptions.signal,
      async () => {
        const generation = cache?.generation;
        const items = await http.items(buildPath(segment, "all"), guard, readOptions);
        const cacheable = await complete(items);
        if (cache && cacheable && cache.generation === generation) cache.setAll(items);
        return items;
      },
    );
    return [...(await shared)];
  }

  async function get(id: string, readOptions: ReadOptions = {}): Promise<T> {
    const path = buildPath(segment, id);
    if (cache && !readOptions.skipCache) {
      const hit = cache.get(id);
      if (hit) return hit;
      // The item is being refetched after an update event: share that read, the freshest.
      const refreshing = readOptions.signal ? undefined : inFlight.join<T>(`one:${id}:true`);
      if (refreshing) return refreshing;
    }
    return inFlight.run(
      `one:${id}:${readOptions.skipCache === true}`,
      readOptions.signal,
      async () => {
        const generation = cache?.generation;
        const item = await http.item({ ...readOptions, path }, guard);
        const cacheable = await complete([item]);
        if (cache && cacheable && cache.generation === generation) cache.set(item);
        return item;
      },
    );
  }

  function applyChange(change: ContentChange): void {
    if (!cache) return;
    if (change.id === null) {
      cache.clear();
      return;
    }
    if (change.type === "delete") {
      cache.remove(change.id);
      return;
    }
    const wasCached = cache.has(change.id);
    cache.invalidateAll();
    if (!wasCached) return;
    cache.remove(change.id);
    // Warm the cache again; a 404 (BCMS reports some deletes as updates) just leaves it dropped.
    get(change.id, { skipCache: true }).catch((error: unknown) => {
      logger.debug(`BCMS ${segment} ${change.id} not refreshed after an update event`, error);
    });
  }

  return { getAll, get, applyChange, clearCache: () => cache?.clear() };
}
