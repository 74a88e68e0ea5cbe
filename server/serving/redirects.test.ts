import { describe, expect, it } from "vitest";
import {
  matchRedirect,
  NEWS_HOST_PREFIX,
  REDIRECTS,
  type RedirectRule,
} from "../../app/redirects/redirect-table";
import { RedirectIndex } from "./redirects";

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
