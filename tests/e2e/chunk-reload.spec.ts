// A lazily loaded chunk that fails: one full reload, at most once per 10 s per
// path. Here the route module of /news answers 404, as after a deploy removed it: React
// Router reloads the page, and the guard lets that happen once per path within 10 s; the
// next time it sends the visitor to the server-rendered page they asked for instead.
import type { Page } from "@playwright/test";
import { RELOAD_GUARD_MS, RELOAD_STORAGE_PREFIX } from "../../app/navigation/chunk-reload-guard";
import { expect, test } from "./support/reused-page";
import { gotoHydrated, hasDocumentMarker, markDocument, waitForHydration } from "./support/site";

// Each test on a new context: a first load of each module, none of it already cached.
test.use({ freshPage: true });

const NEWS_ROUTE_MODULE = /\/assets\/news-index-[^/]+\.js(\?.*)?$/;
const GUARD_WARNING = "[chunk-reload] a chunk failed again within 10 s";
/** Where the guard records the last reload of / (app/navigation/chunk-reload-guard.ts). */
const GUARD_KEY = `${RELOAD_STORAGE_PREFIX}/`;

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
  await page.route(NEWS_ROUTE_MODULE, (route) => route.fulfill({ status: 404, body: "gone" }));
  // The page's clock stands still (its timers still run): "within 10 s" does not depend on
  // how long page loads take on a busy machine.
  const start = Date.now();
  await page.clock.setFixedTime(start);
  await gotoHydrated(page, "/");
  const documents = documentRequests(page);
  const failAndReload = async (reloadsSoFar: string[]) => {
    await markDocument(page);
    await newsLink(page).click();
    await expect.poll(() => documents).toEqual([...reloadsSoFar, "/"]);
    await waitForHydration(page);
    expect(await hasDocumentMarker(page), "the page was reloaded").toBe(false);
  };

  // First failure: a full reload of the current page.
  await failAndReload([]);
  const lastReload = () => page.evaluate((key) => sessionStorage.getItem(key), GUARD_KEY);
  expect(await lastReload(), "the guard's record of the reload").toBe(String(start));

  // Once 10 s have passed, a failure may reload it again. The guard reads the time of the
  // last reload from sessionStorage: the test dates that record back past the window rather
  // than waiting it out.
  await page.evaluate(({ key, at }) => sessionStorage.setItem(key, String(at)), {
    key: GUARD_KEY,
    at: start - RELOAD_GUARD_MS - 1,
  });
  await failAndReload(["/"]);
  expect(await lastReload(), "the guard's record of the new reload").toBe(String(start));

  // The same failure within 10 s of that: no third reload of /, the server's /news instead.
  const warning = page.waitForEvent("console", (m) => m.text().includes(GUARD_WARNING));
  await newsLink(page).click();
  await warning;
  await expect(page).toHaveURL(/\/news$/);
  await expect(page.locator("main h1")).toBeVisible();
  expect(documents.slice(0, 3)).toEqual(["/", "/", "/news"]);
  // Nothing of the stand-in may outlive the test while the context closes.
  await page.unrouteAll({ behavior: "ignoreErrors" });
});
