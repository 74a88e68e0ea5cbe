// Shared helpers of the browser tests: hydration, the data layer, the error page.
import { expect, type Page, type Response } from "@playwright/test";
import { IDLE_TIMEOUT_MS } from "../../../app/navigation/idle";
import { formatTitle } from "../../../app/seo/build-meta.server";
import { NO_INDEX_ROBOTS, NOT_FOUND_TITLE } from "../../../app/seo/route-meta";
import { test } from "./reused-page";
import { newsSlugs, slugsOf } from "./snapshot";

export { formatTitle, NO_INDEX_ROBOTS, NOT_FOUND_TITLE };

/** The newest published article: it has a cover (priority image) and rich content. */
export const ARTICLE_SLUG = newsSlugs()[0] as string;
export const ARTICLE_PATH = `/news/${ARTICLE_SLUG}`;

export const EVENT_SLUG = slugsOf("event")[0] as string;
export const RESOURCE_SLUG = slugsOf("resource")[0] as string;
export const UNIVERSAL_ID_SLUG = slugsOf("universal-id-page")[0] as string;
/** The route-rules manifest's address, which a page asks for a while after it is idle. */
export const ROUTE_RULES_MANIFEST = /\/builds\/meta\/[^/]+\.json$/;

/**
 * Resolves once React has hydrated the page. On pages with the site layout the mobile
 * menu's toggle turns from a <summary> into a <button> only after hydration; on pages
 * without a layout (/new/home) the first page view pushed from an effect says the same.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    if (document.querySelector("button.mobile-menu__toggle")) return true;
    if (document.querySelector("header.site-header")) return false;
    const layer = (window as { dataLayer?: { event?: string }[] }).dataLayer ?? [];
    return layer.some((e) => e?.event === "page_view");
  });
}

/** page.goto + hydration; returns the document response (asserted 200). */
export async function gotoHydrated(page: Page, path: string): Promise<Response> {
  const response = await page.goto(path);
  expect(response, `no response for ${path}`).not.toBeNull();
  expect(response?.status(), `status of ${path}`).toBe(200);
  await waitForHydration(page);
  return response as Response;
}

/**
 * Resolves once the page has fired its load event and then had an idle moment: after what
 * the page queued for the first idle time after its load (app/navigation/idle.ts).
 */
export async function afterLoadAndIdle(page: Page): Promise<void> {
  await page.waitForLoadState("load");
  await page.evaluate(
    (timeout) => new Promise((resolve) => requestIdleCallback(() => resolve(null), { timeout })),
    IDLE_TIMEOUT_MS,
  );
}

export interface PageViewEntry {
  event: string;
  page_path: string;
  page_title: string;
}

/** The page_view pushes of window.dataLayer so far, in order. */
export function pageViews(page: Page): Promise<PageViewEntry[]> {
  return page.evaluate(() =>
    ((window as { dataLayer?: unknown[] }).dataLayer ?? []).filter(
      (e): e is PageViewEntry =>
        typeof e === "object" && e !== null && (e as { event?: unknown }).event === "page_view",
    ),
  );
}

/** Marks the current document; a full page load loses the marker, in-app navigation keeps it. */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as { __e2eMarker?: string }).__e2eMarker = "still-here";
  });
}

export function hasDocumentMarker(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as { __e2eMarker?: string }).__e2eMarker === "still-here");
}

/** Asserts the rendered error page: 'Page Not Found', noindex, header and footer. */
export async function expectNotFoundPage(page: Page): Promise<void> {
  await expect(page).toHaveTitle(formatTitle(NOT_FOUND_TITLE));
  await expect(page.locator("h1")).toHaveText(NOT_FOUND_TITLE);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", NO_INDEX_ROBOTS);
  await expect(page.locator("header.site-header")).toBeVisible();
  await expect(page.locator("footer#site-footer")).toBeVisible();
}

/** `test` on the reused page, with the uncaught errors of what the test loads. */
export const pageErrorsTest = test.extend<{ pageErrors: string[] }>({
  pageErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await use(errors);
  },
});

/**
 * Rewrites the /about page data the client navigation receives (a test's way to put a
 * link into CMS content without editing the snapshot). A prefetch the page abandoned has
 * its response disposed: that one is simply dropped.
 */
export async function rewriteAboutData(page: Page, from: string, to: string): Promise<void> {
  await page.route(/\/about\.data(\?|$)/, async (route) => {
    try {
      const response = await route.fetch();
      const body = (await response.text()).replaceAll(from, to);
      await route.fulfill({ response, body });
    } catch {
      await route.abort().catch(() => {});
    }
  });
}
