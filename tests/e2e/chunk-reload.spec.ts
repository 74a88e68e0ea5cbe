// A lazily loaded chunk that fails (SPEC §4, §8): one full reload, at most once per 10 s per
// path. Here the route module of /news answers 404, as after a deploy removed it: React
// Router reloads the page, and the guard lets that happen once per path within 10 s; the
// next time it sends the visitor to the server-rendered page they asked for instead.
import { expect, type Page, test } from "@playwright/test";
import { RELOAD_GUARD_MS, RELOAD_STORAGE_PREFIX } from "../../app/navigation/chunk-reload-guard";
import { gotoHydrated, hasDocumentMarker, markDocument, waitForHydration } from "./support/site";

const NEWS_ROUTE_MODULE = /\/assets\/news-index-[^/]+\.js(\?.*)?$/;
const GUARD_WARNING = "[chunk-reload] a chunk failed again within 10 s";

function documentRequests(page: Page): string[] {
  const documents: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document" && request.frame() === page.mainFrame()) {
      documents.push(new URL(request.url()).pathname);
    }
  });
  return documents;
}

const newsLink = (page: Page) =>
  page.locator("header.site-header .site-header__nav").getByRole("link", { name: "News" });

test.use({ viewport: { width: 1350, height: 900 } });

test("a route module that fails to load reloads the page once per 10 s", async ({ page }) => {
  // Three full page loads and two guarded failures: more than the default 30 s on a busy
  // machine, where the context's teardown (pages mid-navigation) ran out of time.
  test.setTimeout(60_000);
  await page.route(NEWS_ROUTE_MODULE, (route) => route.fulfill({ status: 404, body: "gone" }));
  // The page's clock stands still (its timers still run): "within 10 s" does not depend on
  // how long page loads take on a busy machine, and "10 s later" is a step of that clock.
  const start = Date.now();
  await page.clock.setFixedTime(start);
  await gotoHydrated(page, "/");
  const documents = documentRequests(page);

  // First failure: a full reload of the current page.
  await markDocument(page);
  await newsLink(page).click();
  await expect.poll(() => documents).toEqual(["/"]);
  await waitForHydration(page);
  expect(await hasDocumentMarker(page), "the page was reloaded").toBe(false);

  // The same failure within 10 s: no second reload of /, the server's /news instead.
  const warning = page.waitForEvent("console", (m) => m.text().includes(GUARD_WARNING));
  await newsLink(page).click();
  await warning;
  await expect(page).toHaveURL(/\/news$/);
  await expect(page.locator("main h1")).toBeVisible();
  expect(documents).toEqual(["/", "/news"]);

  // Once 10 s have passed for /, a failure may reload it again (the page loaded anew, so
  // that it reads the clock's new time).
  await page.clock.setFixedTime(start + RELOAD_GUARD_MS + 1);
  await gotoHydrated(page, "/");
  expect(
    await page.evaluate((key) => sessionStorage.getItem(key), `${RELOAD_STORAGE_PREFIX}/`),
    "the guard's record of the first reload",
  ).toBe(String(start));
  documents.length = 0;
  await newsLink(page).click();
  await expect.poll(() => documents).toEqual(["/"]);
  // Nothing of the stand-in may outlive the test while the context closes.
  await page.unrouteAll({ behavior: "ignoreErrors" });
});
