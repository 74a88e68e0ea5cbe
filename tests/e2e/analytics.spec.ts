// Page views through the tag manager's data layer: one on first load, one
// per in-app navigation with the new path and title, whatever the visitor chose about
// cookies (the tag manager only reads the queue once consent allows it: consent.spec.ts).

import { expectNoTagManager } from "./support/consent";
import { expect, test } from "./support/reused-page";
import { gotoHydrated, pageViews } from "./support/site";

test("the data layer exists and the first load pushes one page_view", async ({ page }) => {
  await gotoHydrated(page, "/about");
  expect(await page.evaluate(() => Array.isArray(window.dataLayer))).toBe(true);
  const title = await page.title();
  expect(title).not.toBe("");
  await expect
    .poll(() => pageViews(page))
    .toEqual([{ event: "page_view", page_path: "/about", page_title: title }]);
});

test("each in-app navigation pushes a page_view with the new path and title", async ({ page }) => {
  await gotoHydrated(page, "/");
  const homeTitle = await page.title();
  await expect.poll(() => pageViews(page)).toHaveLength(1);

  const nav = page.locator("header.site-header .site-header__nav");
  await nav.getByRole("link", { name: "Technology" }).click();
  await expect(page).toHaveURL(/\/technology$/);
  await expect(page).not.toHaveTitle(homeTitle);
  const technologyTitle = await page.title();
  await expect.poll(() => pageViews(page)).toHaveLength(2);

  await nav.getByRole("link", { name: "News" }).click();
  await expect(page).toHaveURL(/\/news$/);
  await expect(page).not.toHaveTitle(technologyTitle);
  const newsTitle = await page.title();
  await expect.poll(() => pageViews(page)).toHaveLength(3);

  expect(await pageViews(page)).toEqual([
    { event: "page_view", page_path: "/", page_title: homeTitle },
    { event: "page_view", page_path: "/technology", page_title: technologyTitle },
    { event: "page_view", page_path: "/news", page_title: newsTitle },
  ]);
});

test("a hash change on the same page is not a new page view", async ({ page }) => {
  await gotoHydrated(page, "/about");
  await expect.poll(() => pageViews(page)).toHaveLength(1);
  await page.locator('footer#site-footer a[href="/about#values"]').click();
  await expect(page).toHaveURL(/\/about#values$/);
  // Views are pushed in the order of navigations: once the next page's view is in, a view
  // of the hash change would be in before it.
  await page
    .locator("header.site-header .site-header__nav")
    .getByRole("link", { name: "Technology" })
    .click();
  await expect(page).toHaveURL(/\/technology$/);
  await expect.poll(async () => (await pageViews(page)).at(-1)?.page_path).toBe("/technology");
  expect((await pageViews(page)).map((view) => view.page_path)).toEqual(["/about", "/technology"]);
});

test("a visitor who rejected cookies gets no tag-manager script, though GTM_ID is set", async ({
  page,
}) => {
  const gtmRequests: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("googletagmanager")) gtmRequests.push(request.url());
  });
  await gotoHydrated(page, "/");
  await expectNoTagManager(page, gtmRequests);
  // The queue still fills.
  expect((await pageViews(page)).length).toBeGreaterThan(0);
});
