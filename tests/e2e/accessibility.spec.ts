// WCAG checks with axe-core (DESIGN: WCAG 2.2 AA): no serious or critical violations on the
// main page types and the 404 page; every violation is listed when the test fails.
import { expect, test } from "@playwright/test";
import { expectNoBlockingViolations } from "./support/axe";
import { ARTICLE_PATH, waitForHydration } from "./support/site";

// Settled visuals: the hero's entrance animation is skipped, as for visitors who ask for it.
test.use({ reducedMotion: "reduce" });

for (const path of ["/", "/news", ARTICLE_PATH, "/solutions", "/about"]) {
  test(`${path} has no serious or critical axe violations`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await waitForHydration(page);
    await expectNoBlockingViolations(page, path);
  });
}

test("the 404 page has no serious or critical axe violations", async ({ page }) => {
  const response = await page.goto("/this-page-does-not-exist");
  expect(response?.status()).toBe(404);
  await waitForHydration(page);
  await expectNoBlockingViolations(page, "the 404 page");
});

test.describe("at 375 px", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the open mobile menu has no serious or critical axe violations", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.locator("#site-mobile-menu")).toHaveAttribute("data-open", "true");
    await expectNoBlockingViolations(page, "/ with the mobile menu open");
  });
});
