// Browser tests on a page each worker reuses, put back to a visitor's start before every test
// (docs/decisions/0028-browser-tests-reuse-pages.md). A fresh context costs Chromium about
// 1.3 s of CPU more than loading the same page in a live one: a new window, a new renderer,
// every script compiled again. Most tests need a page, not a new browser profile.
//
// Before each test the page is given what a fresh one would have: the test's cookies and
// local storage (its `storageState`), empty session storage, no routes, no listeners left by
// another test, no other pages open, no extra headers, the test's viewport and media
// emulation. What cannot be undone on a live page (init scripts, exposed functions, offline,
// permissions, a fake clock, a changed default timeout), or a test that failed, retires the
// page: the next test gets a new one. Context settings a live page cannot change (JavaScript
// off, a user agent, a base URL...) get a page of their own.
//
// What stays warm is the browser's cache: a test about what a first visit loads, or about the
// network as a whole, sets `freshPage` and gets a new context, as Playwright gives.

import {
  type BrowserContext,
  type BrowserContextOptions,
  test as base,
  type Page,
} from "@playwright/test";
import { HEALTH_PATH } from "../../../server/addresses/server-paths";

export { expect } from "@playwright/test";

interface ReusedPage {
  context: BrowserContext;
  page: Page;
  /** Set by anything the reset cannot undo: the page is closed after the test. */
  retired: boolean;
  /** The listeners the current test added to the page, removed after it. */
  added: [event: string, listener: (...args: unknown[]) => void][];
  /** What the test set that the next reset undoes: routes, extra headers, media emulation. */
  touched: Set<"routes" | "headers" | "media">;
  /** The media emulation the page has: the reset changes it only for a test that wants other. */
  media?: string;
}

type StorageState = Exclude<BrowserContextOptions["storageState"], string | undefined>;

/**
 * Where the page waits between tests: the site's health answer (a few bytes of JSON). Same
 * origin, so the renderer stays (a blank page of another origin would cost a new one at the
 * test's first load); and the last test's document is gone (its `pagehide` handlers have
 * written what they write) before its storage is cleared.
 */
const BETWEEN_TESTS_PATH = HEALTH_PATH;

/** Methods whose effect outlives the test on a live page or context. */
const PAGE_LASTING = [
  "addInitScript",
  "exposeBinding",
  "exposeFunction",
  "routeFromHAR",
  "routeWebSocket",
  "addLocatorHandler",
  "setDefaultTimeout",
  "setDefaultNavigationTimeout",
] as const;
const CONTEXT_LASTING = [
  ...PAGE_LASTING.filter((name) => name !== "addLocatorHandler"),
  "setOffline",
  "grantPermissions",
  "setGeolocation",
  "setHTTPCredentials",
] as const;
const CLOCK_LASTING = ["install", "setFixedTime", "setSystemTime"] as const;

/** Makes each of `names` on `target` call `noted` with its arguments first. */
function noteCalls(
  target: object,
  names: readonly string[],
  noted: (name: string, args: unknown[]) => void,
): void {
  const methods = target as Record<string, unknown>;
  for (const name of names) {
    const original = methods[name];
    if (typeof original !== "function") continue;
    methods[name] = (...args: unknown[]) => {
      noted(name, args);
      return (original as (...a: unknown[]) => unknown).apply(target, args);
    };
  }
}

/** The part of the page's state each method changes that the reset undoes. */
const TOUCHES = { route: "routes", setExtraHTTPHeaders: "headers", emulateMedia: "media" } as const;

async function openReusedPage(
  browser: import("@playwright/test").Browser,
  options: BrowserContextOptions,
): Promise<ReusedPage> {
  const context = await browser.newContext({ ...options, storageState: undefined });
  const page = await context.newPage();
  const reused: ReusedPage = { context, page, retired: false, added: [], touched: new Set() };
  // Every listener added to the page, so that none outlives its test.
  const listening = ["on", "addListener", "once", "prependListener", "prependOnceListener"];
  noteCalls(page, listening, (_, [event, listener]) =>
    reused.added.push([event as string, listener as (...args: unknown[]) => void]),
  );
  const touch = (name: string) => reused.touched.add(TOUCHES[name as keyof typeof TOUCHES]);
  noteCalls(page, ["route", "setExtraHTTPHeaders", "emulateMedia"], touch);
  noteCalls(context, ["route", "setExtraHTTPHeaders"], touch);
  const retire = () => {
    reused.retired = true;
  };
  noteCalls(page, PAGE_LASTING, retire);
  noteCalls(context, CONTEXT_LASTING, retire);
  noteCalls(context.clock, CLOCK_LASTING, retire);
  return reused;
}

/** Puts the page back to a visitor's start: the given cookies and storage, nothing else. */
async function resetPage(
  reused: ReusedPage,
  baseURL: string,
  storageState: StorageState | undefined,
  extraHTTPHeaders: Record<string, string> | undefined,
): Promise<void> {
  const { context, page, touched } = reused;
  for (const other of context.pages()) if (other !== page) await other.close();
  if (touched.has("routes")) {
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await context.unrouteAll({ behavior: "ignoreErrors" });
  }
  if (touched.has("headers") || extraHTTPHeaders) {
    await page.setExtraHTTPHeaders({});
    await context.setExtraHTTPHeaders(extraHTTPHeaders ?? {});
  }

  if (touched.has("media")) reused.media = undefined;
  touched.clear();
  // Storage belongs to the origin (local) and to the tab (session).
  const origin = new URL(baseURL).origin;
  await page.goto(`${origin}${BETWEEN_TESTS_PATH}`);
  const local = storageState?.origins?.find((entry) => entry.origin === origin)?.localStorage ?? [];
  await page.evaluate((entries) => {
    localStorage.clear();
    sessionStorage.clear();
    for (const { name, value } of entries) localStorage.setItem(name, value);
  }, local);
  // The pointer leaves the viewport, so the next document opens with nothing hovered.
  await page.mouse.move(-1, -1);
  await context.clearCookies();
  if (storageState?.cookies?.length) await context.addCookies(storageState.cookies);
}

export const test = base.extend<
  {
    /**
     * A new context for each test, as Playwright's own `test` gives: for tests about a first
     * visit's cold cache or what a page sends over the network. An option rather than a test
     * of its own so that every spec shares one kind of worker (Playwright starts a new worker,
     * and browser, whenever the next test is of another kind).
     */
    freshPage: boolean;
    reusedPage: ReusedPage;
  },
  { reusedPages: Map<string, ReusedPage> }
>({
  freshPage: [false, { option: true }],
  reusedPages: [
    async ({ browser: _ }, use) => {
      const pages = new Map<string, ReusedPage>();
      await use(pages);
      for (const reused of pages.values()) await reused.context.close();
    },
    { scope: "worker" },
  ],
  reusedPage: async (
    {
      browser,
      reusedPages,
      baseURL,
      javaScriptEnabled,
      userAgent,
      deviceScaleFactor,
      isMobile,
      hasTouch,
      locale,
      timezoneId,
      bypassCSP,
      serviceWorkers,
      viewport,
      reducedMotion,
      colorScheme,
      storageState,
      extraHTTPHeaders,
      freshPage,
    },
    use,
    testInfo,
  ) => {
    if (!baseURL) throw new Error("a reused page needs the project's baseURL");
    if (typeof storageState === "string") {
      throw new Error("a reused page takes its storage state as an object, not a file");
    }
    const fixed: BrowserContextOptions = {
      baseURL,
      javaScriptEnabled,
      userAgent,
      deviceScaleFactor,
      isMobile,
      hasTouch,
      locale,
      timezoneId,
      bypassCSP,
      serviceWorkers,
    };
    if (freshPage) {
      const context = await browser.newContext({
        ...fixed,
        viewport,
        reducedMotion,
        colorScheme,
        storageState,
        extraHTTPHeaders,
      });
      const page = await context.newPage();
      await use({ context, page, retired: true, added: [], touched: new Set() });
      await context.close();
      return;
    }
    const key = JSON.stringify(fixed);
    let reused = reusedPages.get(key);
    if (!reused || reused.page.isClosed()) {
      reused = await openReusedPage(browser, fixed);
      reusedPages.set(key, reused);
    }
    await resetPage(reused, baseURL, storageState, extraHTTPHeaders);
    const { page } = reused;
    const size = page.viewportSize();
    if (viewport && (size?.width !== viewport.width || size?.height !== viewport.height)) {
      await page.setViewportSize(viewport);
    }
    const media = {
      media: null,
      reducedMotion: reducedMotion ?? null,
      colorScheme: colorScheme ?? null,
      forcedColors: null,
    };
    if (reused.media !== JSON.stringify(media)) {
      await page.emulateMedia(media);
      reused.touched.delete("media");
      reused.media = JSON.stringify(media);
    }
    reused.added = [];

    await use(reused);

    for (const [event, listener] of reused.added) page.off(event as "load", listener);
    reused.added = [];
    if (testInfo.status !== testInfo.expectedStatus || reused.retired || page.isClosed()) {
      reusedPages.delete(key);
      await reused.context.close();
    }
  },
  page: async ({ reusedPage }, use) => {
    await use(reusedPage.page);
  },
  context: async ({ reusedPage }, use) => {
    await use(reusedPage.context);
  },
});
