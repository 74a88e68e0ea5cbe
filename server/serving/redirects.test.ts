import { describe, expect, it } from "vitest";
import { mergeRedirects } from "../../app/redirects/cms-redirects";
import {
  matchRedirect,
  NEWS_HOST_PREFIX,
  REDIRECTS,
  type RedirectRule,
} from "../../app/redirects/redirect-table";
import { RedirectIndex, SiteRedirects } from "./redirects";

const SITE_ORIGIN = "https://id5.io";

/** Paths each rule's pattern matches (params filled), and near misses around them. */
function pathsAround(rules: readonly RedirectRule[]): string[] {
  const paths = new Set(["/", "/about", "/news/x", "/unknown", "/a/b/c", "//", "/%2Fproduct"]);
  for (const { pattern } of rules) {
    const filled = pattern.replace(/:[A-Za-z_]\w*(\([^)]*\))?/g, "2024").replace(/\/\*$/, "/x/y");
    for (const p of [filled, `${filled}/`, `${filled}/more`, filled.toUpperCase(), `${filled}x`]) {
      paths.add(p.startsWith("/") ? p : `/${p}`);
    }
  }
  return [...paths];
}

function expectSameAnswers(rules: readonly RedirectRule[]): number {
  const index = new RedirectIndex(rules);
  let compared = 0;
  for (const host of ["id5.io", `${NEWS_HOST_PREFIX}id5.io`]) {
    for (const path of pathsAround(rules)) {
      const url = new URL(`https://${host}${path}?q=1#h`);
      expect(index.match(url, SITE_ORIGIN), `${host}${path}`).toEqual(
        matchRedirect(url, { siteOrigin: SITE_ORIGIN, rules }),
      );
      compared += 1;
    }
  }
  return compared;
}

describe("RedirectIndex", () => {
  it("answers every path as the table's scan does, the site's rules", () => {
    expect(expectSameAnswers(REDIRECTS)).toBeGreaterThan(200);
    // The table does redirect some of them: the comparison is not all nulls.
    const index = new RedirectIndex(REDIRECTS);
    expect(index.match(new URL("https://id5.io/product"), SITE_ORIGIN)).toEqual({
      location: "/technology",
      status: 301,
    });
    expect(index.match(new URL("https://news.id5.io/any/path"), SITE_ORIGIN)?.location).toBe(
      "https://id5.io/news",
    );
  });

  it("keeps the table's order between a literal rule and an earlier catch-all", () => {
    const rules: RedirectRule[] = [
      { pattern: "/:section/old", target: "/:section/new", status: 302 },
      { pattern: "/docs/old", target: "/elsewhere", status: 301 },
      { pattern: "/docs/*", target: "/docs", status: 301 },
      { pattern: "/", target: "/home", status: 302 },
    ];
    expectSameAnswers(rules);
    const index = new RedirectIndex(rules);
    expect(index.match(new URL("https://id5.io/docs/old"), SITE_ORIGIN)?.location).toBe(
      "/docs/new",
    );
    expect(index.match(new URL("https://id5.io/"), SITE_ORIGIN)?.location).toBe("/home");
    expect(index.match(new URL("https://id5.io/other"), SITE_ORIGIN)).toBeNull();
  });
});

describe("SiteRedirects", () => {
  const site = new SiteRedirects();
  site.replace(
    mergeRedirects(
      {
        redirects: [
          { entryId: "r1", from: "/product", to: "/solutions", status: "307" },
          { entryId: "r2", from: "/spring", to: "https://example.com/offer", status: "308" },
        ],
        pages: new Map([["/news/now", "e1"]]),
        past: [
          { entryId: "e1", path: "/news/before", lastPublicAt: 1 },
          { entryId: "e1", path: "/events", lastPublicAt: 1 },
        ],
      },
      REDIRECTS,
      SITE_ORIGIN,
    ),
  );
  const answer = (path: string, method = "GET") =>
    site.redirectFor(new URL(`https://id5.io${path}`), method, SITE_ORIGIN);

  it("asks the CMS's redirects first, the code's table next, old addresses last", () => {
    expect(answer("/product?utm=x")?.headers.get("location")).toBe("/solutions?utm=x");
    expect(answer("/product")?.status).toBe(307);
    // /events is the code's (→ /): an old address there does not take it.
    expect(answer("/events")?.headers.get("location")).toBe("/");
    expect(answer("/news/before")?.headers.get("location")).toBe("/news/now");
    expect(answer("/connect")?.headers.get("location")).toBe("/solutions");
    expect(answer("/news/now")).toBeNull();
  });

  it("lets a browser keep a permanent one for an hour, and answers data requests in-app", () => {
    expect(answer("/spring")?.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(answer("/product")?.headers.get("cache-control")).toBeNull();
    // Tagged with the entry, so the purge of its change reaches a CDN's copy.
    expect(answer("/spring")?.headers.get("cache-tag")).toBe("entry:r2,template:redirect");
    expect(answer("/news/before")?.headers.get("cache-tag")).toBe("entry:e1,path:e1");
    expect(answer("/events")?.headers.get("cache-tag")).toBeNull();
    const data = answer("/news/before.data?_routes=root");
    expect(data?.status).toBe(204);
    expect(data?.headers.get("x-remix-redirect")).toBe("/news/now");
    expect(data?.headers.get("x-remix-status")).toBe("301");
    const external = answer("/spring.data");
    expect(external?.headers.get("x-remix-reload-document")).toBe("true");
    expect(external?.headers.get("x-remix-status")).toBe("308");
  });

  it("takes a code rule on through a CMS redirect of its target: one hop", () => {
    const chained = new SiteRedirects();
    chained.replace(
      mergeRedirects(
        {
          redirects: [
            { entryId: "t", from: "/technology", to: "/platform", status: "301" },
            {
              entryId: "e",
              from: "/universal-id/email-service-providers",
              to: "/esp",
              status: "302",
            },
          ],
          pages: new Map(),
          past: [],
        },
        REDIRECTS,
        SITE_ORIGIN,
      ),
    );
    const hop = (path: string) =>
      chained.redirectFor(new URL(`https://id5.io${path}`), "GET", SITE_ORIGIN);
    // The code's table sends /product to /technology, which the CMS sends on.
    expect(hop("/product?utm=x")?.headers.get("location")).toBe("/platform?utm=x");
    expect(hop("/product")?.status).toBe(301);
    expect(hop("/product")?.headers.get("cache-tag")).toBe("entry:t,template:redirect");
    expect(hop("/universal-id/esp")?.headers.get("location")).toBe("/esp");
    expect(hop("/universal-id/esp")?.status).toBe(302);
    // A code rule whose target the CMS leaves alone answers as before.
    expect(hop("/connect")?.headers.get("location")).toBe("/solutions");
  });

  it("forgets the CMS's part when it is replaced", () => {
    const other = new SiteRedirects();
    other.replace(
      mergeRedirects(
        {
          redirects: [{ entryId: "r", from: "/a", to: "/b", status: undefined }],
          pages: new Map(),
          past: [],
        },
        REDIRECTS,
        SITE_ORIGIN,
      ),
    );
    expect(other.exactSources()).toEqual(["/a"]);
    other.replace(
      mergeRedirects({ redirects: [], pages: new Map(), past: [] }, REDIRECTS, SITE_ORIGIN),
    );
    expect(other.redirectFor(new URL("https://id5.io/a"), "GET", SITE_ORIGIN)).toBeNull();
    expect(other.exactSources()).toEqual([]);
  });
});

describe("every Location checked in its final form", () => {
  it("never sends a target that reads as another host or holds a control character", () => {
    const site = new SiteRedirects();
    const exact = (target: string) =>
      ({ target, status: 301, entryId: "e1", source: "renamed" }) as const;
    // As a merge of some other origin could have made them: the last check is here.
    site.replace({
      cms: new Map([["/a", { ...exact("//evil.example/x"), source: "cms" as const }]]),
      renamed: new Map([
        ["/b", exact("/news/b\r\nSet-Cookie: x=1")],
        ["/c", exact("/news/c")],
      ]),
      notices: [],
    });
    const ask = (path: string) =>
      site.redirectFor(new URL(`https://id5.io${path}`), "GET", SITE_ORIGIN);
    expect(ask("/a")).toBeNull();
    expect(ask("/a.data")).toBeNull();
    expect(ask("/b")).toBeNull();
    expect(ask("/c")?.headers.get("location")).toBe("/news/c");
  });
});
