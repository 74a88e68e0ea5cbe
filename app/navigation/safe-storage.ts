// sessionStorage that never throws: privacy modes and sandboxed frames make every access
// throw, and a quota can be full. Falls back to an in-memory map for the page's lifetime.

export type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export function createMemoryStorage(): KeyValueStorage {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => {
      values.set(key, String(value));
    },
    removeItem: (key) => {
      values.delete(key);
    },
  };
}

/** Wraps `getStorage()` (e.g. `() => window.sessionStorage`); memory on any failure. */
export function createSafeStorage(getStorage: () => KeyValueStorage | undefined): KeyValueStorage {
  const memory = createMemoryStorage();
  const attempt = <T>(use: (s: KeyValueStorage) => T, fallback: () => T): T => {
    try {
      const storage = getStorage();
      if (storage) return use(storage);
    } catch {
      // fall through to memory
    }
    return fallback();
  };
  return {
    getItem: (key) =>
      attempt(
        (s) => s.getItem(key) ?? memory.getItem(key),
        () => memory.getItem(key),
      ),
    setItem: (key, value) => {
      memory.setItem(key, value);
      attempt(
        (s) => s.setItem(key, value),
        () => undefined,
      );
    },
    removeItem: (key) => {
      memory.removeItem(key);
      attempt(
        (s) => s.removeItem(key),
        () => undefined,
      );
    },
  };
}

/** The browser's sessionStorage made safe, or plain memory outside the browser. */
export function sessionStorageOrMemory(): KeyValueStorage {
  return createSafeStorage(() =>
    typeof window === "undefined" ? undefined : window.sessionStorage,
  );
}
