// WCAG 2.2 AA checks with axe-core: no serious or critical violations on the
// main page types and the 404 page; every violation is listed when the test fails.

import { expectNoBlockingViolations } from "./support/axe";
import { expect, test } from "./support/reused-page";
import { ARTICLE_PATH, RESOURCE_SLUG, waitForHydration } from "./support/site";

const RESOURCE_PATH = `/resources/${RESOURCE_SLUG}`;
/** A legal page in Japanese: its breadcrumb's section names stay English. */
const JAPANESE_PAGE = "/jp/platform-privacy-policy";

for (const path of [
  "/",
  "/news",
  ARTICLE_PATH,
  RESOURCE_PATH,
  JAPANESE_PAGE,
  "/solutions",
  "/about",
]) {
  test(`${path} has no serious or critical axe violations`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await waitForHydration(page);
    await expectNoBlockingViolations(page, path);
  });
}

test("an article's breadcrumb is a navigation landmark: an ordered list, the page marked current", async ({
  page,
}) => {
  await page.goto(ARTICLE_PATH);
  await waitForHydration(page);
  const trail = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(trail).toHaveCount(1);
  const items = trail.locator("ol > li");
  await expect(items).toHaveCount(3);
  await expect(trail.getByRole("link")).toHaveText(["Home", "News", /\S/]);
  const current = trail.locator('[aria-current="page"]');
  await expect(current).toHaveCount(1);
  await expect(current).toHaveAttribute("href", ARTICLE_PATH);
  await expect(items.last().locator('[aria-current="page"]')).toHaveCount(1);
  // It comes before the article's title, inside the main content.
  expect(
    await page.evaluate(() => {
      const nav = document.querySelector('main nav[aria-label="Breadcrumb"]');
      const title = document.querySelector("main h1");
      return Boolean(
        nav && title && nav.compareDocumentPosition(title) & Node.DOCUMENT_POSITION_FOLLOWING,
      );
    }),
  ).toBe(true);
});

test("the 404 page has no serious or critical axe violations", async ({ page }) => {
  const response = await page.goto("/this-page-does-not-exist");
  expect(response?.status()).toBe(404);
  await waitForHydration(page);
  await expectNoBlockingViolations(page, "the 404 page");
});

test.describe("at 375 px", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the open mobile menu has no serious or critical axe violations", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.locator("#site-mobile-menu")).toHaveAttribute("data-open", "true");
    await expectNoBlockingViolations(page, "/ with the mobile menu open");
  });
});
