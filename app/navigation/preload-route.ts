// What a link preload fetches: the page data React Router's next navigation would request
// (`{path}.data`) and, on intent, the route modules that render the path.
import { matchRoutes, type RouteObject } from "react-router";
import { dataRequestOfPage, withoutTrailingSlashes } from "./page-paths";

/** An entry of `window.__reactRouterManifest.routes` (the fields used here). */
export interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
}

type ModuleRoute = RouteObject & { module: string };

/** Module URLs of the routes matching `to`, root first. */
export function routeModules(routes: Record<string, ManifestRoute>, to: string): string[] {
  // The manifest is a flat list; matchRoutes wants a tree (index routes: leaves).
  const children = (parentId?: string): ModuleRoute[] =>
    Object.values(routes)
      .filter((r) => r.parentId === parentId)
      .map(({ id, path, index, module }) =>
        index ? { path, index, module } : { path, module, children: children(id) },
      );
  return matchRoutes(children(), to)?.map((m) => m.route.module) ?? [];
}

/** `/_.data` for the home page, else `{path}.data` without a trailing slash; query kept. */
export function dataUrl(path: string): string {
  const [, pathname = "/", search = ""] = /^([^?]*)(\?.*)?$/.exec(path) ?? [];
  return `${dataRequestOfPage(withoutTrailingSlashes(pathname))}${search}`;
}

/** Page data of `path`, plus its route modules when `withModules` (async: errors reject). */
export async function preloadRoute(path: string, withModules: boolean): Promise<unknown> {
  const routes = (window as { __reactRouterManifest?: { routes: Record<string, ManifestRoute> } })
    .__reactRouterManifest?.routes;
  return Promise.all([
    // Read to the end, so the whole response is in the HTTP cache for the navigation.
    fetch(dataUrl(path), { credentials: "same-origin" }).then((res) => res.arrayBuffer()),
    ...(withModules && routes
      ? routeModules(routes, path).map((url) => import(/* @vite-ignore */ url))
      : []),
  ]);
}
