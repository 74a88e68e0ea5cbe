// The page frame: header compaction, the mobile menu, the announcement
// banner, the footer columns and the skip link.
import type { Page } from "@playwright/test";
import { HEADER_COMPACT_THRESHOLD } from "../../app/components/layout/header-scroll";
import {
  ACQUISITION_PATH,
  FOOTER_COLUMNS,
  FOOTER_SOCIAL_LINKS,
  HEADER_LINKS,
  SOCIAL_LINKS,
} from "../../app/config/site";
import { expect, test } from "./support/reused-page";
import { gotoHydrated } from "./support/site";

/** Scrolls the window and lets the header's scroll listener (one rAF) run. */
async function scrollToY(page: Page, y: number): Promise<void> {
  await page.evaluate(async (top) => {
    window.scrollTo(0, top);
    await new Promise<void>((resolve) =>
      requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
    );
  }, y);
  expect(await page.evaluate(() => window.scrollY)).toBe(y);
}

test.describe("header compaction", () => {
  test("expanded at the top, compact from 51 px, expanded at 50 px and again at the top", async ({
    page,
  }) => {
    await gotoHydrated(page, "/");
    const header = page.locator("header.site-header");
    await expect(header).toHaveAttribute("data-compact", "false");
    const expandedHeight = (await header.boundingBox())?.height ?? 0;

    await scrollToY(page, HEADER_COMPACT_THRESHOLD + 1);
    await expect(header).toHaveAttribute("data-compact", "true");
    // It really shrinks (after its height transition).
    await expect
      .poll(async () => (await header.boundingBox())?.height ?? 0)
      .toBeLessThan(expandedHeight);

    // Seen to expand again at 50 px (no waiting for a change that must not come).
    await scrollToY(page, HEADER_COMPACT_THRESHOLD);
    await expect(header).toHaveAttribute("data-compact", "false");

    await scrollToY(page, 0);
    await expect(header).toHaveAttribute("data-compact", "false");
  });
});

test.describe("mobile menu (375 px)", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  const toggle = (page: Page) => page.locator("header.site-header button.mobile-menu__toggle");
  const panel = (page: Page) => page.locator("#site-mobile-menu");

  async function openMenu(page: Page): Promise<void> {
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(panel(page)).toHaveAttribute("data-open", "true");
    await expect(panel(page)).toBeVisible();
  }

  test("the toggle opens the menu with every link, social ones in a new tab; Escape closes it and focus returns to the toggle", async ({
    page,
  }) => {
    await gotoHydrated(page, "/about");
    // The desktop navigation is not shown at this width; the toggle is.
    await expect(page.locator(".site-header__nav")).toBeHidden();
    await expect(panel(page)).toHaveAttribute("data-open", "false");
    await expect(panel(page)).toBeHidden();

    await openMenu(page);
    await expect(toggle(page)).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("button", { name: "Close menu" })).toBeVisible();
    for (const link of HEADER_LINKS) {
      await expect(panel(page).getByRole("link", { name: link.label, exact: true })).toBeVisible();
    }
    // Its social links open in a new tab with rel noopener.
    for (const social of SOCIAL_LINKS) {
      const link = panel(page).locator(`a[href="${social.href}"]`);
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", /\bnoopener\b/);
    }

    await page.keyboard.press("Escape");
    await expect(panel(page)).toHaveAttribute("data-open", "false");
    await expect(panel(page)).toBeHidden();
    await expect(toggle(page)).toHaveAttribute("aria-expanded", "false");
    await expect(toggle(page)).toBeFocused();
  });

  test("page scrolling is locked while the menu is open and unlocked after", async ({ page }) => {
    await gotoHydrated(page, "/about");
    await scrollToY(page, 300);
    await openMenu(page);

    const overflow = await page.evaluate(() => [
      getComputedStyle(document.documentElement).overflow,
      getComputedStyle(document.body).overflow,
    ]);
    expect(overflow, "html/body overflow while open").toContain("hidden");

    // The wheel over the page does not move it: two frames after the page got the wheel
    // event, a scroll it caused would have begun.
    await page.evaluate(() => {
      (window as { wheelHandled?: Promise<void> }).wheelHandled = new Promise((resolve) =>
        window.addEventListener(
          "wheel",
          () => requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
          { once: true, capture: true, passive: true },
        ),
      );
    });
    await page.mouse.move(187, 600);
    await page.mouse.wheel(0, 800);
    await page.evaluate(() => (window as { wheelHandled?: Promise<void> }).wheelHandled);
    expect(await page.evaluate(() => window.scrollY)).toBe(300);

    await page.keyboard.press("Escape");
    await expect(panel(page)).toBeHidden();
    await page.mouse.wheel(0, 400);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  });

  test("focus is trapped inside the open menu", async ({ page }) => {
    await gotoHydrated(page, "/about");
    await openMenu(page);
    const inside = () =>
      page.evaluate(() => {
        const root = document.querySelector("header.site-header .mobile-menu");
        return root?.contains(document.activeElement) ?? false;
      });
    const focusables = await page
      .locator("header.site-header .mobile-menu")
      .locator("a[href]:visible, button:visible")
      .count();
    expect(focusables).toBeGreaterThan(5);
    const seen = new Set<string>();
    for (let i = 0; i < focusables + 3; i++) {
      await page.keyboard.press("Tab");
      expect(await inside(), `focus after ${i + 1} Tab presses`).toBe(true);
      seen.add(await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120) ?? ""));
    }
    // It cycled through every focusable element of the menu.
    expect(seen.size).toBe(focusables);
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press("Shift+Tab");
      expect(await inside(), `focus after ${i + 1} Shift+Tab presses`).toBe(true);
    }
  });

  test("clicking a nav link closes the menu and navigates", async ({ page }) => {
    await gotoHydrated(page, "/about");
    await openMenu(page);
    await panel(page).getByRole("link", { name: "News", exact: true }).click();
    await expect(page).toHaveURL(/\/news$/);
    await expect(panel(page)).toHaveAttribute("data-open", "false");
    await expect(panel(page)).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeVisible();
    // The page can scroll again.
    const overflow = await page.evaluate(() => [
      getComputedStyle(document.documentElement).overflow,
      getComputedStyle(document.body).overflow,
    ]);
    expect(overflow).not.toContain("hidden");
  });

  test("a route change from outside the menu (back button) closes it", async ({ page }) => {
    await gotoHydrated(page, "/news");
    await page.locator("main a.card__link").first().click();
    await expect(page).toHaveURL(/\/news\/[^/]+$/);
    await openMenu(page);
    await page.goBack();
    await expect(page).toHaveURL(/\/news$/);
    await expect(panel(page)).toHaveAttribute("data-open", "false");
    await expect(panel(page)).toBeHidden();
  });

  test("the menu sits 140 px down under the expanded header and 120 px under the compact one", async ({
    page,
  }) => {
    await gotoHydrated(page, "/about");
    await openMenu(page);
    await expect(panel(page)).toHaveCSS("top", "140px");
    await page.keyboard.press("Escape");

    await scrollToY(page, 400);
    await expect(page.locator("header.site-header")).toHaveAttribute("data-compact", "true");
    await openMenu(page);
    await expect(panel(page)).toHaveCSS("top", "120px");
  });
});

test.describe("announcement banner", () => {
  const banner = (page: Page) => page.locator("aside.announcement-banner");

  test("is shown on / and links to the acquisition page", async ({ page }) => {
    await gotoHydrated(page, "/");
    await expect(banner(page)).toBeVisible();
    await expect(banner(page)).toHaveAttribute("data-scheme", "default");
    const link = banner(page).getByRole("link");
    await expect(link).toHaveAttribute("href", ACQUISITION_PATH);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${ACQUISITION_PATH}$`));
    // Hidden once there (in-app navigation).
    await expect(banner(page)).toHaveCount(0);
  });

  test("is hidden on the acquisition page", async ({ page }) => {
    await gotoHydrated(page, ACQUISITION_PATH);
    await expect(banner(page)).toHaveCount(0);
    await expect(page.locator(`main a[href="${ACQUISITION_PATH}"]`)).toHaveCount(0);
    await expect(page.locator(".site-layout")).toHaveAttribute("data-banner", "hidden");
  });

  test("uses the alternative colour scheme on /technology", async ({ page }) => {
    await gotoHydrated(page, "/");
    const defaultColour = await banner(page).evaluate((el) => getComputedStyle(el).backgroundColor);
    await gotoHydrated(page, "/technology");
    await expect(banner(page)).toBeVisible();
    await expect(banner(page)).toHaveAttribute("data-scheme", "alt");
    const altColour = await banner(page).evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(altColour).not.toBe(defaultColour);
  });
});

test.describe("footer", () => {
  test("has the five columns with exactly the configured links, external ones opening a new tab", async ({
    page,
  }) => {
    await gotoHydrated(page, "/");
    const columns = page.locator("footer#site-footer .site-footer__column");
    await expect(columns).toHaveCount(5);
    const actual = await columns.evaluateAll((els) =>
      els.map((el) => ({
        title: el.querySelector("h2")?.textContent?.trim() ?? "",
        hrefs: Array.from(el.querySelectorAll("a")).map((a) => a.getAttribute("href")),
      })),
    );
    expect(actual).toEqual(
      FOOTER_COLUMNS.map((c) => ({ title: c.title, hrefs: c.links.map((l) => l.href) })),
    );
    expect(actual.map((c) => c.title)).toEqual([
      "Main",
      "About",
      "Technology",
      "Solutions",
      "Privacy",
    ]);

    // On the same page: external links open in a new tab; internal links stay in the tab.
    const footer = page.locator("footer#site-footer");
    for (const link of FOOTER_COLUMNS.flatMap((c) => c.links)) {
      const anchor = footer.locator(`.site-footer__nav a[href="${link.href}"]`);
      await expect(anchor).toHaveCount(1);
      if (link.href.startsWith("http")) {
        await expect(anchor).toHaveAttribute("target", "_blank");
        await expect(anchor).toHaveAttribute("rel", /\bnoopener\b/);
      } else {
        await expect(anchor).not.toHaveAttribute("target", /.+/);
      }
    }
    const social = footer.locator(".social-links a");
    await expect(social).toHaveCount(FOOTER_SOCIAL_LINKS.length);
    for (const link of FOOTER_SOCIAL_LINKS) {
      const anchor = footer.locator(`.social-links a[href="${link.href}"]`);
      await expect(anchor).toHaveAttribute("target", "_blank");
      await expect(anchor).toHaveAttribute("rel", /\bnoopener\b/);
    }
  });
});

test("the skip link is the first Tab stop and moves focus to main", async ({ page }) => {
  await gotoHydrated(page, "/about");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.locator("main#main")).toBeFocused();
});
