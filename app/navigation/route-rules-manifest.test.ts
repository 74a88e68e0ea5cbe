import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { REDIRECTS } from "../redirects/redirect-table";
import { IDLE_FALLBACK_DELAY_MS } from "./idle";
import {
  applyClientRedirect,
  isPrerendered,
  loadRouteRulesManifest,
  MANIFEST_DELAY_MS,
  manifestUrl,
  parseRouteRulesManifest,
  type RouteRulesManifest,
  shouldFetchManifest,
} from "./route-rules-manifest";

const manifest: RouteRulesManifest = {
  id: "abc123",
  timestamp: "2026-01-01T00:00:00.000Z",
  redirects: JSON.parse(JSON.stringify(REDIRECTS)),
  prerendered: ["/", "/about", "/news/page/2"],
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

describe("route-rules manifest", () => {
  it("lives at /builds/meta/{buildId}.json", () => {
    expect(manifestUrl("abc123")).toBe("/builds/meta/abc123.json");
    expect(manifestUrl("a/b")).toBe("/builds/meta/a%2Fb.json");
  });

  it("is skipped on slow-2g only", () => {
    expect(shouldFetchManifest({ effectiveType: "slow-2g" })).toBe(false);
    expect(shouldFetchManifest({ effectiveType: "2g" })).toBe(true);
    expect(shouldFetchManifest({ saveData: true })).toBe(true);
    expect(shouldFetchManifest(undefined)).toBe(true);
  });

  it("parses a manifest, dropping malformed rules", () => {
    const parsed = parseRouteRulesManifest({
      ...manifest,
      redirects: [
        ...manifest.redirects,
        { pattern: "no-slash", target: "/x", status: 301 },
        { pattern: "/x", target: "/y", status: 307 },
        { pattern: "/x", target: 5, status: 301 },
        null,
      ],
    });
    expect(parsed?.redirects).toEqual(manifest.redirects);
    expect(parsed?.prerendered).toEqual(manifest.prerendered);
    expect(parseRouteRulesManifest({ id: "x" })).toBeNull();
    expect(parseRouteRulesManifest("x")).toBeNull();
    expect(
      parseRouteRulesManifest({ id: "x", redirects: [], prerendered: "no" })?.prerendered,
    ).toEqual([]);
  });

  it("applies the table's redirects in-app", () => {
    const at = (p: string, origin = "https://id5.io") => new URL(p, origin);
    expect(applyClientRedirect(manifest, at("/product?x=1"))).toEqual({
      location: "/technology?x=1",
      status: 301,
    });
    expect(applyClientRedirect(manifest, at("/news/2024/02/03/launch"))?.location).toBe(
      "/news/launch",
    );
    expect(applyClientRedirect(manifest, at("/privacy"))?.location).toBe(
      "https://id5-sync.com/privacy",
    );
    expect(
      applyClientRedirect(manifest, at("/x", "https://news.id5.io"), "https://id5.io"),
    ).toEqual({ location: "https://id5.io/news", status: 301 });
    expect(applyClientRedirect(manifest, at("/technology"))).toBeNull();
  });

  it("knows the prerendered paths", () => {
    expect(isPrerendered(manifest, "/about/")).toBe(true);
    expect(isPrerendered(manifest, "/")).toBe(true);
    expect(isPrerendered(manifest, "/news/page/9")).toBe(false);
  });
});

describe("loadRouteRulesManifest", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const quiet = { debug: vi.fn() };

  it(`fetches ${MANIFEST_DELAY_MS} ms after idle`, async () => {
    expect(MANIFEST_DELAY_MS).toBe(1000);
    const idle: (() => void)[] = [];
    const win = {
      requestIdleCallback: (cb: () => void) => idle.push(cb),
      cancelIdleCallback: () => {},
    } as unknown as Window;
    const fetchMock = vi.fn<typeof fetch>().mockImplementation(async () => json(manifest));
    const promise = loadRouteRulesManifest({
      win,
      buildId: "abc123",
      fetch: fetchMock,
      log: quiet,
    });
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetchMock).not.toHaveBeenCalled(); // not idle yet
    idle[0]?.();
    await vi.advanceTimersByTimeAsync(MANIFEST_DELAY_MS - 1);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledWith("/builds/meta/abc123.json", expect.anything());
    await expect(promise).resolves.toEqual(manifest);
  });

  it("falls back to setTimeout without requestIdleCallback", async () => {
    const fetchMock = vi.fn<typeof fetch>().mockImplementation(async () => json(manifest));
    const promise = loadRouteRulesManifest({
      win: {},
      buildId: "abc123",
      fetch: fetchMock,
      log: quiet,
    });
    await vi.advanceTimersByTimeAsync(IDLE_FALLBACK_DELAY_MS + MANIFEST_DELAY_MS);
    await expect(promise).resolves.toEqual(manifest);
  });

  it("is skipped on slow-2g and without a build id", async () => {
    const fetchMock = vi.fn<typeof fetch>();
    await expect(
      loadRouteRulesManifest({
        win: {},
        buildId: "abc123",
        fetch: fetchMock,
        connection: { effectiveType: "slow-2g" },
      }),
    ).resolves.toBeNull();
    await expect(
      loadRouteRulesManifest({ win: {}, buildId: null, fetch: fetchMock }),
    ).resolves.toBeNull();
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("resolves null on network, HTTP and parse errors", async () => {
    for (const result of [
      Promise.reject(new TypeError("Failed to fetch")),
      Promise.resolve(json({}, 404)),
      Promise.resolve(json({ nope: true })),
    ]) {
      result.catch(() => {});
      const fetchMock = vi.fn<typeof fetch>().mockReturnValue(result);
      const promise = loadRouteRulesManifest({
        win: {},
        buildId: "x",
        fetch: fetchMock,
        log: quiet,
      });
      await vi.advanceTimersByTimeAsync(IDLE_FALLBACK_DELAY_MS + MANIFEST_DELAY_MS);
      await expect(promise).resolves.toBeNull();
    }
  });
});
