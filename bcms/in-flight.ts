// Shares one request between identical concurrent reads (many pages prerendering at once ask
// for the same list). Reads with their own AbortSignal are not shared: one caller's abort must
// not fail another's read.

export interface InFlight {
  run<T>(key: string, signal: AbortSignal | undefined, task: () => Promise<T>): Promise<T>;
  /** The shared read of `key` still under way, if any. */
  join<T>(key: string): Promise<T> | undefined;
}

export function createInFlight(): InFlight {
  const pending = new Map<string, Promise<unknown>>();
  return {
    run<T>(key: string, signal: AbortSignal | undefined, task: () => Promise<T>): Promise<T> {
      if (signal) return task();
      const existing = pending.get(key);
      if (existing) return existing as Promise<T>;
      const promise = task();
      pending.set(key, promise);
      const clear = () => {
        if (pending.get(key) === promise) pending.delete(key);
      };
      promise.then(clear, clear);
      return promise;
    },
    join<T>(key: string): Promise<T> | undefined {
      return pending.get(key) as Promise<T> | undefined;
    },
  };
}
