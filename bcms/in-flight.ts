// Shares one request between identical concurrent reads (many pages prerendering at once ask
// for the same list). Reads with their own AbortSignal are not shared: one caller's abort must
// not fail another's read. A read never joins one begun before the cache last changed
// (`generation`): that answer may predate the change, and a page rendered for the change
// would show the old content.

export interface InFlight {
  run<T>(key: string, signal: AbortSignal | undefined, task: () => Promise<T>): Promise<T>;
  /** The shared read of `key` under way since the cache last changed, if any. */
  join<T>(key: string): Promise<T> | undefined;
}

/** `generation`: the cache's, which changes at each change it is told of (no cache: undefined). */
export function createInFlight(generation: () => number | undefined): InFlight {
  const pending = new Map<string, Promise<unknown>>();
  const now = (key: string) => `${generation() ?? ""}|${key}`;
  return {
    run<T>(key: string, signal: AbortSignal | undefined, task: () => Promise<T>): Promise<T> {
      if (signal) return task();
      const shared = now(key);
      const existing = pending.get(shared);
      if (existing) return existing as Promise<T>;
      const promise = task();
      pending.set(shared, promise);
      const clear = () => {
        if (pending.get(shared) === promise) pending.delete(shared);
      };
      promise.then(clear, clear);
      return promise;
    },
    join<T>(key: string): Promise<T> | undefined {
      return pending.get(now(key)) as Promise<T> | undefined;
    },
  };
}
