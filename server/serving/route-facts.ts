// What the routes of a server build declare for a path, read from the build's route tree
// with React Router's own matching: which query parameters the page reads, and whether the
// path is one the site may have (docs/decisions/0015). The address decisions
// (site-addresses.ts) and the render cache key read them.
import type { ServerBuild } from "react-router";
import type { DeclaredQuery } from "../addresses/request-path";
import type { SplicedRoute } from "./spliced-page";

/**
 * Which paths a route has (its `handle.addresses`, app/root.tsx): "listed", only those the
 * content lists (its parameters name entries); "none", no path (the catch-all's 404);
 * "any", every path it matches.
 */
export type RouteAddresses = "any" | "listed" | "none";

export interface RouteFacts {
  /** The query parameters the page's routes read (`handle.query`); null: all of them. */
  query: ReadonlySet<string> | null;
  addresses: RouteAddresses;
  routeId?: string;
  /** The pattern of the routes it matches, joined (`/news/:slug`); undefined: none matched. */
  pattern?: string;
  /**
   * Its paths as a fixed prefix and one dynamic tail (`/news/` + a slug, `/` + a splat), or
   * undefined when its pattern is not of that shape (server/serving/spliced-page.ts).
   */
  tail?: SplicedRoute;
}

export type DescribeRoute = (pagePath: string) => RouteFacts;

export function declaredQueryOf(describeRoute: DescribeRoute): DeclaredQuery {
  return (pagePath) => describeRoute(pagePath).query;
}

/** React Router's route discovery address when the build names none. */
const DEFAULT_MANIFEST_PATH = "/__manifest";
const ROUTER_OWN: RouteFacts = { query: null, addresses: "any" };

/** Stands for a path segment no route names at its depth (route-facts shapes). */
const SHAPE_PLACEHOLDER = "zz-any-segment";

/** Most page paths whose route facts are remembered (known pages are far fewer). */
const MAX_REMEMBERED_PAGES = 10_000;

interface DeclaringRoute {
  id: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children: DeclaringRoute[];
}

/** The union of the matched routes' `handle.query`, the deepest one's `handle.addresses`. */
export function routeFactsOf(
  build: ServerBuild,
  matchRoutes: typeof import("react-router").matchRoutes,
): DescribeRoute {
  const byId = new Map<string, DeclaringRoute>();
  const routes = Object.values(build.routes).filter((route) => route !== undefined);
  for (const route of routes) {
    byId.set(route.id, {
      id: route.id,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
      children: [],
    });
  }
  const roots: DeclaringRoute[] = [];
  for (const route of routes) {
    const node = byId.get(route.id) as DeclaringRoute;
    const parent = route.parentId ? byId.get(route.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  const handleOf = (id: string) =>
    build.routes[id]?.module.handle as { query?: unknown; addresses?: unknown } | undefined;
  const remembered = new Map<string, RouteFacts>();
  // React Router answers route discovery itself (`/__manifest?p=…&version=…`), before any
  // route: every parameter counts, and it is no address of the catch-all.
  const discovery = build.routeDiscovery;
  const manifestPath =
    discovery?.mode === "lazy" ? (discovery.manifestPath ?? DEFAULT_MANIFEST_PATH) : undefined;
  // Matching is costly (React Router ranks every branch on each call: ~0.5 ms here), and a
  // scanner asks for a new path each time. A segment no route names at its depth can only
  // meet a dynamic segment or a splat there, as any other such segment would: the facts of
  // a path are those of its shape, where each such segment is a placeholder.
  const namedAt: Set<string>[] = [];
  const collect = (route: DeclaringRoute, depth: number) => {
    const segments = (route.path ?? "").split("/").filter(Boolean);
    segments.forEach((segment, k) => {
      if (segment.startsWith(":") || segment.includes("*")) return;
      namedAt[depth + k] ??= new Set();
      namedAt[depth + k]?.add(segment.toLowerCase());
    });
    for (const child of route.children) collect(child, depth + segments.length);
  };
  for (const root of roots) collect(root, 0);
  const shapeOf = (pagePath: string) =>
    `/${pagePath
      .split("/")
      .filter(Boolean)
      .map((segment, k) => {
        const named = segment.toLowerCase();
        return namedAt[k]?.has(named) ? named : SHAPE_PLACEHOLDER;
      })
      .join("/")}`;
  const describe = (pagePath: string): RouteFacts => {
    if (pagePath === manifestPath) return ROUTER_OWN;
    const shape = shapeOf(pagePath);
    let facts = remembered.get(shape);
    if (facts) return facts;
    facts = factsOf(shape);
    if (remembered.size >= MAX_REMEMBERED_PAGES) remembered.clear();
    remembered.set(shape, facts);
    return facts;
  };
  const factsOf = (pagePath: string): RouteFacts => {
    const matches = matchRoutes(roots as Parameters<typeof matchRoutes>[0], pagePath) ?? [];
    const query = new Set<string>();
    let addresses: RouteAddresses = "any";
    const pattern: string[] = [];
    for (const match of matches) {
      const path = (match.route as DeclaringRoute).path;
      if (path) pattern.push(...path.split("/").filter(Boolean));
      const handle = handleOf((match.route as DeclaringRoute).id);
      if (Array.isArray(handle?.query)) {
        for (const name of handle.query) if (typeof name === "string") query.add(name);
      }
      if (handle?.addresses === "listed" || handle?.addresses === "none") {
        addresses = handle.addresses;
      }
    }
    const leaf = matches.at(-1)?.route as DeclaringRoute | undefined;
    let tail = tailOf(pattern);
    // A page's HTML lists the routes its ancestors' paths match (React Router's partial
    // manifest). A splat's paths share one page only where every ancestor past `/` matches
    // nothing but the splat itself (`/wp-admin/x`, not `/about/x`).
    if (tail?.segments === "many" && leaf) {
      const segments = pagePath.split("/").filter(Boolean);
      for (let end = 1; end < segments.length && tail; end++) {
        const ancestor = `/${segments.slice(0, end).join("/")}`;
        const ancestorMatches = matchRoutes(roots as Parameters<typeof matchRoutes>[0], ancestor);
        const ancestorLeaf = ancestorMatches?.at(-1)?.route as DeclaringRoute | undefined;
        if (ancestorLeaf?.id !== leaf.id) tail = undefined;
      }
    }
    const joined = matches.length > 0 ? `/${pattern.join("/")}` : undefined;
    return { query, addresses, routeId: leaf?.id, tail, pattern: joined };
  };
  return describe;
}

/** A path of each route declaring `handle.addresses` "listed" or "none" (LoadedBuild). */
export function unknownAddressSamplesOf(build: ServerBuild): string[] {
  const samples: string[] = [];
  for (const route of Object.values(build.routes)) {
    const addresses = (route?.module.handle as { addresses?: unknown } | undefined)?.addresses;
    if (!route || (addresses !== "listed" && addresses !== "none")) continue;
    const segments: string[] = [];
    for (let at: typeof route | undefined = route; at; ) {
      segments.unshift(...(at.path ?? "").split("/").filter(Boolean));
      at = at.parentId ? build.routes[at.parentId] : undefined;
    }
    const sample = segments.map((segment) =>
      segment.startsWith(":") || segment.includes("*") ? SHAPE_PLACEHOLDER : segment,
    );
    samples.push(`/${sample.join("/")}`);
  }
  return samples;
}

/** `news/:slug` -> prefix `/news/`, one segment; `*` -> `/`, many; other shapes: undefined. */
function tailOf(pattern: readonly string[]): SplicedRoute | undefined {
  const last = pattern.at(-1);
  if (last === undefined) return undefined;
  const fixed = pattern.slice(0, -1);
  if (fixed.some((segment) => segment.startsWith(":") || segment.includes("*"))) return undefined;
  const prefix = `/${fixed.map((segment) => `${segment}/`).join("")}`;
  if (last === "*") return { prefix, segments: "many" };
  if (/^:[A-Za-z0-9_]+$/.test(last)) return { prefix, segments: "one" };
  return undefined;
}
