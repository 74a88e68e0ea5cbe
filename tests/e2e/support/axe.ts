// axe-core in the page under test: serious and critical violations fail, every violation is
// listed in the failure message.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { expect, type Page } from "@playwright/test";

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);
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

async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated by the test runner, not added as a <script>: the site's CSP refuses inline
  // scripts it did not write, and the pages are tested under that policy. Once per
  // document: a second run on the same page reuses it.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
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

/** Fails on serious or critical violations; returns all of them for further checks. */
export async function expectNoBlockingViolations(
  page: Page,
  label: string,
): Promise<AxeViolation[]> {
  const violations = await axeViolations(page);
  const blocking = violations.filter((v) => BLOCKING_IMPACTS.has(v.impact ?? ""));
  expect(
    blocking.map((v) => v.id),
    `serious/critical axe violations on ${label}; all violations:\n${report(violations)}`,
  ).toEqual([]);
  return violations;
}
