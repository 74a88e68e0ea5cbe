// In-memory cache of one kind of BCMS entity (templates, groups, media, ...): the full list when
// it has been fetched, and single items by id. Invalidated from socket events (live-invalidation).

export interface Identified {
  _id: string;
}

export class EntityCache<T extends Identified> {
  private all: T[] | null = null;
  private readonly byId = new Map<string, T>();
  private invalidations = 0;

  /**
   * Changes on every invalidation. A read captures it before its request and stores the answer
   * only if it is unchanged: a response that raced an update event must not be cached.
   */
  get generation(): number {
    return this.invalidations;
  }

  /** A copy of the cached full list, or null when it is not cached. */
  getAll(): T[] | null {
    return this.all ? [...this.all] : null;
  }

  setAll(items: readonly T[]): void {
    this.all = [...items];
    for (const item of items) this.byId.set(item._id, item);
  }

  get(id: string): T | undefined {
    return this.byId.get(id) ?? this.all?.find((item) => item._id === id);
  }

  has(id: string): boolean {
    return this.get(id) !== undefined;
  }

  /** Stores one item; replaces it in the full list, or appends it there when it is new. */
  set(item: T): void {
    this.byId.set(item._id, item);
    if (!this.all) return;
    const index = this.all.findIndex((cached) => cached._id === item._id);
    if (index === -1) this.all.push(item);
    else this.all[index] = item;
  }

  /** Drops one item from the list and the id index. */
  remove(id: string): void {
    this.invalidations++;
    this.byId.delete(id);
    if (this.all) this.all = this.all.filter((item) => item._id !== id);
  }

  /** Forgets the full list (an item we never saw appeared) but keeps single items. */
  invalidateAll(): void {
    this.invalidations++;
    this.all = null;
  }

  clear(): void {
    this.invalidations++;
    this.all = null;
    this.byId.clear();
  }

  get size(): number {
    return new Set([...this.byId.keys(), ...(this.all ?? []).map((item) => item._id)]).size;
  }
}
