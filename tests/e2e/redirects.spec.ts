// Every row of the one redirect table (app/redirects/redirect-table.ts) as an HTTP
// redirect of our server (or, where the seed's CMS redirect has the same `from`, the CMS's),
// plus the in-app redirect of a client-side navigation, to an old path and to a CMS redirect.
import type { Page } from "@playwright/test";
import { matchPattern, REDIRECTS, type RedirectRule } from "../../app/redirects/redirect-table";
import { expect, test } from "./support/reused-page";
import {
  ARTICLE_SLUG,
  hasDocumentMarker,
  markDocument,
  rewriteAboutData,
  waitForHydration,
} from "./support/site";
import { publishedEntries } from "./support/snapshot";

const SITE_ORIGIN = "https://id5.io";

/** Example values for the params of patterns (`:slug`, `:yyyy(\d{4})`, ...). */
const PARAM_EXAMPLES: Record<string, string> = {
  yyyy: "2025",
  mm: "01",
  dd: "21",
  slug: ARTICLE_SLUG,
};

function fill(pattern: string): string {
  return pattern
    .replace(/:([A-Za-z_][A-Za-z0-9_]*)(\([^/]*\))?/g, (_, name: string) => {
      const value = PARAM_EXAMPLES[name];
      if (value === undefined) throw new Error(`No example value for :${name} in ${pattern}`);
      return value;
    })
    .replace(/\/\*$/, "/any/old/path");
}

interface Case {
  rule: RedirectRule;
  source: string;
  host?: string;
  location: string;
}

/** The seed's CMS redirects (`redirect` entries), by `from`: they win over the code's rows. */
const CMS_REDIRECTS = new Map(
  publishedEntries("redirect").map((e) => [
    String(e.from),
    { target: String(e.to), status: Number(e.status || 301) },
  ]),
);

/** One concrete request per row, with the Location we expect, built from the row itself. */
function caseFor(rule: RedirectRule): Case {
  const source = fill(rule.pattern);
  const replaced = CMS_REDIRECTS.get(source);
  if (replaced && rule.hostPrefix === undefined) {
    return { rule: { ...rule, status: replaced.status as 301 }, source, location: replaced.target };
  }
  if (rule.hostPrefix !== undefined) {
    return {
      rule,
      source,
      host: `${rule.hostPrefix}id5.io`,
      location: `${SITE_ORIGIN}${rule.target}`,
    };
  }
  return { rule, source, location: fill(rule.target) };
}

test.describe("every row of REDIRECTS", () => {
  test("the table is not empty and has both 301 and 302 rows", () => {
    expect(REDIRECTS.length).toBeGreaterThan(20);
    expect(new Set(REDIRECTS.map((r) => r.status))).toEqual(new Set([301, 302]));
  });

  for (const rule of REDIRECTS) {
    const c = caseFor(rule);
    const title = `${c.host ? `${c.host} ` : ""}${c.source} → ${c.rule.status} ${c.location}`;
    test(title, async ({ request, baseURL }) => {
      const response = await request.get(c.source, {
        maxRedirects: 0,
        headers: c.host ? { host: c.host } : {},
      });
      expect(response.status()).toBe(c.rule.status);
      const location = response.headers().location;
      expect(location, "Location header").toBeDefined();
      // Internal targets may be sent relative or absolute on our own origin; both resolve
      // to exactly the target path (with nothing added). External/host targets are absolute.
      expect(new URL(location as string, `${baseURL}${c.source}`).href).toBe(
        new URL(c.location, baseURL).href,
      );
    });
  }
});

test.describe("redirect details", () => {
  test("a dated news URL goes to the article, which then renders", async ({ request }) => {
    const response = await request.get(`/news/2025/01/21/${ARTICLE_SLUG}`, { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers().location).toMatch(
      new RegExp(`(^|id5\\.io|:\\d+)/news/${ARTICLE_SLUG}$`),
    );
    const followed = await request.get(`/news/2025/01/21/${ARTICLE_SLUG}`);
    expect(followed.status()).toBe(200);
    expect(followed.url()).toMatch(new RegExp(`/news/${ARTICLE_SLUG}$`));
  });

  test("any path on the news sub-host goes to the main host's /news", async ({ request }) => {
    for (const [host, path] of [
      ["news.id5.io", "/"],
      ["news.id5.io", "/2024/05/some-old-post"],
      ["news.localhost:3210", "/"],
    ] as const) {
      const response = await request.get(path, { maxRedirects: 0, headers: { host } });
      expect(response.status(), `${host}${path}`).toBe(301);
      expect(response.headers().location, `${host}${path}`).toBe(`${SITE_ORIGIN}/news`);
    }
  });

  test("a news host the URL parser rejects is a client error, not a server error", async ({
    request,
  }) => {
    // `news.127.0.0.1` is not a valid host name (its last label is numeric, so it must be an
    // IPv4 address): the server must answer it with a 4xx, not crash into a 500.
    const response = await request.get("/", {
      maxRedirects: 0,
      headers: { host: "news.127.0.0.1:3210" },
    });
    expect(response.status()).toBeGreaterThanOrEqual(400);
    expect(response.status()).toBeLessThan(500);
  });

  test("the main host is not redirected to /news", async ({ request }) => {
    const response = await request.get("/", { maxRedirects: 0, headers: { host: "id5.io" } });
    expect(response.status()).toBe(200);
  });

  test("a trailing slash and a query string are kept on internal redirects", async ({
    request,
  }) => {
    const response = await request.get("/product/?utm_source=e2e", { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    const location = new URL(response.headers().location as string, "http://x");
    expect(location.pathname).toBe("/technology");
    expect(location.search).toBe("?utm_source=e2e");
  });

  test("a browser following an old URL ends on the new page", async ({ page }) => {
    const response = await page.goto("/product");
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe("/technology");
    await expect(page.locator("h1")).toBeVisible();
  });
});

/**
 * Opens /about in the app with its rich-content link to /jobs pointing at `href` instead (no
 * seed page links to an old path or a short link), clicks it, and checks the app lands on
 * `landing` without reloading the document.
 */
async function followAboutLink(page: Page, href: string, landing: string): Promise<void> {
  await rewriteAboutData(page, '"/jobs"', `"${href}"`);
  await page.goto("/");
  await waitForHydration(page);
  await markDocument(page);
  await page.locator("header.site-header nav").getByRole("link", { name: "About" }).click();
  await expect(page).toHaveURL(/\/about$/);
  const link = page.locator(`main .rich-content a[href="${href}"]`).first();
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${landing}$`));
  await expect(page.locator("main h1")).toBeVisible();
  expect(await hasDocumentMarker(page), "navigation stayed in the app").toBe(true);
}

test("clicking an in-app link to an old path ends on the new path without a reload", async ({
  page,
}) => {
  await followAboutLink(page, "/product", "/technology");
});

test("the seed's CMS redirects take no address a row of the code's table answers", () => {
  // An entry at such an address would replace a promised redirect for every newcomer; that
  // an entry wins over the table is tested on a copy of the content (cms-redirects-instances).
  const taken = REDIRECTS.flatMap((rule) =>
    [...CMS_REDIRECTS.keys()]
      .filter((from) => rule.hostPrefix === undefined && matchPattern(rule.pattern, from))
      .map((from) => ({ from, pattern: rule.pattern })),
  );
  expect(CMS_REDIRECTS.size).toBeGreaterThan(0);
  expect(taken).toEqual([]);
});

test("clicking an in-app link to a CMS redirect's `from` lands on its target, in the app", async ({
  page,
}) => {
  // /london → /summit → the summit's event page: a chain of the seed, answered in one hop.
  const summit = CMS_REDIRECTS.get("/summit")?.target as string;
  expect(summit).toMatch(/^\/events\//);
  const asked: string[] = [];
  page.on("response", (response) => asked.push(new URL(response.url()).pathname));
  await followAboutLink(page, "/london", summit);
  // The client asked the server about /london (its data request), which answered in-app.
  expect(asked).toContain("/london.data");
});
