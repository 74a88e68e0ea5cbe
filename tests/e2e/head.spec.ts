// Page head metadata: `{title} - ID5`, Open Graph and Twitter tags, canonical URL
// from the fixed site origin, language, no robots noindex on normal pages.
import type { Page } from "@playwright/test";
import { expect, test } from "./support/reused-page";
import {
  ARTICLE_PATH,
  ARTICLE_SLUG,
  formatTitle,
  gotoHydrated,
  hasDocumentMarker,
  markDocument,
} from "./support/site";
import { contentTitle } from "./support/snapshot";

const SITE_ORIGIN = "https://id5.io";

const PAGES = [
  { path: "/", title: contentTitle("page", "/"), lang: "en" },
  { path: "/news", title: contentTitle("page", "/news"), lang: "en" },
  { path: ARTICLE_PATH, title: contentTitle("news-article", ARTICLE_SLUG), lang: "en" },
  { path: "/solutions", title: contentTitle("page", "/solutions"), lang: "en" },
  {
    path: "/jp/platform-privacy-policy",
    title: contentTitle("legal-page", "/jp/platform-privacy-policy"),
    lang: "ja",
  },
];

async function head(page: Page) {
  return page.evaluate(() => {
    const meta = (selector: string) =>
      Array.from(document.head.querySelectorAll<HTMLMetaElement>(selector)).map((m) => m.content);
    return {
      title: document.title,
      titles: document.head.querySelectorAll("title").length,
      description: meta('meta[name="description"]'),
      canonical: Array.from(
        document.head.querySelectorAll<HTMLLinkElement>('link[rel="canonical"]'),
      ).map((l) => l.getAttribute("href")),
      ogTitle: meta('meta[property="og:title"]'),
      ogSiteName: meta('meta[property="og:site_name"]'),
      ogUrl: meta('meta[property="og:url"]'),
      ogImage: meta('meta[property="og:image"]'),
      twitterTitle: meta('meta[name="twitter:title"]'),
      twitterCard: meta('meta[name="twitter:card"]'),
      twitterImage: meta('meta[name="twitter:image"]'),
      robots: meta('meta[name="robots"]'),
      lang: document.documentElement.lang,
    };
  });
}

for (const { path, title, lang } of PAGES) {
  test(`head metadata of ${path}`, async ({ page, request }) => {
    expect(title, "the content gives this page a title").toBeTruthy();
    const expectedTitle = formatTitle(title);
    expect(expectedTitle).toBe(title === "ID5" ? "ID5" : `${title} - ID5`);

    await gotoHydrated(page, path);
    const h = await head(page);
    expect(h.title).toBe(expectedTitle);
    expect(h.titles).toBe(1);
    expect(h.ogTitle).toEqual([expectedTitle]);
    expect(h.twitterTitle).toEqual([expectedTitle]);
    expect(h.ogSiteName).toEqual([expectedTitle]);
    expect(h.canonical).toEqual([`${SITE_ORIGIN}${path}`]);
    expect(h.ogUrl).toEqual([`${SITE_ORIGIN}${path}`]);
    expect(h.twitterCard).toEqual(["summary_large_image"]);
    expect(h.description).toHaveLength(1);
    expect(h.description[0]?.trim()).not.toBe("");
    expect(h.ogImage).toHaveLength(1);
    const image = new URL(h.ogImage[0] as string);
    expect(image.protocol).toBe("https:");
    expect(image.origin).toBe(SITE_ORIGIN);
    expect(h.twitterImage).toEqual(h.ogImage);
    expect(h.lang).toBe(lang);
    expect(h.robots.join(" ")).not.toContain("noindex");

    // The image exists on our server (same path on the local origin).
    const served = await request.get(`${image.pathname}${image.search}`);
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toMatch(/^image\//);
  });
}

test("the server-rendered head already carries the metadata (no JavaScript needed)", async ({
  request,
}) => {
  const html = await (await request.get(ARTICLE_PATH)).text();
  const expectedTitle = formatTitle(contentTitle("news-article", ARTICLE_SLUG));
  const escaped = expectedTitle.replaceAll("&", "&amp;").replaceAll("'", "&#x27;");
  expect(html).toContain(`<title>${escaped}</title>`);
  expect(html).toContain(`<link rel="canonical" href="${SITE_ORIGIN}${ARTICLE_PATH}"/>`);
  expect(html).toMatch(/<html lang="en"/);
});

test("the head follows in-app navigation", async ({ page }) => {
  await gotoHydrated(page, "/");
  await page
    .locator("header.site-header .site-header__nav")
    .getByRole("link", { name: "Solutions" })
    .click();
  await expect(page).toHaveURL(/\/solutions$/);
  const expectedTitle = formatTitle(contentTitle("page", "/solutions"));
  await expect(page).toHaveTitle(expectedTitle);
  const h = await head(page);
  expect(h.canonical).toEqual([`${SITE_ORIGIN}/solutions`]);
  expect(h.ogTitle).toEqual([expectedTitle]);
  expect(h.twitterTitle).toEqual([expectedTitle]);

  // From the Japanese page to an English one in-app: the document language follows.
  await gotoHydrated(page, "/jp/platform-privacy-policy");
  expect((await head(page)).lang).toBe("ja");
  await page
    .locator("header.site-header .site-header__nav")
    .getByRole("link", { name: "About" })
    .click();
  await expect(page).toHaveURL(/\/about$/);
  await expect.poll(async () => (await head(page)).lang).toBe("en");
});

test("structured data and the feed link follow in-app navigation", async ({ page }) => {
  const dataTypes = () =>
    page.evaluate(() =>
      Array.from(document.querySelectorAll('script[type="application/ld+json"]')).map(
        (s) => (JSON.parse(s.textContent ?? "{}") as { "@type"?: string })["@type"],
      ),
    );
  const feedLinks = () => page.locator('head link[rel="alternate"][type="application/atom+xml"]');
  await gotoHydrated(page, "/");
  await markDocument(page);
  expect(await dataTypes()).toEqual(["Organization", "WebSite"]);
  await expect(feedLinks()).toHaveCount(1);

  await page.locator(`main a[href="${ARTICLE_PATH}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`${ARTICLE_PATH}$`));
  await expect.poll(dataTypes).toEqual(["NewsArticle", "BreadcrumbList"]);
  await expect(feedLinks()).toHaveCount(1);
  await expect(page.locator('head meta[property="og:image"]')).toHaveAttribute(
    "content",
    `${SITE_ORIGIN}/og/news/${ARTICLE_SLUG}.png`,
  );
  // A client navigation, not a new document.
  expect(await hasDocumentMarker(page)).toBe(true);
});
