// Link prefetching and the route-rules manifest: hovering a link preloads the
// page's data and route modules, at most 4 preloads are pending at once, nothing is
// prefetched on save-data or 2g; the manifest is fetched 1 s after idle, not on slow-2g.
import type { Page } from "@playwright/test";
import { IDLE_TIMEOUT_MS } from "../../app/navigation/idle";
import { MAX_PENDING_PREFETCHES } from "../../app/navigation/prefetch-queue";
import { MANIFEST_DELAY_MS } from "../../app/navigation/route-rules-manifest";
import { expect, test } from "./support/reused-page";
import { gotoHydrated, ROUTE_RULES_MANIFEST } from "./support/site";

// Each test on a new context: what a page asks for, none of it already cached.
test.use({ freshPage: true });

const SECTION_LINKS = ["About", "Technology", "Solutions", "Resources", "News", "Contact"];

const navLink = (page: Page, name: string) =>
  page.locator("header.site-header .site-header__nav").getByRole("link", { name });

/** Pretends the Network Information API reports this connection. */
async function emulateConnection(
  page: Page,
  connection: { effectiveType: string; saveData: boolean },
): Promise<void> {
  await page.addInitScript((value) => {
    Object.defineProperty(navigator, "connection", { configurable: true, get: () => value });
  }, connection);
}

function dataRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.endsWith(".data")) paths.push(pathname);
  });
  return paths;
}

/**
 * Resolves once a request the page sends now has been seen. Requests are seen in the order
 * the page sends them, so any request it sent before (a prefetch that should not be) has
 * been seen too.
 */
async function afterEarlierRequests(page: Page): Promise<void> {
  const probe = `/robots.txt?probe=${Date.now()}`;
  const seen = page.waitForRequest((request) => request.url().endsWith(probe));
  await page.evaluate((url) => {
    void fetch(url);
  }, probe);
  await seen;
}

/** Resolves two animation frames from now: links' first intersection has been reported. */
async function afterTwoFrames(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );
}

test.use({ viewport: { width: 1350, height: 900 } });

test("hovering a link preloads its page data and route module", async ({ page }) => {
  await gotoHydrated(page, "/");
  const data = page.waitForRequest((r) => new URL(r.url()).pathname === "/news.data");
  const routeModule = page.waitForRequest(/\/assets\/news-index-[^/]+\.js$/);
  await navLink(page, "News").hover();
  await data;
  await routeModule;
});

test("at most 4 preloads are pending at once", async ({ page }) => {
  // No manifest, so no viewport preloads: only the hovers below are queued.
  await page.route(ROUTE_RULES_MANIFEST, (route) => route.abort());
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const held: string[] = [];
  await page.route(/\.data(\?.*)?$/, async (route) => {
    held.push(new URL(route.request().url()).pathname);
    await gate;
    await route.continue();
  });
  await gotoHydrated(page, "/");
  for (const name of SECTION_LINKS) await navLink(page, name).hover();
  await expect.poll(() => held.length).toBe(MAX_PENDING_PREFETCHES);
  // The other two wait for a free slot, however long the first four take: the queue decides
  // during the hover, so a preload it let through would have been sent before this probe.
  await afterEarlierRequests(page);
  expect(held).toHaveLength(MAX_PENDING_PREFETCHES);
  release();
  await expect.poll(() => held.length).toBe(SECTION_LINKS.length);
  expect(new Set(held).size).toBe(SECTION_LINKS.length);
});

for (const connection of [
  { effectiveType: "4g", saveData: true },
  { effectiveType: "2g", saveData: false },
]) {
  test(`nothing is prefetched on ${connection.saveData ? "save-data" : connection.effectiveType}`, async ({
    page,
  }) => {
    await emulateConnection(page, connection);
    const data = dataRequests(page);
    await gotoHydrated(page, "/");
    for (const name of SECTION_LINKS) await navLink(page, name).hover();
    // Viewport preloads would be queued once the manifest is read (it is fetched on these
    // connections too), when the links' first intersection is reported: wait past both.
    await page.waitForFunction(
      (manifest) =>
        performance
          .getEntriesByType("resource")
          .some((entry) => new RegExp(manifest).test(new URL(entry.name).pathname)),
      ROUTE_RULES_MANIFEST.source,
    );
    await afterTwoFrames(page);
    await afterEarlierRequests(page);
    expect(data).toEqual([]);
    // Navigation itself still works (and fetches its data then).
    await navLink(page, "About").click();
    await expect(page).toHaveURL(/\/about$/);
    expect(data).toEqual(["/about.data"]);
  });
}

test("the route-rules manifest is fetched 1 s after idle; its prerendered pages' data is preloaded in the viewport", async ({
  page,
}) => {
  const data = dataRequests(page);
  const manifestResponse = page.waitForResponse(ROUTE_RULES_MANIFEST);
  await gotoHydrated(page, "/");
  const manifest = await manifestResponse;
  await manifest.finished();
  // The browser's own timing of both requests, once the manifest's entry is recorded.
  const timing = await page.waitForFunction((url) => {
    const [document] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
    const request = performance.getEntriesByName(url)[0] as PerformanceResourceTiming | undefined;
    return document && request
      ? { documentEnd: document.responseEnd, manifestStart: request.startTime }
      : null;
  }, manifest.url());
  const { documentEnd, manifestStart } = (await timing.jsonValue()) as {
    documentEnd: number;
    manifestStart: number;
  };
  expect(manifestStart - documentEnd).toBeGreaterThanOrEqual(1000);
  // The header's links are in view and prerendered: their data follows the manifest.
  await expect.poll(() => data).toContain("/about.data");
});

test("the route-rules manifest is not fetched on slow-2g", async ({ page }) => {
  await emulateConnection(page, { effectiveType: "slow-2g", saveData: false });
  const manifests: string[] = [];
  page.on("request", (request) => {
    if (ROUTE_RULES_MANIFEST.test(new URL(request.url()).pathname)) manifests.push(request.url());
  });
  await gotoHydrated(page, "/");
  // The app would queue the fetch at hydration: when idle (at most IDLE_TIMEOUT_MS), then
  // MANIFEST_DELAY_MS later. A task queued the same way now runs after it would have.
  await page.evaluate(
    ({ idleTimeout, delay }) =>
      new Promise<void>((resolve) => {
        requestIdleCallback(() => setTimeout(resolve, delay), { timeout: idleTimeout });
      }),
    { idleTimeout: IDLE_TIMEOUT_MS, delay: MANIFEST_DELAY_MS },
  );
  await afterEarlierRequests(page);
  expect(manifests).toEqual([]);
});
