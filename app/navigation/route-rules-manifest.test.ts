import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { IDLE_FALLBACK_DELAY_MS } from "./idle";
import {
  loadRouteRulesManifest,
  MANIFEST_DELAY_MS,
  type ManifestWindow,
} from "./route-rules-manifest";

// As written by scripts/build-records.ts.
const meta = {
  id: "abc123",
  timestamp: "2026-01-01T00:00:00.000Z",
  redirects: [{ pattern: "/product", target: "/technology", status: 301 }],
  prerendered: ["/", "/about", "/news/page/2"],
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function fakeWindow(options: { idle?: boolean; version?: string; effectiveType?: string } = {}) {
  const idle: (() => void)[] = [];
  const fetch = vi.fn<typeof globalThis.fetch>(async () => json(meta));
  const win = {
    fetch,
    navigator: { connection: { effectiveType: options.effectiveType ?? "4g" } },
    __reactRouterManifest: { version: "version" in options ? options.version : "abc123" },
    ...(options.idle
      ? {
          requestIdleCallback: (cb: () => void) => idle.push(cb),
          cancelIdleCallback: () => {},
        }
      : {}),
  } as ManifestWindow;
  return { win, fetch, idle };
}

describe("loadRouteRulesManifest", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it(`fetches /builds/meta/{buildId}.json ${MANIFEST_DELAY_MS} ms after idle`, async () => {
    expect(MANIFEST_DELAY_MS).toBe(1000);
    const { win, fetch, idle } = fakeWindow({ idle: true, version: "a/b" });
    const paths = loadRouteRulesManifest(win);
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetch).not.toHaveBeenCalled(); // not idle yet
    idle[0]?.();
    await vi.advanceTimersByTimeAsync(MANIFEST_DELAY_MS - 1);
    expect(fetch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledWith("/builds/meta/a%2Fb.json");
    await expect(paths).resolves.toEqual(["/", "/about", "/news/page/2"]);
  });

  it("falls back to setTimeout without requestIdleCallback", async () => {
    const { win, fetch } = fakeWindow();
    const paths = loadRouteRulesManifest(win);
    await vi.advanceTimersByTimeAsync(IDLE_FALLBACK_DELAY_MS + MANIFEST_DELAY_MS - 1);
    expect(fetch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledWith("/builds/meta/abc123.json");
    await expect(paths).resolves.toEqual(meta.prerendered);
  });

  it("is skipped on slow-2g (only) and without a build id", async () => {
    const slow = fakeWindow({ effectiveType: "slow-2g" });
    const noId = fakeWindow({ version: undefined });
    const twoG = fakeWindow({ effectiveType: "2g" });
    const results = [slow, noId, twoG].map(({ win }) => loadRouteRulesManifest(win));
    await vi.advanceTimersByTimeAsync(5000);
    await expect(Promise.all(results)).resolves.toEqual([null, null, meta.prerendered]);
    expect(slow.fetch).not.toHaveBeenCalled();
    expect(noId.fetch).not.toHaveBeenCalled();
  });

  it("drops paths that are not strings", async () => {
    const { win, fetch } = fakeWindow();
    fetch.mockResolvedValue(json({ ...meta, prerendered: ["/", 7, null, "/about"] }));
    const paths = loadRouteRulesManifest(win);
    await vi.advanceTimersByTimeAsync(5000);
    await expect(paths).resolves.toEqual(["/", "/about"]);
  });

  it.each([
    ["a network error", () => Promise.reject(new TypeError("Failed to fetch"))],
    ["an HTTP error", async () => json(meta, 404)],
    ["bad JSON", async () => new Response("{not json", { status: 200 })],
    ["JSON null", async () => json(null)],
    ["no prerendered array", async () => json({ ...meta, prerendered: "/" })],
  ])("resolves null on %s", async (_, answer) => {
    const { win, fetch } = fakeWindow();
    fetch.mockImplementation(answer);
    const paths = loadRouteRulesManifest(win);
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetch).toHaveBeenCalledTimes(1);
    await expect(paths).resolves.toBeNull();
  });
});
