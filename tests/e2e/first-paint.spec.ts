// First paint (docs/decisions/0013-first-paint.md), on the real build in Chromium: on every
// page type the stylesheet is the first thing a page requests after its document, before any
// script; no more than one web font is preloaded (none is); the app's scripts and, on a first
// visit, the web fonts are requested only after the first contentful paint, and the page still
// hydrates without an error; a browser that has the fonts uses them from the start.
import type { Page } from "@playwright/test";
import { expect, test } from "./support/reused-page";
import { ARTICLE_PATH, gotoHydrated } from "./support/site";

// Each test on a new context: a first visit, its cache cold.
test.use({ freshPage: true });

const PAGES = ["/", "/news", ARTICLE_PATH, "/solutions"];

/** Preloads the HTML may carry for fonts (`<link rel="preload" as="font">`). */
const MAX_FONT_PRELOADS = 1;

/** The start tags of `<link>` and `<script>` elements, in document order. */
function linkAndScriptTags(html: string): string[] {
  return [...html.matchAll(/<(?:link|script)\b[^>]*>/gi)].map((match) => match[0]);
}

const isStylesheetLink = (tag: string) => /^<link\b/i.test(tag) && /\brel="stylesheet"/i.test(tag);
const isFontPreload = (tag: string) =>
  /^<link\b/i.test(tag) && /\brel="preload"/i.test(tag) && /\bas="font"/i.test(tag);
/** A tag that makes the browser fetch a script: a module preload or a script with `src`. */
const isScriptFetch = (tag: string) =>
  (/^<link\b/i.test(tag) && /\brel="modulepreload"/i.test(tag)) ||
  (/^<script\b/i.test(tag) && /\bsrc=/i.test(tag));

interface Timings {
  fcp: number;
  scripts: number[];
  fonts: number[];
}

/** When the page first painted text, and when each script and font request started. */
function timings(page: Page): Promise<Timings> {
  return page.evaluate(() => {
    const starts = (pattern: RegExp) =>
      performance
        .getEntriesByType("resource")
        .filter((entry) => pattern.test(new URL(entry.name).pathname))
        .map((entry) => entry.startTime);
    return {
      fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
      scripts: starts(/\.js$/),
      fonts: starts(/\.woff2$/),
    };
  });
}

for (const path of PAGES) {
  test(`${path}: the served HTML names its stylesheet before any script fetch and preloads at most one font`, async ({
    request,
  }) => {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    const tags = linkAndScriptTags(await response.text());
    const stylesheet = tags.findIndex(isStylesheetLink);
    expect(stylesheet, "a stylesheet link").toBeGreaterThanOrEqual(0);
    const firstScriptFetch = tags.findIndex(isScriptFetch);
    if (firstScriptFetch >= 0) {
      expect(stylesheet, `stylesheet before ${tags[firstScriptFetch]}`).toBeLessThan(
        firstScriptFetch,
      );
    }
    expect(tags.filter(isFontPreload).length).toBeLessThanOrEqual(MAX_FONT_PRELOADS);
  });

  test(`${path}: the stylesheet is requested first, scripts and fonts after the first paint, and the page hydrates`, async ({
    page,
  }) => {
    const requests: { type: string; url: string }[] = [];
    const errors: string[] = [];
    page.on("request", (r) => requests.push({ type: r.resourceType(), url: r.url() }));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(String(error)));
    await gotoHydrated(page, path);
    const order = requests.map((r) => `${r.type} ${new URL(r.url).pathname}`).join("\n");
    const firstStylesheet = requests.findIndex((r) => r.type === "stylesheet");
    const firstScript = requests.findIndex((r) => r.type === "script");
    expect(firstStylesheet, `a stylesheet request in:\n${order}`).toBeGreaterThan(0);
    expect(firstScript, `a script request in:\n${order}`).toBeGreaterThan(0);
    expect(firstStylesheet, `stylesheet first in:\n${order}`).toBeLessThan(firstScript);
    // Nothing but the document comes before the stylesheet.
    expect(firstStylesheet, `the stylesheet right after the document in:\n${order}`).toBe(1);

    // The fonts come once the page has loaded; wait for them before reading the timings.
    await expect.poll(async () => (await timings(page)).fonts.length).toBeGreaterThan(0);
    const { fcp, scripts, fonts } = await timings(page);
    expect(fcp, "a first contentful paint").toBeGreaterThan(0);
    expect(
      Math.min(...scripts),
      "the first script request starts after the first paint",
    ).toBeGreaterThan(fcp);
    expect(
      Math.min(...fonts),
      "the first font request starts after the first paint",
    ).toBeGreaterThan(fcp);
    expect(errors, "console errors (a hydration mismatch shows here)").toEqual([]);
  });
}

test("a first visit stays on the local faces; the next page uses the fetched fonts from the start, without a layout shift", async ({
  page,
}) => {
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number };
    w.__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) {
        w.__shift += entry.value;
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  const bodyFont = () => page.evaluate(() => getComputedStyle(document.body).fontFamily);
  const shift = () => page.evaluate(() => (window as unknown as { __shift: number }).__shift);
  const fontsFetched: string[] = [];
  page.on("requestfinished", (request) => {
    if (new URL(request.url()).pathname.endsWith(".woff2")) fontsFetched.push(request.url());
  });

  await gotoHydrated(page, "/");
  await expect(page.locator("html")).toHaveAttribute("data-fonts", "later");
  expect(await bodyFont()).toMatch(/^"Inter Fallback"/);
  // Fetched after the paint (remembered once in the HTTP cache), and not swapped in on this page.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem("id5:fonts")))
    .toMatch(/inter.*\.woff2 manrope.*\.woff2/);
  // Both files are in, the page's fonts have settled and two frames have been drawn since:
  // a swap to the fetched faces would show by now.
  await expect
    .poll(() => fontsFetched.join(" "))
    .toMatch(/inter.*\.woff2.*manrope|manrope.*\.woff2.*inter/);
  await page.evaluate(() =>
    document.fonts.ready.then(
      () =>
        new Promise<void>((resolve) =>
          requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
        ),
    ),
  );
  expect(await bodyFont()).toMatch(/^"Inter Fallback"/);
  expect(await shift()).toBe(0);

  // A full page load: the fonts from the start (from the HTTP cache), nothing moves.
  await gotoHydrated(page, "/about");
  await expect(page.locator("html")).not.toHaveAttribute("data-fonts");
  expect(await bodyFont()).toMatch(/^"Inter Variable"/);
  await expect
    .poll(() => page.evaluate(() => document.fonts.check('1em "Inter Variable"')))
    .toBe(true);
  expect(await shift()).toBe(0);
});

test("on a first visit the fonts come in with the next in-app navigation", async ({ page }) => {
  await gotoHydrated(page, "/");
  await expect.poll(() => page.evaluate(() => localStorage.getItem("id5:fonts"))).not.toBeNull();
  await expect(page.locator("html")).toHaveAttribute("data-fonts", "later");
  await page.evaluate(() => {
    (window as unknown as { __samePage: boolean }).__samePage = true;
  });
  await page.locator('header a[href="/about"]').first().click();
  await expect(page).toHaveURL(/\/about$/);
  // The same document (an in-app navigation), now in the web fonts.
  expect(
    await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage),
  ).toBe(true);
  await expect(page.locator("html")).not.toHaveAttribute("data-fonts");
});
