// The whole route table of app/routes.ts: every fixed path and one slug of each
// dynamic route renders; unknown paths render the 404 error page.
import { LEGAL_PAGE_PATHS, SECTION_PAGE_PATHS } from "../../app/routes";
import { expect, test } from "./support/reused-page";
import {
  ARTICLE_PATH,
  EVENT_SLUG,
  expectNotFoundPage,
  pageErrorsTest,
  RESOURCE_SLUG,
  rewriteAboutData,
  UNIVERSAL_ID_SLUG,
  waitForHydration,
} from "./support/site";
import { unpublishedSlugs } from "./support/snapshot";

const FIXED_PATHS = [
  "/",
  "/jobs",
  "/solutions",
  "/news",
  "/news/page/2",
  "/resources",
  ...SECTION_PAGE_PATHS,
  ...LEGAL_PAGE_PATHS,
];

const DYNAMIC_PATHS = [
  ARTICLE_PATH,
  `/events/${EVENT_SLUG}`,
  `/resources/${RESOURCE_SLUG}`,
  `/universal-id/${UNIVERSAL_ID_SLUG}`,
  `/partner-sign-up/${UNIVERSAL_ID_SLUG}`,
];

test.describe("every route of the route table renders", () => {
  for (const path of [...FIXED_PATHS, ...DYNAMIC_PATHS]) {
    pageErrorsTest(
      `${path} answers 200 with an h1 and a non-empty main`,
      async ({ page, pageErrors }) => {
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        expect(response?.headers()["content-type"]).toContain("text/html");
        await waitForHydration(page);
        await expect(page.locator("h1")).toHaveCount(1);
        await expect(page.locator("h1")).not.toBeEmpty();
        // Rendered text, not just markup: at least a sentence of visible words.
        await expect(page.locator("main")).toHaveText(/\S[\s\S]{20,}/, { useInnerText: true });
        // The site layout is on: header and footer around the page.
        await expect(page.locator("header.site-header")).toHaveCount(1);
        await expect(page.locator("footer#site-footer")).toHaveCount(1);
        // Hydration kept the page (no error page swapped in) and threw nothing.
        await expect(page.locator("h1")).not.toHaveText("Page Not Found");
        expect(pageErrors, `uncaught errors on ${path}`).toEqual([]);
      },
    );
  }

  test("/new/home renders the home content without header, banner and footer", async ({ page }) => {
    const response = await page.goto("/new/home");
    expect(response?.status()).toBe(200);
    await waitForHydration(page);
    await expect(page.locator("h1")).toHaveCount(1);
    await expect(page.locator("main")).not.toBeEmpty();
    await expect(page.locator("header.site-header")).toHaveCount(0);
    await expect(page.locator("footer#site-footer")).toHaveCount(0);
    await expect(page.locator("aside.announcement-banner")).toHaveCount(0);
  });
});

test.describe("unknown routes answer 404 with the error page", () => {
  const notFound = [
    "/this-page-does-not-exist",
    "/news/no-such-article-anywhere",
    "/news/page/99",
    "/news/page/abc",
    "/events/no-such-event",
    "/universal-id/no-such-partner",
    ...unpublishedSlugs("news-article").map((slug) => `/news/${slug}`),
  ];
  for (const path of notFound) {
    pageErrorsTest(`${path} is 404 'Page Not Found'`, async ({ page, pageErrors }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expectNotFoundPage(page);
      await expect(page.locator(".hero[data-theme='orange']")).toHaveCount(1);
      await expect(page.locator("main")).toContainText(`Page Not Found: ${path}`);
      // Still the error page once the app has hydrated.
      await waitForHydration(page);
      await expectNotFoundPage(page);
      expect(pageErrors, `uncaught errors on ${path}`).toEqual([]);
    });
  }
});

test("/universal-id/site-agreement.pdf answers 200 application/pdf", async ({ request }) => {
  const response = await request.get("/universal-id/site-agreement.pdf");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^application\/pdf/);
  const body = await response.body();
  expect(body.subarray(0, 5).toString("latin1")).toBe("%PDF-");
});

test("an in-app link to an unknown path shows the error page inside the site layout", async ({
  page,
}) => {
  // The /about data served to the client navigation gets a link to a path that matches nothing.
  await rewriteAboutData(page, '"/jobs"', '"/no-such-page-in-app"');
  await page.goto("/");
  await waitForHydration(page);
  await page
    .locator("header.site-header .site-header__nav")
    .getByRole("link", { name: "About" })
    .click();
  await expect(page).toHaveURL(/\/about$/);
  await page.locator('main .rich-content a[href="/no-such-page-in-app"]').first().click();
  await expect(page).toHaveURL(/\/no-such-page-in-app$/);
  await expectNotFoundPage(page);
});
