// Client navigation rules: scroll to top except on news pagination and
// same-path hash changes, tab selection from a hash, in-app rich-content links, and the
// full page load after a new build is detected.
import type { Page } from "@playwright/test";
import { expect, test } from "./support/reused-page";
import { gotoHydrated, hasDocumentMarker, markDocument } from "./support/site";

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

/** Fails the test if a new document is requested from here on (a full page load). */
function watchDocumentRequests(page: Page): string[] {
  const documents: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document" && request.frame() === page.mainFrame()) {
      documents.push(request.url());
    }
  });
  return documents;
}

test("clicking a link to another page after scrolling down lands at the top", async ({ page }) => {
  await gotoHydrated(page, "/");
  const card = page.locator("main a.card__link").first();
  await card.scrollIntoViewIfNeeded();
  expect(await scrollY(page)).toBeGreaterThan(500);
  await markDocument(page);
  await card.click();
  await expect(page).toHaveURL(/\/news\/[^/#]+$/);
  await expect(page.locator("main h1")).toBeVisible();
  await expect.poll(() => scrollY(page)).toBe(0);
  expect(await hasDocumentMarker(page)).toBe(true);
});

test("going back restores the previous scroll position", async ({ page }) => {
  await gotoHydrated(page, "/");
  // A web font arriving after the scroll moves the content (scroll anchoring follows it):
  // the position to restore is the one after the fonts are in.
  await page.evaluate(() => document.fonts.ready);
  const card = page.locator("main a.card__link").first();
  await card.scrollIntoViewIfNeeded();
  expect(await scrollY(page)).toBeGreaterThan(500);
  // The position to restore is the one the page had when the link was clicked: content that
  // settles between the scroll and the click (scroll anchoring follows it) moves it.
  await page.evaluate(() => {
    document.addEventListener(
      "click",
      () => {
        (window as unknown as { scrollAtClick: number }).scrollAtClick = window.scrollY;
      },
      { capture: true, once: true },
    );
  });
  await card.click();
  await expect(page).toHaveURL(/\/news\/[^/#]+$/);
  await expect.poll(() => scrollY(page)).toBe(0);
  const before = await page.evaluate(
    () => (window as unknown as { scrollAtClick: number }).scrollAtClick,
  );
  expect(before).toBeGreaterThan(500);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => scrollY(page)).toBeGreaterThan(before - 50);
  expect(await scrollY(page)).toBeLessThan(before + 50);
});

test("news pagination keeps the scroll position", async ({ page }) => {
  await gotoHydrated(page, "/news");
  const pageTwo = page.locator('nav.pagination a[aria-label="Page 2"]');
  await pageTwo.scrollIntoViewIfNeeded();
  const before = await scrollY(page);
  expect(before).toBeGreaterThan(300);
  await markDocument(page);
  await pageTwo.click();
  await expect(page).toHaveURL(/\/news\/page\/2$/);
  await expect(page.locator('nav.pagination a[aria-current="page"]')).toHaveText("2");
  // Not scrolled to the top: still well down the list, also once every effect of the
  // navigation has run (the page shows page 2: its commit is done; a frame later, its effects).
  expect(await scrollY(page)).toBeGreaterThan(300);
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );
  expect(await scrollY(page)).toBeGreaterThan(300);
  expect(await hasDocumentMarker(page)).toBe(true);
});

test("a same-path hash link scrolls to its anchor, not to the top", async ({ page }) => {
  await gotoHydrated(page, "/about");
  expect(await scrollY(page)).toBe(0);
  await markDocument(page);
  await page.locator('footer#site-footer a[href="/about#values"]').click();
  await expect(page).toHaveURL(/\/about#values$/);
  await expect.poll(() => scrollY(page)).toBeGreaterThan(100);
  await expect(page.locator("#values")).toBeInViewport();
  // The page below the heading: not at the bottom where the footer link was either.
  const top = await page.locator("#values").evaluate((el) => el.getBoundingClientRect().top);
  expect(top).toBeGreaterThanOrEqual(-1);
  expect(top).toBeLessThan(400);
  expect(await hasDocumentMarker(page)).toBe(true);
});

test("a footer link to a solutions tab selects that tab", async ({ page }) => {
  await gotoHydrated(page, "/");
  await markDocument(page);
  await page.locator('footer#site-footer a[href="/solutions#tabs-data-platforms"]').click();
  await expect(page).toHaveURL(/\/solutions#tabs-data-platforms$/);
  const tab = page.getByRole("tab", { name: "Data platforms" });
  await expect(tab).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tab", { selected: true })).toHaveCount(1);
  await expect(page.locator("#panel-data-platforms")).toBeVisible();
  await expect(page.locator("#panel-media-owners")).toBeHidden();
  expect(await hasDocumentMarker(page)).toBe(true);
});

test("loading /solutions with a tab hash selects that tab", async ({ page }) => {
  await gotoHydrated(page, "/solutions#tabs-brands-and-agencies");
  await expect(page.getByRole("tab", { name: "Brands and agencies" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await expect(page.locator("#panel-brands-and-agencies")).toBeVisible();
});

test("internal links in rich content navigate in the app without a reload", async ({ page }) => {
  await gotoHydrated(page, "/about");
  const link = page.locator('main .rich-content a[href="/jobs"]').first();
  await expect(link).toBeVisible();
  await markDocument(page);
  const documents = watchDocumentRequests(page);
  await link.click();
  await expect(page).toHaveURL(/\/jobs$/);
  await expect(page.locator("main h1")).toBeVisible();
  expect(await hasDocumentMarker(page)).toBe(true);
  expect(documents).toEqual([]);
});

test("after a new build is detected the next link click is a full page load", async ({ page }) => {
  let served = 0;
  await page.route("**/builds/latest.json*", async (route) => {
    served += 1;
    await route.fulfill({
      status: 200,
      contentType: "application/json",
      headers: { "cache-control": "no-store" },
      body: JSON.stringify({ id: "e2e-newer-build", manifestVersion: "e2e-newer-build" }),
    });
  });
  await gotoHydrated(page, "/");
  // Trigger the poller's focus check and wait for its app-update signal.
  const latestId = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        window.addEventListener("app:update", (e) =>
          resolve(String((e as CustomEvent<{ latestId: string }>).detail.latestId)),
        );
        window.dispatchEvent(new Event("focus"));
      }),
  );
  expect(latestId).toBe("e2e-newer-build");
  expect(served).toBeGreaterThan(0);

  await markDocument(page);
  const documents = watchDocumentRequests(page);
  await page
    .locator("header.site-header .site-header__nav")
    .getByRole("link", { name: "About" })
    .click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.locator("main h1")).toBeVisible();
  await expect.poll(() => documents.length).toBeGreaterThan(0);
  expect(await hasDocumentMarker(page), "the marker is gone after a full load").toBe(false);
});

test("without a new build the same click stays in the app", async ({ page }) => {
  await gotoHydrated(page, "/");
  const latest = page.waitForResponse(/\/builds\/latest\.json/);
  await page.evaluate(() => window.dispatchEvent(new Event("focus")));
  expect((await latest).status()).toBe(200);
  await markDocument(page);
  await page
    .locator("header.site-header .site-header__nav")
    .getByRole("link", { name: "About" })
    .click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.locator("main h1")).toBeVisible();
  expect(await hasDocumentMarker(page)).toBe(true);
});
