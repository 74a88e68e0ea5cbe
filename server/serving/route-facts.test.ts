import type { ServerBuild } from "react-router";
import { matchRoutes } from "react-router";
import { describe, expect, it } from "vitest";
import { routeFactsOf, unknownAddressSamplesOf } from "./route-facts";

/** A build's route tree as the site's routes declare themselves (handle.query, handle.addresses). */
function buildOf(): ServerBuild {
  const route = (
    id: string,
    options: { path?: string; index?: boolean; parentId?: string; handle?: unknown },
  ) => ({
    id,
    parentId: options.parentId,
    path: options.path,
    index: options.index,
    module: { handle: options.handle },
  });
  const routes = {
    root: route("root", { path: "" }),
    home: route("home", { index: true, parentId: "root" }),
    contact: route("contact", { path: "contact", parentId: "root", handle: { query: ["sent"] } }),
    article: route("article", {
      path: "news/:slug",
      parentId: "root",
      handle: { query: ["page"], addresses: "listed" },
    }),
    page: route("page", { path: ":slug", parentId: "root", handle: { addresses: "listed" } }),
    missing: route("missing", { path: "*", parentId: "root", handle: { addresses: "none" } }),
  };
  return {
    routes,
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
}

describe("route facts", () => {
  const describeRoute = routeFactsOf(buildOf(), matchRoutes);

  it.each([
    // path, deepest route, pattern, addresses, query, tail
    ["/", "home", "/", "any", [], undefined],
    ["/contact", "contact", "/contact", "any", ["sent"], undefined],
    ["/about", "page", "/:slug", "listed", [], { prefix: "/", segments: "one" }],
    [
      "/news/x",
      "article",
      "/news/:slug",
      "listed",
      ["page"],
      { prefix: "/news/", segments: "one" },
    ],
    // The splat's paths share no page here: their first segment alone is a page's address.
    ["/a/b/c", "missing", "/*", "none", [], undefined],
  ] as const)(
    "%s: route %s, %s, addresses %s",
    (path, routeId, pattern, addresses, query, tail) => {
      const facts = describeRoute(path);
      expect(facts.routeId).toBe(routeId);
      expect(facts.pattern).toBe(pattern);
      expect(facts.addresses).toBe(addresses);
      expect([...(facts.query ?? [])]).toEqual(query);
      expect(facts.tail).toEqual(tail);
    },
  );

  it("answers for a path's shape: two slugs of one route share its facts", () => {
    expect(describeRoute("/news/one")).toBe(describeRoute("/news/two"));
    expect(describeRoute("/Contact").routeId).toBe("contact");
  });

  it("leaves React Router's route discovery to it, every parameter counting", () => {
    expect(describeRoute("/__manifest")).toEqual({ query: null, addresses: "any" });
  });

  it("samples one address of each route whose addresses are listed or none, by its pattern", () => {
    expect(unknownAddressSamplesOf(buildOf()).sort()).toEqual(
      ["/news/zz-any-segment", "/zz-any-segment", "/zz-any-segment"].sort(),
    );
  });
});
