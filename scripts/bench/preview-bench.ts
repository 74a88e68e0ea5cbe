// `npm run bench -- preview`: what a preview costs and how soon it follows an edit
// (issue 19). On a copy of the project (scripts/drafts-project.ts) it starts the site,
//   - renders a draft article's preview again and again (sequential GETs over loopback:
//     the whole answer, link check, store lookup, render and document rewrite included);
//   - opens the preview in Chromium and edits the article's title in the snapshot copy,
//     timing each edit until the page has swapped in the new text (file written → content
//     service → CMS socket → site → Server-Sent Event → page fetched and swapped).
// Budget (issue 19): every edit shows in the open preview within 1 s. A latency budget
// lives here, not in the browser tests: on a loaded machine it says nothing of behaviour.
import { chromium } from "playwright-core";
import { SYSTEM_CHROMIUM as CHROMIUM, PLAYWRIGHT_CHROMIUM_ARGS } from "../chromium";
import {
  draftsEnv,
  editEntry,
  makeDraftsProject,
  previewLinkCommand,
  startDraftsSite,
} from "../drafts-project";

const DRAFT_ID = "9ceec891984386911abbeba8";
const DRAFT_TITLE = "Partner roundup: Q4 2026";
const RENDERS = Number(process.env.PREVIEW_BENCH_RENDERS ?? 40);
const EDITS = Number(process.env.PREVIEW_BENCH_EDITS ?? 10);
const EDIT_TO_REFRESH_BUDGET_MS = 1000;

function summary(values: number[]): { median: number; p90: number; max: number; runs: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    median: round(at(0.5)),
    p90: round(at(0.9)),
    max: round(sorted.at(-1) ?? Number.NaN),
    runs: values.length,
  };
}

export async function runPreviewBench(): Promise<Record<string, unknown>> {
  const project = await makeDraftsProject();
  const env = draftsEnv(project, { LOG_LEVEL: "warn" });
  const site = await startDraftsSite(project, env);
  try {
    const made = await previewLinkCommand(project, env, ["news-article", DRAFT_ID]);
    if (made.code !== 0) throw new Error(`preview-link failed: ${made.stderr}`);
    const link = `${site.url}${new URL(made.stdout.trim()).pathname}`;
    // Warm: the first render loads the route's modules and the content client's lists.
    for (let i = 0; i < 3; i++) await (await fetch(link)).text();
    const renders: number[] = [];
    for (let i = 0; i < RENDERS; i++) {
      const started = performance.now();
      const response = await fetch(link);
      await response.text();
      if (response.status !== 200) throw new Error(`preview answered ${response.status}`);
      renders.push(performance.now() - started);
    }

    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: PLAYWRIGHT_CHROMIUM_ARGS,
    });
    const latencies: number[] = [];
    try {
      const page = await browser.newPage();
      await page.goto(link);
      await page.waitForSelector("html[data-preview-live]");
      let title = DRAFT_TITLE;
      for (let i = 1; i <= EDITS; i++) {
        const next = `${DRAFT_TITLE} (bench ${i})`;
        const editedAt = Date.now();
        await editEntry(project, DRAFT_ID, { title: { from: title, to: next } });
        // The preview loads itself again: its new document says when it is back in place.
        await page.waitForFunction(
          (text) =>
            document.querySelector("h1")?.textContent === text &&
            document.documentElement.hasAttribute("data-preview-refreshed"),
          next,
        );
        const refreshedAt = Number(await page.getAttribute("html", "data-preview-refreshed"));
        latencies.push(refreshedAt - editedAt);
        title = next;
      }
    } finally {
      await browser.close();
    }
    const slowest = Math.max(...latencies);
    console.error(
      `${slowest < EDIT_TO_REFRESH_BUDGET_MS ? "PASS" : "FAIL"} slowest edit-to-refresh ${slowest} ms (budget < ${EDIT_TO_REFRESH_BUDGET_MS})`,
    );
    return {
      previewRenderMs: summary(renders),
      editToRefreshMs: summary(latencies),
      note: "render: sequential GETs of a draft article's preview over loopback; refresh: snapshot file written until the open preview shows the new title",
    };
  } finally {
    await site.stop();
    await project.remove();
  }
}
