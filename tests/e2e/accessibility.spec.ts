// WCAG checks with axe-core (DESIGN: WCAG 2.2 AA): no serious or critical violations on the
// main page types and the 404 page; every violation is listed when the test fails.
import { createRequire } from "node:module";
import { expect, type Page, test } from "@playwright/test";
import { ARTICLE_PATH, waitForHydration } from "./support/site";

const AXE_PATH = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
const BLOCKING_IMPACTS = new Set(["serious", "critical"]);

interface AxeNode {
  target: unknown[];
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: AxeNode[];
}

// Settled visuals: the hero's entrance animation is skipped, as for visitors who ask for it.
test.use({ reducedMotion: "reduce" });

async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await page.addScriptTag({ path: AXE_PATH });
  // Let finite animations and transitions end so colours are final.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: {
        type: "tag",
        values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"],
      },
      resultTypes: ["violations"],
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
}

function report(violations: AxeViolation[]): string {
  return violations
    .map(
      (v) =>
        `[${v.impact ?? "n/a"}] ${v.id}: ${v.help}\n` +
        v.nodes
          .slice(0, 5)
          .map(
            (n) =>
              `    ${JSON.stringify(n.target)} ${n.failureSummary?.replace(/\s+/g, " ") ?? ""}`,
          )
          .join("\n"),
    )
    .join("\n");
}

async function expectNoBlockingViolations(page: Page, label: string): Promise<void> {
  const violations = await axeViolations(page);
  const blocking = violations.filter((v) => BLOCKING_IMPACTS.has(v.impact ?? ""));
  expect(
    blocking.map((v) => v.id),
    `serious/critical axe violations on ${label}; all violations:\n${report(violations)}`,
  ).toEqual([]);
}

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
