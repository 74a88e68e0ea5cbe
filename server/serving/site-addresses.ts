// What an address is, decided in one place without rendering: a file of the client build,
// a prerendered page that answers it (its query included), a missing hashed asset, an
// address the site does not have (and the route whose 404 page it gets), or a page that
// needs a render. The request pipeline and the fast path both ask here; redirects, the
// server's own paths and previews come before, in the pipeline's order.

import {
  DATA_ROUTES_PARAM,
  dataRequestOfPage,
  pagePathOfDataRequest,
  withoutTrailingSlashes,
} from "../../app/navigation/page-paths";
import { significantSearch } from "../addresses/request-path";
import {
  ASSETS_PATH_PREFIX,
  PREVIEW_PATH_PREFIX,
  SERVER_OWN_PATHS,
} from "../addresses/server-paths";
import type { NotFoundKind, NotFoundRoute } from "./not-found";
import type { PrerenderedPages } from "./prerendered";
import { type DescribeRoute, declaredQueryOf } from "./route-facts";
import type { BuildFile, ClientFiles } from "./static-files";

/**
 * An address the site does not have: its kind and page, and the route whose 404 page it gets
 * (none when that route's page cannot be prepared).
 */
export interface MissingAddress {
  route?: NotFoundRoute;
  kind: NotFoundKind;
  page: string;
}

export class SiteAddresses {
  /** Addresses of listed pages added since the build. */
  private readonly added = new Set<string>();
  private readonly declaredQuery;

  constructor(
    private readonly files: ClientFiles,
    private readonly prerendered: PrerenderedPages,
    private readonly describeRoute: DescribeRoute,
  ) {
    this.declaredQuery = declaredQueryOf(describeRoute);
  }

  add(path: string): void {
    this.added.add(path);
  }

  delete(path: string): void {
    this.added.delete(path);
  }

  /** Whether a page at this path answers only while the site has it (a listed route's). */
  isListed(page: string): boolean {
    return this.describeRoute(page).addresses === "listed";
  }

  /** The file of the client build at a decoded path that is not a prerendered page. */
  staticFile(pathname: string): BuildFile | undefined {
    const file = this.files.lookup(pathname);
    return file && !this.prerendered.isPrerendered(file.relPath) ? file : undefined;
  }

  /** A hashed asset that is not there: a plain 404, never a rendered page. */
  isMissingAsset(pathname: string): boolean {
    return pathname.startsWith(ASSETS_PATH_PREFIX);
  }

  /**
   * Whether a prerendered file answers this URL: its query holds no parameter the page's
   * routes read (React Router's `_routes` of a `.data` request picks from the file's data,
   * which holds every route's). Pages of unknown routes take no query at all.
   */
  prerenderedAnswers(url: URL, pathname: string): boolean {
    if (url.search === "") return true;
    const dataPage = pagePathOfDataRequest(pathname);
    const declared = this.declaredQuery(dataPage ?? pathname);
    if (declared !== null || dataPage === null) return significantSearch(url, declared) === "";
    const params = new URLSearchParams(url.search);
    params.delete(DATA_ROUTES_PARAM);
    return params.size === 0;
  }

  /** The route pattern a decoded path matches (`/news/:slug`), never the path itself. */
  routeOf(pathname: string): string | undefined {
    return this.describeRoute(pagePathOfDataRequest(pathname) ?? pathname).pattern;
  }

  /** The query parameters a page's routes read (null: every one counts). */
  queryOf(pagePath: string): ReadonlySet<string> | null {
    return this.declaredQuery(pagePath);
  }

  /**
   * The address if the site does not have it, decided without rendering; null when it has it.
   * `rawPathname` is the request's own (the 404 page names it as sent); `pathname` decoded.
   */
  missing(rawPathname: string, pathname: string): MissingAddress | null {
    const describeRoute = this.describeRoute;
    // The server's own addresses, previews included (their refusals are 403s, never 404s).
    if (SERVER_OWN_PATHS.has(pathname) || pathname.startsWith(PREVIEW_PATH_PREFIX)) return null;
    const dataPage = pagePathOfDataRequest(pathname);
    const page = dataPage ?? pathname;
    const facts = describeRoute(page);
    if (facts.addresses === "any") return null;
    if (facts.addresses === "listed") {
      const bare = withoutTrailingSlashes(page);
      if (this.added.has(bare)) return null;
      if (this.prerendered.find(dataPage === null ? bare : dataRequestOfPage(bare))) return null;
    }
    const rawDataPage = pagePathOfDataRequest(rawPathname);
    return {
      ...(facts.routeId && facts.tail ? { route: { id: facts.routeId, tail: facts.tail } } : {}),
      ...(rawDataPage === null
        ? { kind: "page", page: rawPathname }
        : { kind: "data", page: rawDataPage }),
    };
  }

  /**
   * What the fast path answers before the pipeline: an address that would end as a 404 (no
   * file, no asset, unknown), or null to leave it to the pipeline.
   */
  missingBeforeFiles(
    rawPathname: string,
    pathname: string | null,
  ): Required<MissingAddress> | null {
    if (pathname === null || this.isMissingAsset(pathname) || this.files.lookup(pathname)) {
      return null;
    }
    const missing = this.missing(rawPathname, pathname);
    return missing?.route ? (missing as Required<MissingAddress>) : null;
  }
}
