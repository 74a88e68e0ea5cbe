import { describe, expect, it } from "vitest";
import {
  type CmsRedirectEntry,
  checkCmsRedirect,
  exactLocation,
  mergeRedirects,
  type PastAddress,
  type RedirectSources,
} from "./cms-redirects";
import { REDIRECTS } from "./redirect-table";

const SITE_ORIGIN = "https://id5.io";

let ids = 0;
const cms = (from: string, to: string, status?: string): CmsRedirectEntry => ({
  entryId: `r${++ids}`,
  from,
  to,
  status,
});

function merge(parts: Partial<RedirectSources>) {
  return mergeRedirects(
    { redirects: [], pages: new Map(), past: [], ...parts },
    REDIRECTS,
    SITE_ORIGIN,
  );
}

describe("checking a redirect entry", () => {
  it.each([
    ["/spring", "/news", "/spring", "/news"],
    ["/spring/", "/news/?utm=x", "/spring", "/news?utm=x"],
    ["/café", "https://example.com/a", "/caf%C3%A9", "https://example.com/a"],
  ])("takes %s → %s", (from, to, path, target) => {
    const checked = checkCmsRedirect(cms(from, to));
    expect(checked).toMatchObject({ redirect: { from: path, target, status: 301 } });
  });

  it.each([
    ["news/x", "/news", '"from" is not a path'],
    ["//evil.example/x", "/news", '"from" is not a path'],
    ["https://id5.io/x", "/news", '"from" is not a path'],
    ["/a?b=1", "/news", "bare path"],
    ["/a/../b", "/news", "dot segment"],
    ["/a", "javascript:alert(1)", '"to" is neither'],
    ["/a", "data:text/html,hi", '"to" is neither'],
    ["/a", "http://other.example/", '"to" is neither'],
    ["/a", "//other.example/", '"to" is neither'],
    ["/a", "https://user:pw@other.example/", '"to" is neither'],
    ["/a", "/b c", "characters a path may not"],
  ])("refuses %s → %s", (from, to, problem) => {
    const checked = checkCmsRedirect(cms(from, to));
    expect("problem" in checked && checked.problem).toContain(problem);
  });

  it("takes the four statuses, 301 when unset, and refuses any other", () => {
    for (const status of ["301", "302", "307", "308"]) {
      expect(checkCmsRedirect(cms("/a", "/b", status))).toMatchObject({
        redirect: { status: Number(status) },
      });
    }
    expect(checkCmsRedirect(cms("/a", "/b"))).toMatchObject({ redirect: { status: 301 } });
    expect(checkCmsRedirect(cms("/a", "/b", "303"))).toMatchObject({
      problem: expect.stringContaining('"status"'),
    });
  });
});

describe("merging", () => {
  it("answers a chain in one hop, through the code's table too", () => {
    const a = cms("/a", "/b");
    const b = cms("/b", "/product", "302");
    const merged = merge({ redirects: [a, b] });
    // /product is the code table's: /product → /technology (301).
    expect(merged.cms.get("/a")).toMatchObject({ target: "/technology", status: 302 });
    expect(merged.cms.get("/b")).toMatchObject({ target: "/technology", status: 302 });
    expect(merged.notices).toEqual([]);
  });

  it("keeps the method of a 307/308 first step through a chain", () => {
    const merged = merge({ redirects: [cms("/a", "/b", "308"), cms("/b", "/c", "301")] });
    expect(merged.cms.get("/a")).toMatchObject({ target: "/c", status: 308 });
    const temporary = merge({ redirects: [cms("/a", "/b", "307"), cms("/b", "/c", "302")] });
    expect(temporary.cms.get("/a")).toMatchObject({ target: "/c", status: 307 });
  });

  it("refuses every redirect of a loop and what leads into it, naming each entry", () => {
    const a = cms("/a", "/b");
    const b = cms("/b", "/a?x=1");
    const c = cms("/c", "/a");
    const self = cms("/d", "/d");
    const merged = merge({ redirects: [a, b, c, self] });
    expect(merged.cms.size).toBe(0);
    expect(merged.notices.map((n) => [n.entryId, n.kind])).toEqual([
      [a.entryId, "refused"],
      [b.entryId, "refused"],
      [c.entryId, "refused"],
      [self.entryId, "refused"],
    ]);
    expect(merged.notices[0]?.problem).toContain("loop");
  });

  it("refuses a loop made with the code's table", () => {
    // The code sends /product to /technology; a CMS redirect sending /technology back loops.
    const merged = merge({ redirects: [cms("/technology", "/product")] });
    expect(merged.cms.size).toBe(0);
    expect(merged.notices[0]).toMatchObject({ kind: "refused" });
  });

  it("lets a CMS redirect replace a line of the code's table (looked up first)", () => {
    const merged = merge({ redirects: [cms("/product", "/solutions", "302")] });
    expect(merged.cms.get("/product")).toMatchObject({ target: "/solutions", status: 302 });
  });

  it("never hides a page the CMS publishes: the page wins, and says so", () => {
    const hidden = cms("/news/launch", "/news");
    const merged = merge({ redirects: [hidden], pages: new Map([["/news/launch", "p1"]]) });
    expect(merged.cms.size).toBe(0);
    expect(merged.notices).toEqual([
      expect.objectContaining({ entryId: hidden.entryId, kind: "hidden" }),
    ]);
    expect(merged.notices[0]?.problem).toContain("p1");
  });

  it("never hides a page of the code either (/solutions, /news, /)", () => {
    const redirects = [cms("/solutions", "/about"), cms("/news", "/x"), cms("/", "/y")];
    const merged = merge({ redirects });
    expect(merged.cms.size).toBe(0);
    expect(merged.notices.map((n) => n.kind)).toEqual(["hidden", "hidden", "hidden"]);
    expect(merged.notices[0]?.problem).toContain("the page wins");
    const old = merge({
      pages: new Map([["/about", "e1"]]),
      past: [{ entryId: "e1", path: "/solutions", lastPublicAt: 1 }],
    });
    expect(old.renamed.has("/solutions")).toBe(false);
  });

  it("keeps the first of two redirects with one `from` and says the other is hidden", () => {
    const first = cms("/a", "/b");
    const second = cms("/a/", "/c");
    const merged = merge({ redirects: [first, second] });
    expect(merged.cms.get("/a")).toMatchObject({ entryId: first.entryId, target: "/b" });
    expect(merged.notices).toEqual([
      expect.objectContaining({ entryId: second.entryId, kind: "hidden" }),
    ]);
  });
});

describe("old addresses of renamed entries", () => {
  const past = (entryId: string, path: string, lastPublicAt: number): PastAddress => ({
    entryId,
    path,
    lastPublicAt,
  });

  it("sends a universal-id page's old address under /partner-sign-up/ to its new one there", () => {
    const merged = merge({
      pages: new Map([["/universal-id/new-name", "u1"]]),
      past: [past("u1", "/universal-id/old-name", 1)],
    });
    expect(merged.renamed.get("/universal-id/old-name")).toMatchObject({
      target: "/universal-id/new-name",
    });
    expect(merged.renamed.get("/partner-sign-up/old-name")).toMatchObject({
      target: "/partner-sign-up/new-name",
      status: 301,
      entryId: "u1",
    });
    // Another kind of page has no partner address.
    const news = merge({ pages: new Map([["/news/b", "n1"]]), past: [past("n1", "/news/a", 1)] });
    expect([...news.renamed.keys()]).toEqual(["/news/a"]);
  });

  it("sends every old address straight to the current one", () => {
    const merged = merge({
      pages: new Map([["/news/third", "e1"]]),
      past: [
        past("e1", "/news/first", 1),
        past("e1", "/news/second", 2),
        past("e1", "/news/third", 3),
      ],
    });
    expect(merged.renamed.get("/news/first")).toMatchObject({ target: "/news/third", status: 301 });
    expect(merged.renamed.get("/news/second")).toMatchObject({ target: "/news/third" });
    expect(merged.renamed.has("/news/third")).toBe(false);
  });

  it("gives an old address taken by another entry to that entry", () => {
    const merged = merge({
      pages: new Map([
        ["/news/new-name", "e1"],
        ["/news/old-name", "e2"],
      ]),
      past: [past("e1", "/news/old-name", 1)],
    });
    expect(merged.renamed.size).toBe(0);
  });

  it("of two entries that held an address, sends it to the one that held it last", () => {
    const merged = merge({
      pages: new Map([
        ["/news/a-now", "e1"],
        ["/news/b-now", "e2"],
      ]),
      past: [past("e1", "/news/shared", 1), past("e2", "/news/shared", 5)],
    });
    expect(merged.renamed.get("/news/shared")).toMatchObject({
      entryId: "e2",
      target: "/news/b-now",
    });
  });

  it("lets an explicit CMS redirect beat an old address, and forgets a deleted entry's", () => {
    const merged = merge({
      redirects: [cms("/news/old", "/news")],
      pages: new Map([["/news/new", "e1"]]),
      past: [past("e1", "/news/old", 1), past("gone", "/news/deleted", 1)],
    });
    expect(merged.cms.get("/news/old")).toMatchObject({ target: "/news", source: "cms" });
    expect(merged.renamed.size).toBe(0);
  });

  it("a CMS redirect to an old address ends at the entry's current one", () => {
    const merged = merge({
      redirects: [cms("/spring", "/news/old")],
      pages: new Map([["/news/new", "e1"]]),
      past: [past("e1", "/news/old", 1)],
    });
    expect(merged.cms.get("/spring")).toMatchObject({ target: "/news/new", status: 301 });
  });
});

describe("the answer's location", () => {
  it("keeps the request's query on a path target without one", () => {
    const redirect = { target: "/news", status: 301, entryId: "r", source: "cms" } as const;
    expect(exactLocation(redirect, "?utm=x")).toBe("/news?utm=x");
    expect(exactLocation({ ...redirect, target: "/news?tag=a" }, "?utm=x")).toBe("/news?tag=a");
    expect(exactLocation({ ...redirect, target: "https://example.com/" }, "?utm=x")).toBe(
      "https://example.com/",
    );
  });
});

describe("what the CMS may not redirect (the site's own addresses, targets off the site)", () => {
  it.each([
    "/assets/entry.client-abc123.js",
    "/media/0123456789abcdef01234567/sec.js",
    "/media",
    "/_preview/token",
    "/builds/latest.json",
    "/robots.txt",
    "/sitemap.xml",
    "/healthz",
    "/readyz",
    "/csp-report",
    "/%61ssets/entry.client-abc123.js",
  ])("refuses a redirect from %s, an address the site keeps", (from) => {
    const checked = checkCmsRedirect(cms(from, "/media/0123456789abcdef01234567/sec.js"));
    expect("problem" in checked && checked.problem).toContain("keeps for itself");
  });

  it("refuses a redirect from a file of the build, as the server names them", () => {
    const isBuildFile = (path: string) => path === "/favicon-32.png";
    const merged = mergeRedirects(
      { redirects: [cms("/favicon-32.png", "/news")], pages: new Map(), past: [], isBuildFile },
      REDIRECTS,
      SITE_ORIGIN,
    );
    expect(merged.cms.size).toBe(0);
    expect(merged.notices).toMatchObject([{ kind: "refused", from: "/favicon-32.png" }]);
  });

  it.each(["/.//evil.example/x", "/./\\evil.example/x", "/a/..//evil.example/x"])(
    "refuses %s, which normalises to another host",
    (to) => {
      const checked = checkCmsRedirect(cms("/a", to));
      expect("problem" in checked && checked.problem).toMatch(/"to" (leads off the site|has)/);
    },
  );

  it.each([
    ["//evil.example/x", "leads off the site"],
    ["/news/a\r\nSet-Cookie: x=1", "control character"],
    ["/news/a\u0085b", "control character"],
  ])("refuses an old address whose entry's address is now %j", (now, problem) => {
    const merged = merge({
      pages: new Map([[now, "e1"]]),
      past: [{ entryId: "e1", path: "/news/old", lastPublicAt: 1 }],
    });
    expect(merged.renamed.size).toBe(0);
    expect(merged.notices).toHaveLength(1);
    expect(merged.notices[0]).toMatchObject({ entryId: "e1", from: "/news/old", kind: "refused" });
    expect(merged.notices[0]?.problem).toContain(problem);
  });

  it("refuses an old address that is the site's own", () => {
    const merged = merge({
      pages: new Map([["/news/new", "e1"]]),
      past: [{ entryId: "e1", path: "/robots.txt", lastPublicAt: 1 }],
    });
    expect(merged.renamed.size).toBe(0);
    expect(merged.notices[0]?.problem).toContain("keeps for itself");
  });

  it("puts the request's query before the target's fragment", () => {
    const redirect = { target: "/about#team", status: 301, entryId: "r", source: "cms" } as const;
    expect(exactLocation(redirect, "?utm=1")).toBe("/about?utm=1#team");
  });
});

describe("one line per refused value", () => {
  it("refuses an entry's address once, however many old addresses lead to it", () => {
    const merged = merge({
      pages: new Map([["//evil.example/x", "e1"]]),
      past: [
        { entryId: "e1", path: "/news/first", lastPublicAt: 1 },
        { entryId: "e1", path: "/news/second", lastPublicAt: 2 },
      ],
    });
    expect(merged.renamed.size).toBe(0);
    expect(merged.notices).toHaveLength(1);
  });
});

describe("an address with a trailing slash", () => {
  it("is the entry's own address, not a rename that loops", () => {
    const merged = merge({
      pages: new Map([["/resources/new/", "e1"]]),
      past: [
        { entryId: "e1", path: "/resources/old", lastPublicAt: 1 },
        { entryId: "e1", path: "/resources/new", lastPublicAt: 2 },
      ],
    });
    expect(merged.notices).toEqual([]);
    expect(merged.renamed.get("/resources/old")?.target).toBe("/resources/new/");
  });
});
