// Without JavaScript: server-rendered pages show their
// content, navigation is made of real links, and the mobile menu is a native disclosure.
import type { Page } from "@playwright/test";
import { FOOTER_COLUMNS, HEADER_LINKS } from "../../app/config/site";
import { expect, test } from "./support/reused-page";
import { ARTICLE_PATH } from "./support/site";
import { publishedEntries } from "./support/snapshot";

// The hero's entrance animation runs (that it ends opaque without scripts is checked).
test.use({ javaScriptEnabled: false, reducedMotion: "no-preference" });

/** The labels of the /solutions tabs, from the content. */
const SOLUTION_TABS = (() => {
  const solutions = publishedEntries("page").find((e) => e.path === "/solutions");
  const tabs = (solutions?.tabs ?? []) as { label?: unknown }[];
  return tabs.map((t) => String(t.label));
})();

async function expectReadable(page: Page, path: string): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  // Really no script ran: the hydrated-only toggle button never appears.
  await expect(page.locator("button.mobile-menu__toggle")).toHaveCount(0);
  const h1 = page.locator("main h1");
  await expect(h1).toHaveCount(1);
  await expect(h1).toBeVisible();
  await expect(h1).not.toBeEmpty();
  // The hero's entrance animation is CSS only: the title ends fully opaque without scripts.
  await expect
    .poll(() => h1.evaluate((el) => Number(getComputedStyle(el).opacity)), { timeout: 5_000 })
    .toBe(1);
  const paragraphs = await page
    .locator("main p")
    .evaluateAll((els) => els.map((p) => p.textContent?.trim() ?? "").filter((t) => t.length > 30));
  expect(paragraphs.length, `paragraphs on ${path}`).toBeGreaterThan(0);
  await expect(page.locator("main p").first()).toBeVisible();
}

for (const path of ["/", "/news", ARTICLE_PATH, "/about"]) {
  test(`${path} renders its content without JavaScript`, async ({ page }) => {
    await expectReadable(page, path);
  });
}

test("the hero's background moves without JavaScript, by opacity alone", async ({ page }) => {
  await page.goto("/");
  const motion = await page.evaluate(() =>
    document
      .getAnimations()
      .filter((a) => (a as CSSAnimation).animationName === "hero-gradient")
      .map((a) => ({
        playState: a.playState,
        duration: Number(a.effect?.getComputedTiming().duration ?? 0),
        properties: ((a.effect as KeyframeEffect).getKeyframes() ?? []).flatMap((frame) =>
          Object.keys(frame).filter(
            (key) => !["offset", "computedOffset", "easing", "composite"].includes(key),
          ),
        ),
      })),
  );
  expect(motion).toHaveLength(1);
  expect(motion[0]?.playState).toBe("running");
  expect(motion[0]?.duration).toBe(10_000);
  expect([...new Set(motion[0]?.properties)]).toEqual(["opacity"]);
});

test("/solutions shows every tab panel with its heading without JavaScript", async ({ page }) => {
  expect(SOLUTION_TABS.length).toBe(5);
  await expectReadable(page, "/solutions");
  await expect(page.getByRole("tablist")).toHaveCount(0);
  for (const label of SOLUTION_TABS) {
    const heading = page.locator("main h2", { hasText: label });
    await expect(heading.first(), label).toBeVisible();
  }
  // Each panel keeps the footer's anchor (#tabs-...), so footer links land on it.
  for (const link of FOOTER_COLUMNS.find((c) => c.title === "Solutions")?.links ?? []) {
    const id = link.href.split("#")[1] as string;
    await expect(page.locator(`[id="${id}"]`), id).toBeVisible();
  }
});

test("the header navigation is made of real links", async ({ page }) => {
  await page.goto("/news");
  const links = await page
    .locator("header.site-header .site-header__nav a")
    .evaluateAll((els) =>
      els.map((a) => ({ label: a.textContent?.trim(), href: a.getAttribute("href") })),
    );
  expect(links).toEqual(HEADER_LINKS.map((l) => ({ label: l.label, href: l.href })));
  await expect(page.locator("header.site-header a[aria-label='ID5 home']")).toHaveAttribute(
    "href",
    "/",
  );
  await page.locator("header.site-header .site-header__nav a", { hasText: "About" }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.locator("main h1")).toBeVisible();
});

test.describe("at 375 px", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the <details> menu opens and shows the nav links", async ({ page }) => {
    await page.goto("/");
    const details = page.locator("header.site-header details.mobile-menu");
    await expect(details).toHaveCount(1);
    const panel = details.locator("#site-mobile-menu");
    await expect(panel).toBeHidden();
    await details.locator("summary").click();
    await expect(details).toHaveAttribute("open", "");
    await expect(panel).toBeVisible();
    for (const link of HEADER_LINKS) {
      const anchor = panel.getByRole("link", { name: link.label, exact: true });
      await expect(anchor).toBeVisible();
      await expect(anchor).toHaveAttribute("href", link.href);
    }
    await panel.getByRole("link", { name: "Resources", exact: true }).click();
    await expect(page).toHaveURL(/\/resources$/);
    await expect(page.locator("main h1")).toBeVisible();
  });
});

test("footer links load their pages", async ({ page }) => {
  await page.goto("/about");
  const before = await page.locator("main h1").textContent();
  const navigation = page.waitForEvent("framenavigated");
  await page.locator('footer#site-footer a[href="/technology"]').click();
  await navigation;
  await expect(page).toHaveURL(/\/technology$/);
  await expect(page.locator("main h1")).toBeVisible();
  expect(await page.locator("main h1").textContent()).not.toBe(before);

  await page.locator('footer#site-footer a[href="/trust/cookie-policy"]').click();
  await expect(page).toHaveURL(/\/trust\/cookie-policy$/);
  await expect(page.locator("main h1")).toBeVisible();
});
