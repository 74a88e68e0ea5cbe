// What the long tasks at load are (`npm run bench -- trace`): each page type opened in
// Chromium (its CPU slowed by TRACE_BENCH_RATE through the DevTools protocol, if asked), a
// performance trace with the
// JavaScript sampler on, and for every task of the page's main thread over 50 ms: its
// length, the trace events inside it (a module's evaluation, a timer, a message, layout…)
// and the functions that took most of its samples. Lighthouse says which script a long task
// belongs to; this says what in it is long, so it can be split.
//
// TRACE_BENCH_RUNS (default 2) traces per page; TRACE_BENCH_BEFORE=<another checkout> serves
// that checkout's build beside this one and traces both in turn, run for run (a before/after
// pair from one period). Figures are ms at Lighthouse's 4× slowdown, as it counts them.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PLAYWRIGHT_CHROMIUM_ARGS, SYSTEM_CHROMIUM } from "../chromium";
import { type SiteProcess, startSiteProcess } from "../site-process";

const RUNS = Math.max(1, Number(process.env.TRACE_BENCH_RUNS ?? 2) || 2);
/**
 * TRACE_BENCH_RATE: the CPU slowdown applied (default 1). Lighthouse's default does not slow
 * the CPU: it multiplies what it observed by 4, so every figure here is observed × 4 / rate.
 */
const RATE = Math.max(1, Number(process.env.TRACE_BENCH_RATE ?? 1) || 1);
const SCALE = 4 / RATE;
const LONG_TASK_MS = 50;
/** After load: hydration, the first effects and the idle work they schedule are over. */
const SETTLE_MS = 4_000;
/** Lighthouse's mobile screen (a Moto G Power). */
const VIEWPORT = { width: 412, height: 823 };
const CATEGORIES = [
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "v8.execute",
  "v8",
  "disabled-by-default-v8.cpu_profiler",
  "blink.user_timing",
];

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's CPU time in the event (µs): what descheduling on a busy machine leaves out. */
  tdur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: Record<string, unknown>;
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

export interface LongTask {
  /** From the navigation's start, ms of trace time. */
  startMs: number;
  durationMs: number;
  /** The CPU time of the main thread in it, scaled the same way. */
  cpuMs: number;
  /** Script of the site's own files (/assets/*.js) runs in it (not the document's inline scripts). */
  siteScript: boolean;
  /** The outermost events inside it, with their length in ms. */
  parts: string[];
  /** The functions with the most samples (self time), in ms. */
  topFunctions: string[];
}

function describeEvent(event: TraceEvent): string {
  const data = (event.args?.data ?? event.args?.beginData ?? {}) as Record<string, unknown>;
  const url = typeof data.url === "string" ? data.url : "";
  const fn = typeof data.functionName === "string" ? data.functionName : "";
  const where = url ? ` ${url.replace(/^https?:\/\/[^/]+/, "")}` : "";
  const name = fn ? ` ${fn}` : "";
  const type = typeof data.type === "string" ? ` ${data.type}` : "";
  return `${event.name}${type}${name}${where}`;
}

/** The renderer main thread that loaded the page: the one with the most RunTask time. */
function mainThread(events: TraceEvent[]): { pid: number; tid: number } {
  const renderers = new Set<string>();
  for (const e of events) {
    if (e.name === "thread_name" && e.args?.name === "CrRendererMain") {
      renderers.add(`${e.pid}:${e.tid}`);
    }
  }
  const busy = new Map<string, number>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.name === "RunTask" && renderers.has(key))
      busy.set(key, (busy.get(key) ?? 0) + (e.dur ?? 0));
  }
  const [best] = [...busy.entries()].sort((a, b) => b[1] - a[1]);
  if (!best) throw new Error("no renderer main thread in the trace");
  const [pid, tid] = best[0].split(":").map(Number) as [number, number];
  return { pid, tid };
}

/** The samples of the thread's JavaScript profile, as [time µs, node] pairs. */
function profileSamples(
  events: TraceEvent[],
  pid: number,
): { samples: [number, ProfileNode][]; nodes: Map<number, ProfileNode> } {
  const nodes = new Map<number, ProfileNode>();
  const samples: [number, ProfileNode][] = [];
  let time = 0;
  const chunks = events
    .filter((e) => e.pid === pid && (e.name === "Profile" || e.name === "ProfileChunk"))
    .sort((a, b) => a.ts - b.ts);
  for (const e of chunks) {
    const data = e.args?.data as Record<string, unknown> | undefined;
    if (e.name === "Profile") {
      time = Number(data?.startTime ?? 0);
      continue;
    }
    const profile = data?.cpuProfile as { nodes?: ProfileNode[]; samples?: number[] } | undefined;
    for (const node of profile?.nodes ?? []) nodes.set(node.id, node);
    const deltas = (data?.timeDeltas as number[] | undefined) ?? [];
    (profile?.samples ?? []).forEach((id, index) => {
      time += deltas[index] ?? 0;
      const node = nodes.get(id);
      if (node) samples.push([time, node]);
    });
  }
  return { samples, nodes };
}

function frameLabel(node: ProfileNode): string {
  const { functionName, url, lineNumber, columnNumber } = node.callFrame;
  const file = url ? url.replace(/^https?:\/\/[^/]+/, "") : "";
  return `${functionName || "(anonymous)"}${file ? ` ${file}:${lineNumber + 1}:${columnNumber + 1}` : ""}`;
}

function topFunctions(samples: [number, ProfileNode][], from: number, to: number): string[] {
  const self = new Map<string, number>();
  let previous = from;
  for (const [time, node] of samples) {
    if (time < from || time > to) continue;
    const label = frameLabel(node);
    self.set(label, (self.get(label) ?? 0) + (time - previous));
    previous = time;
  }
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([label, us]) => `${((us / 1000) * SCALE).toFixed(0)} ms ${label}`);
}

function outerParts(events: TraceEvent[], task: TraceEvent): string[] {
  const end = task.ts + (task.dur ?? 0);
  const inside = events
    .filter(
      (e) =>
        e !== task &&
        e.ph === "X" &&
        e.ts >= task.ts &&
        e.ts + (e.dur ?? 0) <= end &&
        (e.dur ?? 0) >= 1000,
    )
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const parts: string[] = [];
  const open: number[] = [];
  for (const e of inside) {
    while (open.length > 0 && e.ts >= (open[open.length - 1] as number)) open.pop();
    if (open.length < 3) {
      parts.push(
        `${"  ".repeat(open.length)}${(((e.dur ?? 0) / 1000) * SCALE).toFixed(0)} ms ${describeEvent(e)}`,
      );
    }
    open.push(e.ts + (e.dur ?? 0));
  }
  return parts.slice(0, 14);
}

export function longTasks(events: TraceEvent[]): LongTask[] {
  const { pid, tid } = mainThread(events);
  const thread = events.filter((e) => e.pid === pid && e.tid === tid);
  const navigation = thread.find(
    (e) => e.name === "navigationStart" || e.name === "markAsMainFrame",
  );
  const origin = navigation?.ts ?? Math.min(...thread.map((e) => e.ts));
  const { samples } = profileSamples(events, pid);
  return thread
    .filter((e) => e.name === "RunTask" && ((e.dur ?? 0) / 1000) * SCALE > LONG_TASK_MS)
    .map((task) => {
      const parts = outerParts(thread, task);
      return {
        startMs: Math.round(((task.ts - origin) / 1000) * SCALE),
        durationMs: Math.round(((task.dur ?? 0) / 1000) * SCALE),
        cpuMs: Math.round(((task.tdur ?? task.dur ?? 0) / 1000) * SCALE),
        siteScript: parts.some((part) =>
          /(FunctionCall|EvaluateScript|v8\.\w+).* \/assets\/[^ ]+\.js/.test(part),
        ),
        parts,
        topFunctions: topFunctions(samples, task.ts, task.ts + (task.dur ?? 0)),
      };
    });
}

async function tracePage(url: string): Promise<LongTask[]> {
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({
    executablePath: SYSTEM_CHROMIUM,
    args: PLAYWRIGHT_CHROMIUM_ARGS,
  });
  try {
    const context = await browser.newContext({
      viewport: VIEWPORT,
      deviceScaleFactor: 1.75,
      isMobile: true,
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    if (RATE > 1) await cdp.send("Emulation.setCPUThrottlingRate", { rate: RATE });
    const events: TraceEvent[] = [];
    cdp.on("Tracing.dataCollected", (message) => {
      events.push(...(message.value as unknown as TraceEvent[]));
    });
    const done = new Promise<void>((resolve) =>
      cdp.once("Tracing.tracingComplete", () => resolve()),
    );
    await cdp.send("Tracing.start", {
      traceConfig: { includedCategories: CATEGORIES, recordMode: "recordContinuously" },
      transferMode: "ReportEvents",
    });
    await page.goto(url, { waitUntil: "load" });
    await page.waitForTimeout(SETTLE_MS);
    await cdp.send("Tracing.end");
    await done;
    return longTasks(events);
  } finally {
    await browser.close();
  }
}

async function findArticlePath(base: string): Promise<string> {
  const html = await (await fetch(`${base}/news`)).text();
  for (const match of html.matchAll(/href="(\/news\/[^"/?#]+)"/g)) {
    if (match[1] !== "/news/page") return match[1] as string;
  }
  throw new Error("no article link found on /news");
}

function printTasks(label: string, tasks: LongTask[]): void {
  const site = tasks.filter((task) => task.siteScript);
  const others = tasks.filter((task) => !task.siteScript).map((task) => task.durationMs);
  console.error(
    `  ${label}: ${site.length} site-script task(s) over 50 ms; other long tasks: ${others.join(", ") || "none"}`,
  );
  for (const task of site) {
    console.error(`    task ${task.durationMs} ms (CPU ${task.cpuMs} ms) at ${task.startMs} ms`);
    for (const part of task.parts.slice(0, 4)) console.error(`      ${part}`);
    for (const fn of task.topFunctions.slice(0, 4)) console.error(`      self ${fn}`);
  }
}

export async function runLoadTraceBench(): Promise<Record<string, unknown>> {
  const workDir = await mkdtemp(path.join(tmpdir(), "trace-bench-"));
  const beforeDir = process.env.TRACE_BENCH_BEFORE;
  const sites: [string, SiteProcess][] = [
    ["after", await startSiteProcess({ logFile: path.join(workDir, "site.log") })],
  ];
  if (beforeDir) {
    sites.unshift([
      "before",
      await startSiteProcess({ logFile: path.join(workDir, "before.log"), projectDir: beforeDir }),
    ]);
  }
  const results: Record<string, Record<string, { wallMs: number[]; cpuMs: number[] }>> = {};
  try {
    const article = await findArticlePath((sites[0] as [string, SiteProcess])[1].url);
    for (const pagePath of ["/", "/news", article, "/solutions"]) {
      console.error(`${pagePath}`);
      for (let run = 0; run < RUNS; run++) {
        for (const [label, site] of sites) {
          const tasks = await tracePage(`${site.url}${pagePath}`);
          printTasks(`${label} run ${run + 1}`, tasks);
          const siteTasks = tasks.filter((t) => t.siteScript);
          const byPage = results[pagePath] ?? {};
          results[pagePath] = byPage;
          const figures = byPage[label] ?? { wallMs: [], cpuMs: [] };
          byPage[label] = figures;
          figures.wallMs.push(Math.max(0, ...siteTasks.map((t) => t.durationMs)));
          figures.cpuMs.push(Math.max(0, ...siteTasks.map((t) => t.cpuMs)));
        }
      }
    }
  } finally {
    for (const [, site] of sites) await site.stop();
    await rm(workDir, { recursive: true, force: true });
  }
  return { rate: RATE, longestSiteScriptTaskMs: results };
}
