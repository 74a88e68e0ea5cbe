// The reused page (support/reused-page.ts) starts each test as a fresh page would: what one
// test leaves behind, the next one in the same worker does not see. Serial: one worker runs
// these in order, each after the one before.
import type { Page } from "@playwright/test";
import { FIRST_VISIT_STATE, REJECTED_STATE } from "./support/consent";
import { expect, test } from "./support/reused-page";

test.describe.configure({ mode: "serial" });

/** The page object of the test before, to tell reused from new. */
let previous: Page | undefined;
const seen: string[] = [];

test("a test leaves state behind", async ({ page, context }) => {
  await page.goto("/about");
  await page.evaluate(() => {
    localStorage.setItem("left", "local");
    sessionStorage.setItem("left", "session");
  });
  await context.addCookies([{ name: "left", value: "cookie", url: page.url() }]);
  await page.route("**/news", (route) => route.fulfill({ status: 418, body: "routed" }));
  await page.setExtraHTTPHeaders({ "x-left": "header" });
  await page.setViewportSize({ width: 400, height: 500 });
  await page.emulateMedia({ colorScheme: "dark", reducedMotion: "no-preference" });
  page.on("console", (message) => seen.push(message.text()));
  await context.newPage();
  previous = page;
});

test("the next one gets the same page, without any of it", async ({ page, context, baseURL }) => {
  expect(page).toBe(previous);
  expect(context.pages()).toEqual([page]);
  expect(page.viewportSize()).toEqual({ width: 1280, height: 720 });
  const media = await page.evaluate(() => ({
    dark: matchMedia("(prefers-color-scheme: dark)").matches,
    reduce: matchMedia("(prefers-reduced-motion: reduce)").matches,
  }));
  expect(media).toEqual({ dark: false, reduce: true });
  const storage = await page.evaluate(() => ({
    local: localStorage.getItem("left"),
    session: sessionStorage.getItem("left"),
  }));
  expect(storage).toEqual({ local: null, session: null });
  // The project's cookies only: the stored consent choice.
  expect((await context.cookies()).map((cookie) => cookie.name)).toEqual(
    REJECTED_STATE.cookies.map((cookie) => cookie.name),
  );
  const response = await page.goto("/news");
  expect(response?.status()).toBe(200);
  const headers = await response?.request().allHeaders();
  expect(headers?.["x-left"]).toBeUndefined();
  await page.evaluate(() => console.log("after"));
  expect(seen).toEqual([]);
  expect(`${baseURL}/news`).toBe(page.url());
});

test.describe("a test's own storage state", () => {
  test.use({ storageState: FIRST_VISIT_STATE });

  test("replaces the project's", async ({ context }) => {
    expect(await context.cookies()).toEqual([]);
  });
});

test("what cannot be undone retires the page", async ({ page }) => {
  previous = page;
  await page.addInitScript(() => {
    (window as { __left?: boolean }).__left = true;
  });
});

test("so the next test gets a new one", async ({ page }) => {
  expect(page).not.toBe(previous);
  previous = page;
  await page.goto("/about");
  expect(await page.evaluate(() => (window as { __left?: boolean }).__left)).toBeUndefined();
});

test.describe(() => {
  test.use({ freshPage: true });

  test("`freshPage` gives a new context, as Playwright's own test does", async ({ page }) => {
    expect(page).not.toBe(previous);
    expect(page.url()).toBe("about:blank");
    expect((await page.context().cookies()).map((cookie) => cookie.name)).toEqual(
      REJECTED_STATE.cookies.map((cookie) => cookie.name),
    );
  });
});
