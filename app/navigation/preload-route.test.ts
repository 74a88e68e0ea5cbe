import { afterEach, describe, expect, it, vi } from "vitest";
import { dataUrl, type ManifestRoute, preloadRoute, routeModules } from "./preload-route";

// The shape of window.__reactRouterManifest.routes: a flat record, children by parentId.
const routes: Record<string, ManifestRoute> = {
  root: { id: "root", path: "", module: "/assets/root.js" },
  "routes/home": { id: "routes/home", parentId: "root", index: true, module: "/assets/home.js" },
  "routes/news": { id: "routes/news", parentId: "root", path: "news", module: "/assets/news.js" },
  "routes/news-index": {
    id: "routes/news-index",
    parentId: "routes/news",
    index: true,
    module: "/assets/news-index.js",
  },
  "routes/news-article": {
    id: "routes/news-article",
    parentId: "routes/news",
    path: ":slug",
    module: "/assets/news-article.js",
  },
  "routes/legal": { id: "routes/legal", parentId: "root", module: "/assets/legal-layout.js" },
  "routes/legal-page": {
    id: "routes/legal-page",
    parentId: "routes/legal",
    path: "trust/:page",
    module: "/assets/legal-page.js",
  },
};

describe("routeModules", () => {
  it("lists the modules of the matching routes, root first", () => {
    expect(routeModules(routes, "/")).toEqual(["/assets/root.js", "/assets/home.js"]);
    expect(routeModules(routes, "/news")).toEqual([
      "/assets/root.js",
      "/assets/news.js",
      "/assets/news-index.js",
    ]);
    expect(routeModules(routes, "/news/launch?ref=home")).toEqual([
      "/assets/root.js",
      "/assets/news.js",
      "/assets/news-article.js",
    ]);
    expect(routeModules(routes, "/trust/cookie-policy")).toEqual([
      "/assets/root.js",
      "/assets/legal-layout.js",
      "/assets/legal-page.js",
    ]);
  });

  it("is empty when nothing matches", () => {
    expect(routeModules(routes, "/nowhere/at/all")).toEqual([]);
  });
});

describe("dataUrl", () => {
  it("is /_.data for the home page and {path}.data otherwise", () => {
    expect(dataUrl("/")).toBe("/_.data");
    expect(dataUrl("/news/launch")).toBe("/news/launch.data");
    expect(dataUrl("/news/")).toBe("/news.data");
  });

  it("keeps the query", () => {
    expect(dataUrl("/news?page=2")).toBe("/news.data?page=2");
    expect(dataUrl("/?utm=x")).toBe("/_.data?utm=x");
  });
});

describe("preloadRoute", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("fetches the page data and reads it to the end", async () => {
    const body = vi.fn(async () => new ArrayBuffer(0));
    const fetchMock = vi.fn(async () => ({ arrayBuffer: body }));
    vi.stubGlobal("fetch", fetchMock);
    vi.stubGlobal("window", {}); // no React Router manifest: data only
    await preloadRoute("/about", true);
    expect(fetchMock).toHaveBeenCalledWith("/about.data", { credentials: "same-origin" });
    expect(body).toHaveBeenCalledTimes(1);
  });

  it("imports the route modules on intent only", async () => {
    const module = (value: number) => `data:text/javascript,export default ${value}`;
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => ({ arrayBuffer: async () => new ArrayBuffer(0) })),
    );
    vi.stubGlobal("window", {
      __reactRouterManifest: {
        routes: {
          root: { id: "root", path: "", module: module(1) },
          about: { id: "about", parentId: "root", path: "about", module: module(2) },
        },
      },
    });
    expect(await preloadRoute("/about", false)).toEqual([new ArrayBuffer(0)]);
    const [, ...modules] = (await preloadRoute("/about", true)) as { default: number }[];
    expect(modules.map((m) => m.default)).toEqual([1, 2]);
  });

  it("rejects when the data request fails, so the queue may retry", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    vi.stubGlobal("window", {});
    await expect(preloadRoute("/about", false)).rejects.toThrow("Failed to fetch");
  });
});
