import { describe, expect, it } from "vitest";
import { createMemoryStorage, createSafeStorage, sessionStorageOrMemory } from "./safe-storage";

describe("safe storage", () => {
  it("uses the real storage when it works", () => {
    const real = createMemoryStorage();
    const safe = createSafeStorage(() => real);
    safe.setItem("a", "1");
    expect(real.getItem("a")).toBe("1");
    expect(safe.getItem("a")).toBe("1");
    safe.removeItem("a");
    expect(real.getItem("a")).toBeNull();
  });

  it("falls back to memory when access throws", () => {
    const safe = createSafeStorage(() => {
      throw new Error("SecurityError");
    });
    safe.setItem("a", "1");
    expect(safe.getItem("a")).toBe("1");
    safe.removeItem("a");
    expect(safe.getItem("a")).toBeNull();
  });

  it("keeps values in memory when the quota is full", () => {
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
      removeItem: () => {},
    };
    const safe = createSafeStorage(() => full);
    safe.setItem("a", "1");
    expect(safe.getItem("a")).toBe("1");
  });

  it("works outside the browser", () => {
    const storage = sessionStorageOrMemory();
    storage.setItem("k", "v");
    expect(storage.getItem("k")).toBe("v");
  });
});
