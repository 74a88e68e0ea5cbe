import { describe, expect, it } from "vitest";
import {
  compilePattern,
  DEFAULT_REDIRECT_STATUS,
  listRedirectSourcePaths,
  matchPattern,
  matchRedirect,
  REDIRECTS,
  redirectResponse,
  TEMPORARY_REDIRECT_STATUS,
} from "./redirect-table";

const SITE_ORIGIN = "https://id5.io";
const at = (path: string, origin = SITE_ORIGIN) => new URL(path, origin);
const match = (path: string, origin = SITE_ORIGIN) =>
  matchRedirect(at(path, origin), { siteOrigin: SITE_ORIGIN });

// Every redirect the site must answer, written out independently of the table.
const EXPECTED: [source: string, target: string, status: 301 | 302][] = [
  ["/publishers/sign-up", "/universal-id/media-owners", 301],
  ["/product", "/technology", 301],
  ["/connect", "/solutions", 301],
  ["/partner", "/solutions", 301],
  ["/partner-sign-up", "/solutions", 301],
  ["/universal-id", "/solutions", 301],
  ["/universal-id/esp", "/universal-id/email-service-providers", 301],
  ["/universal-id/adobe-experience-platform", "/partner-sign-up/adobe-experience-cloud", 302],
  ["/partner-sign-up/adobe-experience-platform", "/partner-sign-up/adobe-experience-cloud", 302],
  ["/partner-sign-up/adobeadvertising", "/partner-sign-up/adobe-advertising", 301],
  ["/universal-id/terms-and-conditions", "/universal-id/site-agreement.pdf", 302],
  ["/universal-id/terms-and-conditions-c2s", "/universal-id/site-agreement.pdf", 302],
  ["/partner-sign-up/terms-and-conditions", "/partner-sign-up/site-agreement.pdf", 302],
  ["/partner-sign-up/terms-and-conditions-c2s", "/partner-sign-up/site-agreement.pdf", 302],
  ["/privacy", "https://id5-sync.com/privacy", 301],
  ["/privacy-policy", "/trust/privacy-policy", 302],
  ["/cookie-policy", "/trust/cookie-policy", 302],
  ["/platform-privacy-policy", "/trust/platform-privacy-policy", 302],
  ["/id5-privacy-policy", "/trust/privacy-policy", 302],
  ["/cookie-disclosure/current", "/trust/cookie-disclosure", 302],
  ["/events", "/", 301],
  ["/resources/publisher-case-study", "/resources/case-study-publisher-addressability", 301],
  ["/resources/identity-report-2025", "/resources/state-of-identity-2026", 301],
];

describe("redirect table", () => {
  it("uses 301 by default and 302 where a row says so", () => {
    expect(DEFAULT_REDIRECT_STATUS).toBe(301);
    expect(TEMPORARY_REDIRECT_STATUS).toBe(302);
  });

  it.each(EXPECTED)("%s → %s (%i)", (source, target, status) => {
    expect(match(source)).toEqual({ location: target, status });
  });

  it("lists exactly the expected exact source paths, each once", () => {
    const sources = listRedirectSourcePaths();
    expect(sources).toEqual(EXPECTED.map(([source]) => source));
    expect(new Set(sources).size).toBe(sources.length);
  });

  it("has one table row per expected redirect plus the dated-news and host rules", () => {
    expect(REDIRECTS).toHaveLength(EXPECTED.length + 2);
  });

  it("tolerates trailing slashes", () => {
    expect(match("/product/")).toEqual({ location: "/technology", status: 301 });
    expect(match("/cookie-disclosure/current//")?.location).toBe("/trust/cookie-disclosure");
  });

  it("keeps the query string and hash on internal targets", () => {
    expect(match("/product?utm_source=x&b=2")?.location).toBe("/technology?utm_source=x&b=2");
    expect(match("/privacy-policy#us-state-privacy-rights")?.location).toBe(
      "/trust/privacy-policy#us-state-privacy-rights",
    );
  });

  it("does not append the query to external targets", () => {
    expect(match("/privacy?x=1")).toEqual({
      location: "https://id5-sync.com/privacy",
      status: 301,
    });
  });

  it("is case-sensitive on paths", () => {
    expect(match("/Product")).toBeNull();
    expect(match("/EVENTS")).toBeNull();
  });

  it("redirects old dated news URLs to /news/{slug}", () => {
    expect(match("/news/2023/05/12/id5-raises-series-b")).toEqual({
      location: "/news/id5-raises-series-b",
      status: 301,
    });
    expect(match("/news/2021/1/9/short-date/?ref=feed")?.location).toBe(
      "/news/short-date?ref=feed",
    );
  });

  it("does not treat other news paths as dated", () => {
    expect(match("/news/foo")).toBeNull();
    expect(match("/news")).toBeNull();
    expect(match("/news/page/2")).toBeNull();
    expect(match("/news/23/05/12/slug")).toBeNull();
    expect(match("/news/2023/05/12")).toBeNull();
    expect(match("/news/2023/05/12/slug/extra")).toBeNull();
  });

  it("sends any path on the news sub-host to {siteOrigin}/news (301)", () => {
    expect(match("/", "https://news.id5.io")).toEqual({
      location: "https://id5.io/news",
      status: 301,
    });
    expect(match("/2023/05/12/some-story", "https://news.id5.io")).toEqual({
      location: "https://id5.io/news",
      status: 301,
    });
    expect(match("/product", "https://NEWS.id5.io")?.location).toBe("https://id5.io/news");
  });

  it("does not match real pages", () => {
    for (const path of ["/", "/technology", "/solutions", "/trust/privacy-policy", "/news/foo"]) {
      expect(match(path)).toBeNull();
    }
    expect(match("/universal-id/media-owners")).toBeNull();
    expect(match("/partner-sign-up/adobe-advertising")).toBeNull();
    expect(match("/resources/state-of-identity-2026")).toBeNull();
  });

  it("never redirects to another redirect (no chains or loops)", () => {
    for (const rule of REDIRECTS) {
      if (rule.target.startsWith("/")) expect(match(rule.target.replace(/:\w+/g, "x"))).toBeNull();
    }
  });

  it("accepts a rules list (the manifest's copy) instead of the built-in table", () => {
    const rules = [{ pattern: "/a/:id", target: "/b/:id", status: 302 as const }];
    expect(matchRedirect(at("/a/7"), { siteOrigin: SITE_ORIGIN, rules })).toEqual({
      location: "/b/7",
      status: 302,
    });
    expect(matchRedirect(at("/product"), { siteOrigin: SITE_ORIGIN, rules })).toBeNull();
  });

  it("builds a redirect Response", () => {
    const res = redirectResponse(at("/events"), { siteOrigin: SITE_ORIGIN });
    expect(res?.status).toBe(301);
    expect(res?.headers.get("Location")).toBe("/");
    expect(redirectResponse(at("/about"), { siteOrigin: SITE_ORIGIN })).toBeNull();
  });
});

describe("pattern matcher", () => {
  it("matches literals, params, constrained params and a final *", () => {
    expect(matchPattern("/a/b", "/a/b")).toEqual({});
    expect(matchPattern("/a/:x", "/a/hello")).toEqual({ x: "hello" });
    expect(matchPattern("/a/:x(\\d+)", "/a/hello")).toBeNull();
    expect(matchPattern("/a/:x(\\d+)", "/a/42")).toEqual({ x: "42" });
    expect(matchPattern("/*", "/")).toEqual({});
    expect(matchPattern("/*", "/any/thing")).toEqual({});
    expect(matchPattern("/a/*", "/a")).toEqual({});
    expect(matchPattern("/a/*", "/ab")).toBeNull();
    expect(matchPattern("/", "/")).toEqual({});
    expect(matchPattern("/", "/x")).toBeNull();
  });

  it("escapes regex characters in literal segments", () => {
    expect(matchPattern("/file.pdf", "/file.pdf")).toEqual({});
    expect(matchPattern("/file.pdf", "/fileXpdf")).toBeNull();
  });

  it("anchors constrained params to the whole segment", () => {
    expect(matchPattern("/:y(\\d{4})", "/20245")).toBeNull();
    expect(matchPattern("/:y(\\d{4}|x)", "/x")).toEqual({ y: "x" });
  });

  it("rejects malformed patterns", () => {
    expect(() => compilePattern("product")).toThrow();
    expect(() => compilePattern("/*/x")).toThrow();
  });
});
