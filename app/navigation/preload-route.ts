// The preload task of the link prefetcher: loads the route modules a path needs and warms
// its page data (`{path}.data`), so the next navigation has nothing left to fetch.
import { matchRoutes, type RouteObject } from "react-router";

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
}

interface RouterWindow {
  __reactRouterManifest?: { routes: Record<string, ManifestRoute> };
}

type IdRoute = RouteObject & { id: string };

/** The manifest's flat route list as a tree React Router can match against. */
export function routeTree(routes: Record<string, ManifestRoute>): IdRoute[] {
  const byParent = new Map<string | undefined, ManifestRoute[]>();
  for (const route of Object.values(routes)) {
    const list = byParent.get(route.parentId) ?? [];
    list.push(route);
    byParent.set(route.parentId, list);
  }
  const build = (parentId: string | undefined): IdRoute[] =>
    (byParent.get(parentId) ?? []).map((r) =>
      r.index
        ? { id: r.id, index: true as const }
        : { id: r.id, path: r.path, children: build(r.id) },
    );
  return build(undefined);
}

/** Module URLs of the routes that render `path`. */
export function routeModulesFor(routes: Record<string, ManifestRoute>, path: string): string[] {
  const matches = matchRoutes(routeTree(routes), path) ?? [];
  return matches
    .map((m) => routes[(m.route as IdRoute).id]?.module)
    .filter((m): m is string => typeof m === "string");
}

export function dataUrlFor(path: string): string {
  return path === "/" ? "/_.data" : `${path.replace(/\/$/, "")}.data`;
}

export async function preloadRoute(path: string): Promise<void> {
  const manifest = (window as RouterWindow).__reactRouterManifest;
  if (!manifest) return;
  const modules = routeModulesFor(manifest.routes, path);
  await Promise.all([
    ...modules.map((url) => import(/* @vite-ignore */ url)),
    fetch(dataUrlFor(path), { credentials: "same-origin" }).then((r) => r.arrayBuffer()),
  ]);
}
