// The verdicts of the site benchmark's first-paint budgets (the figures come from Lighthouse
// and Chromium; these are the rules applied to them).
import { describe, expect, it } from "vitest";
import {
  countFontPreloads,
  cssComesFirst,
  firstPaintMisses,
  largestTasks,
  type PageAudit,
  type RequestOrder,
  responsiveMisses,
} from "./site-bench";

function audit(figures: Partial<PageAudit> & { performance?: number | null }): PageAudit {
  const { performance = 100, ...rest } = figures;
  return {
    path: "/",
    scores: { performance, accessibility: 100, "best-practices": 100, seo: 100 },
    fcpMs: 800,
    lcpMs: 900,
    tbtMs: 0,
    cls: 0,
    jsTransferBytes: 100_000,
    mainThreadMs: 1500,
    mainThreadGroups: {},
    largestTaskMs: 0,
    largestTaskUrl: "",
    largestSiteTaskMs: 0,
    failingAudits: { performance: [], accessibility: [], "best-practices": [], seo: [] },
    consoleErrors: [],
    ...rest,
  };
}

describe("firstPaintMisses", () => {
  it("passes a page at 100 within every limit, the limits included", () => {
    expect(firstPaintMisses(audit({}))).toEqual([]);
    expect(firstPaintMisses(audit({ fcpMs: 1000, lcpMs: 1200, tbtMs: 50, cls: 0 }))).toEqual([]);
  });

  it("names each figure over its limit, and a score under 100", () => {
    expect(
      firstPaintMisses(audit({ performance: 99, fcpMs: 1001, lcpMs: 1250, tbtMs: 60, cls: 0.001 })),
    ).toEqual([
      "performance 99 < 100",
      "FCP 1001 ms > 1000 ms",
      "LCP 1250 ms > 1200 ms",
      "TBT 60 ms > 50 ms",
      "CLS 0.001 > 0",
    ]);
  });

  it("counts a missing figure as a miss", () => {
    expect(firstPaintMisses(audit({ performance: null, lcpMs: null }))).toEqual([
      "performance n/a < 100",
      "LCP n/a",
    ]);
  });
});

describe("cssComesFirst", () => {
  const order = (firstStylesheet: number, firstScript: number): RequestOrder => ({
    requests: [],
    firstStylesheet,
    firstScript,
    fontPreloads: 0,
  });

  it("holds when the stylesheet is requested before any script, or no script is", () => {
    expect(cssComesFirst(order(1, 2))).toBe(true);
    expect(cssComesFirst(order(1, 0))).toBe(true);
  });

  it("fails when a script comes first, or no stylesheet is requested", () => {
    expect(cssComesFirst(order(9, 3))).toBe(false);
    expect(cssComesFirst(order(0, 1))).toBe(false);
  });
});

describe("countFontPreloads", () => {
  it("counts font preloads, not other preloads or stylesheets", () => {
    const html = [
      '<link rel="stylesheet" href="/assets/shell.css"/>',
      '<link rel="preload" href="/assets/inter.woff2" as="font" type="font/woff2" crossorigin="anonymous"/>',
      '<link rel="preload" as="image" href="/media/hero.webp"/>',
      '<link rel="modulepreload" href="/assets/framework.js"/>',
      '<link as="font" rel="preload" href="/assets/manrope.woff2"/>',
    ].join("");
    expect(countFontPreloads(html)).toBe(2);
    expect(countFontPreloads("<p>no links</p>")).toBe(0);
  });
});

describe("responsiveMisses", () => {
  it("passes a page at 95 with TBT 150 ms and no site task over 50 ms, the limits included", () => {
    expect(responsiveMisses(audit({ performance: 95, tbtMs: 150, largestSiteTaskMs: 50 }))).toEqual(
      [],
    );
  });

  it("names the score, TBT and site task over their limits, and missing figures", () => {
    expect(responsiveMisses(audit({ performance: 94, tbtMs: 151, largestSiteTaskMs: 51 }))).toEqual(
      ["performance 94 < 95", "TBT 151 ms > 150 ms", "site task 51 ms > 50 ms"],
    );
    expect(responsiveMisses(audit({ tbtMs: null, largestSiteTaskMs: null }))).toEqual([
      "TBT n/a",
      "site task n/a",
    ]);
  });
});

describe("largestTasks", () => {
  const report = (items: { url: string; duration: number }[]) => ({
    audits: {
      "long-tasks": { score: null, scoreDisplayMode: "informative", title: "", details: { items } },
    },
  });
  const origin = "http://127.0.0.1:4000";

  it("keeps the longest task, and the longest of the site's own scripts apart", () => {
    const tasks = largestTasks(
      report([
        { url: "Unattributable", duration: 120 },
        { url: `${origin}/assets/framework-abc.js`, duration: 80 },
        { url: `${origin}/`, duration: 200 },
        { url: "https://cdn.example/tag.js", duration: 300 },
        { url: `${origin}/assets/shell-def.js`, duration: 60 },
      ]),
      origin,
    );
    expect(tasks).toEqual({
      largestTaskMs: 300,
      largestTaskUrl: "https://cdn.example/tag.js",
      largestSiteTaskMs: 80,
    });
  });

  it("reads no long task as none over 50 ms", () => {
    expect(largestTasks(report([]), origin)).toEqual({
      largestTaskMs: 0,
      largestTaskUrl: "",
      largestSiteTaskMs: 0,
    });
  });
});
