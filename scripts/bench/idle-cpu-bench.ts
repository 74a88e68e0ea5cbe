// Idle CPU of an open page (`npm run bench -- idle`): what Chromium spends while a visitor
// only looks at a page. Debian's Chromium with the project's flags (`--disable-gpu`: software
// compositing, as on CI and on many phones' fallbacks), no reduced-motion preference. For each
// case the page loads, settles, then the CPU time of every Chromium process (user + system,
// from /proc) is read over a fixed window: CPU seconds per second, 1.0 = one whole core.
//
// Cases: `/` (a hero) with JavaScript on and off, `/` scrolled so the hero is off-screen,
// and a page without a hero for reference. IDLE_BENCH_RUNS (default 3) runs of each, in turn;
// IDLE_BENCH_SECONDS (default 8) the window. BENCH_PROJECT_DIR serves another checkout's
// build (a before/after pair from one period: run the bench on each, alternately).
import { readdirSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PLAYWRIGHT_CHROMIUM_ARGS, SYSTEM_CHROMIUM } from "../chromium";
import { startSiteProcess } from "../site-process";

const RUNS = Math.max(1, Number(process.env.IDLE_BENCH_RUNS ?? 3) || 3);
const WINDOW_MS = Math.max(2, Number(process.env.IDLE_BENCH_SECONDS ?? 8) || 8) * 1000;
/** After load: fonts, hydration and the hero's 1 s entrance are over. */
const SETTLE_MS = 3_000;
/** Linux's USER_HZ: /proc reports CPU time in these ticks. */
const TICKS_PER_SECOND = 100;
/** The hero idle budget: a tenth of a core. */
export const HERO_IDLE_BUDGET = 0.1;

interface Case {
  name: string;
  path: string;
  javaScript: boolean;
  /** Scroll to the page's end before measuring (the hero off-screen). */
  scrolled?: boolean;
  /** The hero budget applies. */
  hero: boolean;
}

const CASES: readonly Case[] = [
  { name: "/ (hero), JS on", path: "/", javaScript: true, hero: true },
  { name: "/ (hero), JS off", path: "/", javaScript: false, hero: true },
  {
    name: "/ scrolled past the hero, JS on",
    path: "/",
    javaScript: true,
    scrolled: true,
    hero: true,
  },
  {
    name: "/ scrolled past the hero, JS off",
    path: "/",
    javaScript: false,
    scrolled: true,
    hero: true,
  },
  {
    name: "/trust/privacy-policy (no hero)",
    path: "/trust/privacy-policy",
    javaScript: true,
    hero: false,
  },
];

interface ProcStat {
  ppid: number;
  ticks: number;
}

/** ppid and utime + stime of every process (those that end while read are left out). */
function readProcesses(): Map<number, ProcStat> {
  const all = new Map<number, ProcStat>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // The command name is in parentheses and may hold spaces: the fields follow its end.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      all.set(Number(entry), {
        ppid: Number(fields[1]),
        ticks: Number(fields[11]) + Number(fields[12]),
      });
    } catch {
      // ended between the listing and the read
    }
  }
  return all;
}

/** CPU ticks of a process tree (the root and every descendant alive now). */
function treeTicks(root: number, all: Map<number, ProcStat>): number {
  let total = 0;
  const pending = [root];
  while (pending.length > 0) {
    const pid = pending.pop() as number;
    total += all.get(pid)?.ticks ?? 0;
    for (const [child, stat] of all) if (stat.ppid === pid) pending.push(child);
  }
  return total;
}

/** Chromium's processes: this process's descendants that are not the site's. */
function browserTicks(sitePid: number): number {
  const all = readProcesses();
  return treeTicks(process.pid, all) - (all.get(process.pid)?.ticks ?? 0) - treeTicks(sitePid, all);
}

async function measureCase(siteUrl: string, sitePid: number, c: Case): Promise<number> {
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({
    executablePath: SYSTEM_CHROMIUM,
    args: PLAYWRIGHT_CHROMIUM_ARGS,
  });
  try {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 720 },
      javaScriptEnabled: c.javaScript,
      reducedMotion: "no-preference",
    });
    const page = await context.newPage();
    await page.goto(`${siteUrl}${c.path}`, { waitUntil: "load" });
    if (c.scrolled) {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    }
    await page.waitForTimeout(SETTLE_MS);
    const before = browserTicks(sitePid);
    const started = performance.now();
    await page.waitForTimeout(WINDOW_MS);
    const ticks = browserTicks(sitePid) - before;
    const seconds = (performance.now() - started) / 1000;
    await context.close();
    return ticks / TICKS_PER_SECOND / seconds;
  } finally {
    await browser.close();
  }
}

export async function runIdleCpuBench(): Promise<Record<string, unknown>> {
  const workDir = await mkdtemp(path.join(tmpdir(), "idle-bench-"));
  const projectDir = process.env.BENCH_PROJECT_DIR;
  const site = await startSiteProcess({
    logFile: path.join(workDir, "site.log"),
    ...(projectDir ? { projectDir } : {}),
  });
  const figures = new Map<string, number[]>(CASES.map((c) => [c.name, []]));
  try {
    for (let run = 1; run <= RUNS; run++) {
      for (const c of CASES) {
        console.error(`idle bench: ${c.name} (run ${run} of ${RUNS}) …`);
        const pid = site.child.pid as number;
        figures.get(c.name)?.push(await measureCase(site.url, pid, c));
      }
    }
  } finally {
    await site.stop();
    await rm(workDir, { recursive: true, force: true });
  }
  console.log(
    `Idle CPU of an open page, Chromium --disable-gpu, 1280x720, CPU s per s over ${WINDOW_MS / 1000} s (${RUNS} runs)${projectDir ? `, build of ${projectDir}` : ""}`,
  );
  const results: Record<string, number[]> = {};
  for (const c of CASES) {
    const values = figures.get(c.name) ?? [];
    results[c.name] = values.map((v) => Math.round(v * 1000) / 1000);
    const worst = Math.max(...values);
    const verdict = c.hero
      ? `   budget <= ${HERO_IDLE_BUDGET}  ${worst <= HERO_IDLE_BUDGET ? "PASS" : "FAIL"}`
      : "";
    console.log(`  ${c.name.padEnd(36)} ${values.map((v) => v.toFixed(3)).join(", ")}${verdict}`);
  }
  console.log("");
  return { windowSeconds: WINDOW_MS / 1000, projectDir: projectDir ?? ".", results };
}
