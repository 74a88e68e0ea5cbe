// Site benchmark (`npm run bench -- site`; docs/performance.md): the built site, served by
// `npm start`'s code on free loopback ports, audited with Lighthouse 13 (mobile, simulated
// throttling) and measured with Playwright in Chromium; every figure beside its budget with
// PASS/FAIL, exit 0 either way: a report, not a test. Lighthouse runs on the project's Node,
// installed into tools/ (git-ignored) when missing: a benchmark's tool, not a dependency of
// the site. One Lighthouse at a time; each figure is the median of its SITE_BENCH_RUNS runs
// (default 3), taken on its own (scores move by a few points on a busy 2-core machine). The
// first-paint budgets (docs/decisions/0013-first-paint.md) hold for `/`, `/news`, an article
// and `/solutions`; the unknown path keeps the general budget. SITE_BENCH_KEEP=1 keeps the
// reports, SITE_BENCH_LIGHTHOUSE=0 skips Lighthouse and lists every file loaded. The four page
// types also carry the responsiveness budgets (RESPONSIVE_BUDGETS: score, TBT, no task of the
// site's scripts over 50 ms); SITE_BENCH_BEFORE=<another checkout> audits that checkout's build
// run for run beside this one (the budgets judge this one only).
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { SYSTEM_CHROMIUM as CHROMIUM, CHROMIUM_ARGS, PLAYWRIGHT_CHROMIUM_ARGS } from "../chromium";
import { startSiteProcess } from "../site-process";

const PROJECT_DIR = path.resolve(fileURLToPath(new URL("../..", import.meta.url)));
const TOOLS_DIR = path.join(PROJECT_DIR, "tools");
const TOOL_PACKAGES = ["lighthouse@13"];
const LIGHTHOUSE_CLI = path.join(TOOLS_DIR, "node_modules/lighthouse/cli/index.js");
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type Category = (typeof CATEGORIES)[number];

/** Budgets the site is held to. 1 KB = 1000 bytes. */
export const BUDGETS = {
  performance: 95,
  accessibility: 100,
  "best-practices": 100,
  seo: 100,
  jsGzipBytes: 120_000,
  cssGzipBytes: 30_000,
  cls: 0,
} as const;

/**
 * First paint (docs/decisions/0013-first-paint.md), for the four page types: Lighthouse mobile
 * 100, and each metric (the median of the runs) within its limit.
 */
export const FIRST_PAINT_BUDGETS = {
  performance: 100,
  fcpMs: 1000,
  lcpMs: 1200,
  tbtMs: 50,
  cls: 0,
} as const;

/**
 * A phone stays responsive (docs/decisions/0033-phones-stay-responsive.md), for the four page
 * types: Lighthouse mobile at its defaults (4x CPU slowdown), the median of the runs. A task
 * counts as the site's when Lighthouse attributes it to a script the site serves.
 */
export const RESPONSIVE_BUDGETS = {
  performance: 95,
  tbtMs: 150,
  siteTaskMs: 50,
} as const;

/** Web fonts the HTML of `/` may preload (`<link rel="preload" as="font">`). */
export const MAX_FONT_PRELOADS = 1;

const LIGHTHOUSE_TIMEOUT_MS = 3 * 60_000;
const IDLE_AFTER_LOAD_MS = 3_000;
const NOT_FOUND_PATH = "/bench-no-such-page";

const log = (line = "") => console.log(line);
const progress = (line: string) => console.error(`site bench: ${line}`);
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const RUNS = Math.max(1, Number(process.env.SITE_BENCH_RUNS ?? 3) || 3);
const WITH_LIGHTHOUSE = process.env.SITE_BENCH_LIGHTHOUSE !== "0";
const verdict = (ok: boolean) => (ok ? "PASS" : "FAIL");

function run(
  command: string,
  args: readonly string[],
  options: { cwd?: string; timeoutMs: number; env?: NodeJS.ProcessEnv },
): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd ?? PROJECT_DIR,
      env: options.env ?? process.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs);
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? (signal ? 128 : 1), output });
    });
  });
}

/** lighthouse@13 in tools/, installed when missing. */
async function ensureTools(): Promise<void> {
  if (existsSync(LIGHTHOUSE_CLI)) return;
  progress(`installing ${TOOL_PACKAGES.join(" ")} into tools/ …`);
  const { code, output } = await run(
    "npm",
    ["install", "--prefix", TOOLS_DIR, "--no-save", ...TOOL_PACKAGES],
    { timeoutMs: 5 * 60_000 },
  );
  const tail = output.trim().split("\n").slice(-8);
  for (const line of tail) progress(`  npm: ${line}`);
  // npm 11 skips dependency install scripts it was not told to allow: say so loudly.
  const skipped = output.split("\n").filter((line) => /install.?scripts?|allowScripts/i.test(line));
  for (const line of skipped) progress(`  npm (install scripts): ${line}`);
  if (code !== 0 || !existsSync(LIGHTHOUSE_CLI)) {
    throw new Error(`installing the benchmark tools failed (npm exit code ${code})`);
  }
}

/** `npm start`'s entry (builds when stale) as a child process on free loopback ports. */
function startSite(logFile: string, projectDir?: string) {
  return startSiteProcess({ logFile, ...(projectDir ? { projectDir } : {}) });
}

/** A published article: the first article link of the /news page. */
async function findArticlePath(base: string): Promise<string> {
  const html = await (await fetch(`${base}/news`)).text();
  for (const match of html.matchAll(/href="(\/news\/[^"/?#]+)"/g)) {
    const href = match[1] as string;
    if (href !== "/news/page") return href;
  }
  throw new Error("no article link found on /news");
}

interface AuditRef {
  id: string;
  weight: number;
}
interface LighthouseReport {
  runtimeError?: { code: string; message: string };
  runWarnings?: string[];
  categories: Record<Category, { score: number | null; auditRefs: AuditRef[] }>;
  audits: Record<
    string,
    {
      score: number | null;
      scoreDisplayMode: string;
      numericValue?: number;
      title: string;
      displayValue?: string;
      details?: { items?: Record<string, unknown>[] };
    }
  >;
}

export interface PageAudit {
  path: string;
  scores: Record<Category, number | null>;
  fcpMs: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  jsTransferBytes: number | null;
  /** Lighthouse's main-thread work (ms, at its slowdown) and where it went, by group. */
  mainThreadMs: number | null;
  mainThreadGroups: Record<string, number>;
  /** The longest task at load (ms, at the slowdown), and the longest of the site's scripts. */
  largestTaskMs: number | null;
  largestTaskUrl: string;
  largestSiteTaskMs: number | null;
  failingAudits: Record<Category, string[]>;
  /** Console errors other than the page's own 404 (the unknown-path page logs that one). */
  consoleErrors: string[];
  /** Each run's figures (the ones above are their medians). */
  performanceRuns?: number[];
  tbtRuns?: number[];
  mainThreadRuns?: number[];
  largestTaskRuns?: number[];
  largestSiteTaskRuns?: number[];
  error?: string;
}

async function lighthouse(url: string, outFile: string, notFound: boolean): Promise<PageAudit> {
  const pagePath = new URL(url).pathname;
  const args = [
    LIGHTHOUSE_CLI,
    url,
    "--quiet",
    "--output=json",
    `--output-path=${outFile}`,
    `--only-categories=${CATEGORIES.join(",")}`,
    "--form-factor=mobile",
    `--chrome-path=${CHROMIUM}`,
    `--chrome-flags=${CHROMIUM_ARGS.join(" ")}`,
    ...(notFound ? ["--ignore-status-code"] : []),
  ];
  const empty = (error: string): PageAudit => ({
    path: pagePath,
    scores: { performance: null, accessibility: null, "best-practices": null, seo: null },
    fcpMs: null,
    lcpMs: null,
    tbtMs: null,
    cls: null,
    jsTransferBytes: null,
    mainThreadMs: null,
    mainThreadGroups: {},
    largestTaskMs: null,
    largestTaskUrl: "",
    largestSiteTaskMs: null,
    failingAudits: { performance: [], accessibility: [], "best-practices": [], seo: [] },
    consoleErrors: [],
    error,
  });
  const { code, output } = await run(process.execPath, args, { timeoutMs: LIGHTHOUSE_TIMEOUT_MS });
  if (code !== 0) return empty(`lighthouse exit code ${code}: ${output.trim().slice(-400)}`);
  const report = JSON.parse(await readFile(outFile, "utf8")) as LighthouseReport;
  if (report.runtimeError) {
    return empty(`${report.runtimeError.code}: ${report.runtimeError.message}`);
  }
  const numeric = (id: string) => report.audits[id]?.numericValue ?? null;
  const scripts = report.audits["resource-summary"]?.details?.items?.find(
    (item) => item.resourceType === "script",
  );
  const failingAudits = {} as Record<Category, string[]>;
  const scores = {} as Record<Category, number | null>;
  for (const category of CATEGORIES) {
    const cat = report.categories[category];
    scores[category] = cat?.score == null ? null : Math.round(cat.score * 100);
    failingAudits[category] = (cat?.auditRefs ?? [])
      .map((ref) => ({ ref, audit: report.audits[ref.id] }))
      .filter(
        ({ ref, audit }) =>
          audit &&
          audit.score !== null &&
          audit.score < (category === "performance" ? 0.9 : 1) &&
          (ref.weight > 0 || category === "performance") &&
          audit.scoreDisplayMode !== "informative" &&
          audit.scoreDisplayMode !== "notApplicable" &&
          audit.scoreDisplayMode !== "manual",
      )
      .map(({ ref, audit }) => `${ref.id}${audit?.displayValue ? ` (${audit.displayValue})` : ""}`);
  }
  const consoleItems = report.audits["errors-in-console"]?.details?.items ?? [];
  const consoleErrors = consoleItems
    .map((item) => {
      const location = item.sourceLocation as { url?: string } | undefined;
      return { text: String(item.description ?? ""), url: location?.url ?? "" };
    })
    // The unknown path answers 404 by design, and Chrome logs that for the document itself.
    .filter(({ text, url: source }) => !(notFound && source === url && /status of 404/.test(text)))
    .map(({ text, url }) => `${text}${url ? ` (${url})` : ""}`);
  return {
    path: pagePath,
    scores,
    consoleErrors,
    fcpMs: numeric("first-contentful-paint"),
    lcpMs: numeric("largest-contentful-paint"),
    tbtMs: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    jsTransferBytes: typeof scripts?.transferSize === "number" ? scripts.transferSize : null,
    mainThreadMs: numeric("mainthread-work-breakdown"),
    mainThreadGroups: mainThreadGroups(report),
    ...largestTasks(report, new URL(url).origin),
    failingAudits,
  };
}

/** Main-thread time by Lighthouse's groups (script evaluation, style & layout, …), in ms. */
function mainThreadGroups(report: LighthouseReport): Record<string, number> {
  const groups: Record<string, number> = {};
  for (const item of report.audits["mainthread-work-breakdown"]?.details?.items ?? []) {
    const label = String(item.groupLabel ?? item.group ?? "?");
    groups[label] = (groups[label] ?? 0) + Number(item.duration ?? 0);
  }
  return groups;
}

/** The longest task Lighthouse lists, and the longest attributed to a script of `origin`. */
export function largestTasks(
  report: Pick<LighthouseReport, "audits">,
  origin: string,
): Pick<PageAudit, "largestTaskMs" | "largestTaskUrl" | "largestSiteTaskMs"> {
  const tasks = (report.audits["long-tasks"]?.details?.items ?? []).map((item) => ({
    url: String(item.url ?? ""),
    duration: Number(item.duration ?? 0),
  }));
  const longest = tasks.reduce<{ url: string; duration: number } | null>(
    (max, task) => (max === null || task.duration > max.duration ? task : max),
    null,
  );
  // The document's own URL is parsing and layout, not a script of the site's.
  const siteScript = (taskUrl: string) =>
    taskUrl.startsWith(`${origin}/`) && /\.m?js(\?|$)/.test(taskUrl);
  const siteTasks = tasks.filter((task) => siteScript(task.url)).map((task) => task.duration);
  return {
    // Lighthouse lists tasks of 50 ms and longer: none listed is none that long.
    largestTaskMs: longest?.duration ?? 0,
    largestTaskUrl: longest?.url ?? "",
    largestSiteTaskMs: siteTasks.length > 0 ? Math.max(...siteTasks) : 0,
  };
}

/** Body size as sent with `Accept-Encoding: gzip` (not decoded). */
function gzipTransferSize(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { "accept-encoding": "gzip" } }, (response) => {
      let bytes = 0;
      response.on("data", (chunk: Buffer) => {
        bytes += chunk.byteLength;
      });
      response.on("end", () => resolve(bytes));
      response.on("error", reject);
    });
    request.setTimeout(10_000, () => request.destroy(new Error(`timeout: ${url}`)));
    request.on("error", reject);
  });
}

/** The order in which a page's requests began, as far as first paint is concerned. */
export interface RequestOrder {
  /** `type path` of each request after the document's, in the order the browser sent them. */
  requests: string[];
  /** 1-based positions in `requests` (0: none of that kind was requested). */
  firstStylesheet: number;
  firstScript: number;
  /** `<link rel="preload" as="font">` elements in the served HTML. */
  fontPreloads: number;
}

/** CSS first: a stylesheet was requested, and before any script. */
export function cssComesFirst(order: RequestOrder): boolean {
  return (
    order.firstStylesheet > 0 &&
    (order.firstScript === 0 || order.firstStylesheet < order.firstScript)
  );
}

/** `<link rel="preload" as="font">` elements of an HTML document. */
export function countFontPreloads(html: string): number {
  return [...html.matchAll(/<link\b[^>]*>/gi)].filter(
    ([tag]) => /\brel="preload"/i.test(tag) && /\bas="font"/i.test(tag),
  ).length;
}

export interface LoadMeasurement {
  viewport: string;
  order: RequestOrder;
  cls: number;
  shifts: { value: number; sources: string[] }[];
  js: { files: number; gzipBytes: number; servedBytes: number; list: string[] };
  css: { files: number; gzipBytes: number; servedBytes: number; list: string[] };
}

/** JS and CSS loaded by a page (load + idle, lazy chunks included) and its layout shifts. */
async function measureLoad(
  url: string,
  viewport: { name: string; width: number; height: number; mobile: boolean },
): Promise<LoadMeasurement> {
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: PLAYWRIGHT_CHROMIUM_ARGS,
  });
  try {
    const context = await browser.newContext({
      viewport: { width: viewport.width, height: viewport.height },
      isMobile: viewport.mobile,
      hasTouch: viewport.mobile,
      deviceScaleFactor: viewport.mobile ? 2 : 1,
    });
    const page = await context.newPage();
    await page.addInitScript(() => {
      const w = window as unknown as {
        __benchShifts: { value: number; sources: string[] }[];
      };
      w.__benchShifts = [];
      type Shift = PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null }[];
      };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Shift[]) {
          if (entry.hadRecentInput) continue;
          w.__benchShifts.push({
            value: entry.value,
            sources: (entry.sources ?? []).map((s) => {
              const node = s.node;
              if (!(node instanceof Element)) return String(node?.nodeName ?? "?");
              return `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ""}${
                node.className && typeof node.className === "string"
                  ? `.${node.className.trim().split(/\s+/).join(".")}`
                  : ""
              }`;
            }),
          });
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    const requests: string[] = [];
    page.on("request", (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) return;
      requests.push(`${request.resourceType()} ${new URL(request.url()).pathname}`);
    });
    const assets = new Map<string, { kind: "js" | "css"; served: Promise<number> }>();
    page.on("response", (response) => {
      const type = response.request().resourceType();
      const contentType = response.headers()["content-type"] ?? "";
      const kind =
        type === "script" || /javascript/.test(contentType)
          ? "js"
          : type === "stylesheet" || /text\/css/.test(contentType)
            ? "css"
            : undefined;
      if (!kind || assets.has(response.url())) return;
      assets.set(response.url(), {
        kind,
        served: response
          .request()
          .sizes()
          .then(
            (sizes) => sizes.responseBodySize,
            () => 0,
          ),
      });
    });
    const response = await page.goto(url, { waitUntil: "load" });
    const html = (await response?.text()) ?? "";
    await page.waitForTimeout(IDLE_AFTER_LOAD_MS);
    const position = (type: string) =>
      requests.findIndex((request) => request.startsWith(`${type} `)) + 1;
    const order: RequestOrder = {
      requests,
      firstStylesheet: position("stylesheet"),
      firstScript: position("script"),
      fontPreloads: countFontPreloads(html),
    };
    const shifts = (await page.evaluate(
      () => (window as unknown as { __benchShifts: unknown }).__benchShifts,
    )) as LoadMeasurement["shifts"];
    const totals = {
      js: { files: 0, gzipBytes: 0, servedBytes: 0, list: [] as string[] },
      css: { files: 0, gzipBytes: 0, servedBytes: 0, list: [] as string[] },
    };
    for (const [assetUrl, { kind, served }] of assets) {
      const gzip = await gzipTransferSize(assetUrl);
      const total = totals[kind];
      total.files += 1;
      total.gzipBytes += gzip;
      total.servedBytes += await served;
      total.list.push(`${new URL(assetUrl).pathname} ${gzip}`);
    }
    await context.close();
    return {
      viewport: `${viewport.name} ${viewport.width}x${viewport.height}`,
      order,
      cls: shifts.reduce((sum, s) => sum + s.value, 0),
      shifts,
      ...totals,
    };
  } finally {
    await browser.close();
  }
}

/** The median of the figures that are there (null when none is). */
function median(values: (number | null)[]): number | null {
  const present = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  if (present.length === 0) return null;
  const middle = Math.floor(present.length / 2);
  return present.length % 2 === 1
    ? (present[middle] as number)
    : ((present[middle - 1] as number) + (present[middle] as number)) / 2;
}

/**
 * One audit from several runs: the performance score and each metric are the medians of the
 * runs, each taken on its own; the other categories and the failing audits are those of the run
 * with the median performance score (errored runs are left out).
 */
function medianRun(runs: PageAudit[]): PageAudit {
  const ok = runs.filter((run) => !run.error);
  if (ok.length === 0) return runs[0] as PageAudit;
  const sorted = [...ok].sort((a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0));
  const middle = sorted[Math.floor((sorted.length - 1) / 2)] as PageAudit;
  const of = (pick: (run: PageAudit) => number | null) => median(ok.map(pick));
  const performance = of((run) => run.scores.performance);
  return {
    ...middle,
    scores: {
      ...middle.scores,
      performance: performance === null ? null : Math.floor(performance),
    },
    fcpMs: of((run) => run.fcpMs),
    lcpMs: of((run) => run.lcpMs),
    tbtMs: of((run) => run.tbtMs),
    cls: of((run) => run.cls),
    mainThreadMs: of((run) => run.mainThreadMs),
    largestTaskMs: of((run) => run.largestTaskMs),
    largestSiteTaskMs: of((run) => run.largestSiteTaskMs),
    jsTransferBytes: of((run) => run.jsTransferBytes),
    performanceRuns: ok.map((run) => run.scores.performance ?? 0),
    tbtRuns: ok.map((run) => run.tbtMs ?? 0),
    mainThreadRuns: ok.map((run) => run.mainThreadMs ?? 0),
    largestTaskRuns: ok.map((run) => run.largestTaskMs ?? 0),
    largestSiteTaskRuns: ok.map((run) => run.largestSiteTaskMs ?? 0),
  };
}

/** Where a page misses the first-paint budgets (empty: within all of them). */
export function firstPaintMisses(audit: PageAudit): string[] {
  const budget = FIRST_PAINT_BUDGETS;
  const misses: string[] = [];
  const score = audit.scores.performance;
  if (score === null || score < budget.performance) {
    misses.push(`performance ${score ?? "n/a"} < ${budget.performance}`);
  }
  const metrics: [string, number | null, number, string][] = [
    ["FCP", audit.fcpMs === null ? null : Math.round(audit.fcpMs), budget.fcpMs, " ms"],
    ["LCP", audit.lcpMs === null ? null : Math.round(audit.lcpMs), budget.lcpMs, " ms"],
    ["TBT", audit.tbtMs === null ? null : Math.round(audit.tbtMs), budget.tbtMs, " ms"],
    ["CLS", audit.cls, budget.cls, ""],
  ];
  for (const [name, value, limit, unit] of metrics) {
    if (value === null) misses.push(`${name} n/a`);
    else if (value > limit) misses.push(`${name} ${value}${unit} > ${limit}${unit}`);
  }
  return misses;
}

/** Where a page misses the responsiveness budgets (empty: within all of them). */
export function responsiveMisses(audit: PageAudit): string[] {
  const budget = RESPONSIVE_BUDGETS;
  const misses: string[] = [];
  const score = audit.scores.performance;
  if (score === null || score < budget.performance) {
    misses.push(`performance ${score ?? "n/a"} < ${budget.performance}`);
  }
  const tbt = audit.tbtMs === null ? null : Math.round(audit.tbtMs);
  if (tbt === null) misses.push("TBT n/a");
  else if (tbt > budget.tbtMs) misses.push(`TBT ${tbt} ms > ${budget.tbtMs} ms`);
  const task = audit.largestSiteTaskMs === null ? null : Math.round(audit.largestSiteTaskMs);
  if (task === null) misses.push("site task n/a");
  else if (task > budget.siteTaskMs) {
    misses.push(`site task ${task} ms > ${budget.siteTaskMs} ms`);
  }
  return misses;
}

const fmtScore = (value: number | null, budget: number | null) =>
  value === null
    ? "   n/a"
    : budget === null
      ? `${String(value).padStart(3)} (exempt)`
      : `${String(value).padStart(3)} ${verdict(value >= budget)}`;

/**
 * Lighthouse on each page, RUNS times, the median run kept (of each figure on its own). With
 * several sites (a before/after pair), each run of a page goes to each site in turn: both see
 * the same moments of a busy machine.
 */
async function auditPages(
  siteUrls: readonly string[],
  workDir: string,
  pages: readonly string[],
): Promise<PageAudit[][]> {
  const audits: PageAudit[][] = siteUrls.map(() => []);
  for (const [i, pagePath] of pages.entries()) {
    const runs: PageAudit[][] = siteUrls.map(() => []);
    for (let run = 1; run <= RUNS; run++) {
      for (const [s, siteUrl] of siteUrls.entries()) {
        const which = siteUrls.length > 1 ? ` on site ${s + 1} of ${siteUrls.length}` : "";
        progress(`lighthouse ${pagePath} (run ${run} of ${RUNS}${which}) …`);
        runs[s]?.push(
          await lighthouse(
            `${siteUrl}${pagePath}`,
            path.join(workDir, `lighthouse-${s}-${i}-${run}.json`),
            pagePath === NOT_FOUND_PATH,
          ),
        );
      }
    }
    for (const [s, siteRuns] of runs.entries()) audits[s]?.push(medianRun(siteRuns));
  }
  return audits;
}

/** What failed, and what failed for a reason the page cannot change (the 404 page's status). */
interface Verdicts {
  failures: string[];
  inherent: string[];
}

/** The Lighthouse report: the budgets, then each page's figures against them. */
function reportAudits(
  audits: readonly PageAudit[],
  firstPaintPages: readonly string[],
  verdicts: Verdicts,
): void {
  log(
    `Lighthouse 13, mobile, simulated throttling (${RUNS === 1 ? "one run per page" : `median of ${RUNS} runs per page, each figure on its own`})`,
  );
  log(
    `budgets: performance >= ${BUDGETS.performance}, accessibility ${BUDGETS.accessibility}, best practices ${BUDGETS["best-practices"]}, SEO ${BUDGETS.seo} (not for the 404 page)`,
  );
  const fp = FIRST_PAINT_BUDGETS;
  log(
    `first paint (${firstPaintPages.join(", ")}): performance ${fp.performance}, FCP <= ${fp.fcpMs} ms, LCP <= ${fp.lcpMs} ms, TBT <= ${fp.tbtMs} ms, CLS ${fp.cls}`,
  );
  for (const audit of audits) reportAudit(audit, firstPaintPages.includes(audit.path), verdicts);
}

function reportAudit(audit: PageAudit, firstPaintPage: boolean, verdicts: Verdicts): void {
  const { failures, inherent } = verdicts;
  const notFound = audit.path === NOT_FOUND_PATH;
  log("");
  log(`${audit.path}${notFound ? "  (unknown path: 404)" : ""}`);
  if (audit.error) {
    log(`  ERROR ${audit.error}`);
    failures.push(`${audit.path}: lighthouse error`);
    return;
  }
  const ms = (value: number | null) => (value === null ? "n/a" : `${Math.round(value)} ms`);
  const misses = firstPaintPage ? firstPaintMisses(audit) : [];
  if (misses.length > 0) failures.push(`${audit.path} first paint (${misses.join(", ")})`);
  log(
    `  score ${audit.scores.performance ?? "n/a"}, FCP ${ms(audit.fcpMs)}, LCP ${ms(audit.lcpMs)}, TBT ${ms(audit.tbtMs)}, CLS ${audit.cls === null ? "n/a" : audit.cls.toFixed(3)}${firstPaintPage ? `   first paint ${misses.length === 0 ? "PASS" : `FAIL: ${misses.join(", ")}`}` : ""}`,
  );
  if (firstPaintPage) reportResponsive(audit, verdicts);
  const failingBestPractices = audit.failingAudits["best-practices"];
  const only404Logged =
    notFound &&
    audit.consoleErrors.length === 0 &&
    failingBestPractices.length > 0 &&
    failingBestPractices.every((id) => id.startsWith("errors-in-console"));
  for (const category of CATEGORIES) {
    const budget = category === "seo" && notFound ? null : BUDGETS[category];
    const score = audit.scores[category];
    if (budget !== null && (score === null || score < budget)) {
      if (category === "best-practices" && only404Logged) {
        inherent.push(`${audit.path} ${category} ${score}`);
      } else {
        failures.push(`${audit.path} ${category} ${score}`);
      }
    }
    const failing = audit.failingAudits[category];
    const runs =
      category === "performance" && audit.performanceRuns && audit.performanceRuns.length > 1
        ? `   (runs: ${audit.performanceRuns.join(", ")})`
        : "";
    log(
      `  ${category.padEnd(15)} ${fmtScore(score, budget)}${runs}${failing.length ? `   below par: ${failing.join(", ")}` : ""}`,
    );
  }
  if (only404Logged) {
    log(
      "  best practices: the only console error is Chrome's log of this page's own 404 status (inherent to a 404 page)",
    );
  } else if (audit.consoleErrors.length > 0) {
    log(`  console errors: ${audit.consoleErrors.join("; ")}`);
  }
  log(
    `  JS ${audit.jsTransferBytes === null ? "n/a" : kb(audit.jsTransferBytes)} (transfer as served)`,
  );
}

const msRuns = (runs: number[] | undefined) =>
  runs && runs.length > 1 ? ` (runs ${runs.map((v) => Math.round(v)).join(", ")})` : "";

/** The responsiveness figures of a page type, against their budgets, and the breakdown. */
function reportResponsive(audit: PageAudit, verdicts: Verdicts): void {
  const misses = responsiveMisses(audit);
  if (misses.length > 0) verdicts.failures.push(`${audit.path} responsive (${misses.join(", ")})`);
  const round = (value: number | null) => (value === null ? "n/a" : String(Math.round(value)));
  const b = RESPONSIVE_BUDGETS;
  log(
    `  responsive (score >= ${b.performance}, TBT <= ${b.tbtMs} ms, no site task > ${b.siteTaskMs} ms): ${misses.length === 0 ? "PASS" : `FAIL: ${misses.join(", ")}`}`,
  );
  log(`    TBT ${round(audit.tbtMs)} ms${msRuns(audit.tbtRuns)}`);
  log(`    main-thread work ${round(audit.mainThreadMs)} ms${msRuns(audit.mainThreadRuns)}`);
  const where = audit.largestTaskUrl ? `, the median run's in ${audit.largestTaskUrl}` : "";
  const siteRuns = msRuns(audit.largestSiteTaskRuns);
  log(
    `    largest task ${round(audit.largestTaskMs)} ms${msRuns(audit.largestTaskRuns)}${where}; largest of the site's scripts ${round(audit.largestSiteTaskMs)} ms${siteRuns}`,
  );
  log(
    `    script at load ${audit.jsTransferBytes === null ? "n/a" : kb(audit.jsTransferBytes)} (as served)`,
  );
  const groups = Object.entries(audit.mainThreadGroups).sort((x, y) => y[1] - x[1]);
  log(
    `    main thread of the median run: ${groups.map(([label, ms]) => `${label} ${Math.round(ms)}`).join(", ")}`,
  );
}

/** One line per page type: the figures of the issue's table. */
function reportSummary(title: string, audits: readonly PageAudit[]): void {
  log(title);
  log("  page | score | TBT ms | main-thread ms | largest task ms | site task ms | script KB");
  for (const audit of audits) {
    const r = (value: number | null) => (value === null ? "n/a" : String(Math.round(value)));
    log(
      `  ${audit.path} | ${audit.scores.performance ?? "n/a"} (${(audit.performanceRuns ?? []).join(", ")}) | ${r(audit.tbtMs)}${msRuns(audit.tbtRuns)} | ${r(audit.mainThreadMs)}${msRuns(audit.mainThreadRuns)} | ${r(audit.largestTaskMs)}${msRuns(audit.largestTaskRuns)} | ${r(audit.largestSiteTaskMs)}${msRuns(audit.largestSiteTaskRuns)} | ${audit.jsTransferBytes === null ? "n/a" : (audit.jsTransferBytes / 1000).toFixed(1)}`,
    );
  }
}

type PageLoad = Awaited<ReturnType<typeof measureLoad>>;

/** The Playwright report: what / loads in each viewport, against the budgets. */
function reportLoads(loads: readonly PageLoad[], failures: string[]): void {
  log(`Playwright, Chromium: what / loads (load + ${IDLE_AFTER_LOAD_MS / 1000} s idle)`);
  for (const load of loads) {
    const jsOk = load.js.gzipBytes <= BUDGETS.jsGzipBytes;
    const cssOk = load.css.gzipBytes <= BUDGETS.cssGzipBytes;
    const clsOk = load.cls <= BUDGETS.cls;
    if (!jsOk) failures.push(`/ JS ${load.viewport}`);
    if (!cssOk) failures.push(`/ CSS ${load.viewport}`);
    if (!clsOk) failures.push(`/ CLS ${load.viewport}`);
    const cssFirst = cssComesFirst(load.order);
    const fontsOk = load.order.fontPreloads <= MAX_FONT_PRELOADS;
    if (!cssFirst) failures.push(`/ request order ${load.viewport}`);
    if (!fontsOk) failures.push(`/ font preloads ${load.viewport}`);
    log(`  ${load.viewport}`);
    log(
      `    request order: first stylesheet #${load.order.firstStylesheet}, first script #${load.order.firstScript} (after the document)   CSS first  ${verdict(cssFirst)}`,
    );
    log(
      `    font preloads in the HTML: ${load.order.fontPreloads}   at most ${MAX_FONT_PRELOADS}  ${verdict(fontsOk)}`,
    );
    log(
      `    JS  ${kb(load.js.gzipBytes).padStart(9)} gzip in ${load.js.files} files (${kb(load.js.servedBytes)} as served)   budget ${kb(BUDGETS.jsGzipBytes)}  ${verdict(jsOk)}`,
    );
    log(
      `    CSS ${kb(load.css.gzipBytes).padStart(9)} gzip in ${load.css.files} files (${kb(load.css.servedBytes)} as served)   budget ${kb(BUDGETS.cssGzipBytes)}  ${verdict(cssOk)}`,
    );
    log(
      `    CLS ${load.cls.toFixed(4).padStart(9)}   budget ${BUDGETS.cls}  ${verdict(clsOk)}${load.shifts.length ? `   shifts: ${load.shifts.map((s) => `${s.value.toFixed(4)} [${s.sources.join(" ")}]`).join("; ")}` : ""}`,
    );
    if (!WITH_LIGHTHOUSE) {
      for (const file of [...load.js.list, ...load.css.list]) log(`      ${file}`);
      log(`    requests: ${load.order.requests.slice(0, 12).join(", ")}`);
    }
  }
}

export async function runSiteBench(): Promise<Record<string, unknown>> {
  if (WITH_LIGHTHOUSE) await ensureTools();
  const workDir = await mkdtemp(path.join(tmpdir(), "site-bench-"));
  const keep = process.env.SITE_BENCH_KEEP === "1";
  progress("starting the site (builds first when the build is stale) …");
  const site = await startSite(path.join(workDir, "site.log"));
  // A before/after pair: the other checkout's build, audited run for run beside this one.
  const beforeDir = WITH_LIGHTHOUSE ? process.env.SITE_BENCH_BEFORE : undefined;
  const before = beforeDir
    ? await startSite(path.join(workDir, "site-before.log"), beforeDir)
    : undefined;
  try {
    const articlePath = await findArticlePath(site.url);
    /** The four page types of the first-paint budgets, then the unknown path. */
    const firstPaintPages = ["/", "/news", articlePath, "/solutions"];
    const pages = WITH_LIGHTHOUSE ? [...firstPaintPages, NOT_FOUND_PATH] : [];
    const siteUrls = before ? [site.url, before.url] : [site.url];
    const [audits = [], beforeAudits] = await auditPages(siteUrls, workDir, pages);
    progress("playwright: JS, CSS and CLS of / …");
    const loads = [
      await measureLoad(`${site.url}/`, { name: "mobile", width: 412, height: 823, mobile: true }),
      await measureLoad(`${site.url}/`, {
        name: "desktop",
        width: 1350,
        height: 940,
        mobile: false,
      }),
    ];

    const verdicts: Verdicts = { failures: [], inherent: [] };
    const { failures, inherent } = verdicts;
    log("");
    reportAudits(audits, firstPaintPages, verdicts);
    log("");
    if (audits.length > 0) {
      reportSummary("this build, Lighthouse mobile defaults", audits.slice(0, 4));
      if (beforeAudits) {
        reportSummary(`before (${beforeDir}), run for run beside it`, beforeAudits.slice(0, 4));
      }
      log("");
    }
    reportLoads(loads, failures);
    log("");
    log(
      failures.length === 0
        ? "site budgets: ALL PASS"
        : `site budgets: ${failures.length} FAIL (${failures.join("; ")})`,
    );
    if (inherent.length > 0) {
      log(`not counted above, inherent to a 404 response: ${inherent.join("; ")}`);
    }
    if (keep) log(`Lighthouse reports kept in ${workDir}`);
    log("");
    return {
      budgets: BUDGETS,
      firstPaintBudgets: FIRST_PAINT_BUDGETS,
      responsiveBudgets: RESPONSIVE_BUDGETS,
      lighthouse: audits,
      ...(beforeAudits ? { before: { projectDir: beforeDir, lighthouse: beforeAudits } } : {}),
      load: loads.map((load) => ({
        viewport: load.viewport,
        order: load.order,
        cls: load.cls,
        jsGzipBytes: load.js.gzipBytes,
        jsFiles: load.js.list,
        cssGzipBytes: load.css.gzipBytes,
        cssFiles: load.css.list,
      })),
      failures,
      inherent,
    };
  } finally {
    await site.stop();
    await before?.stop();
    if (!keep) await rm(workDir, { recursive: true, force: true });
  }
}
