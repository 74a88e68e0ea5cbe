// Scale benchmark (`npm run bench -- scale`; what it measures: docs/performance.md "Scale"):
// the site with thousands of news articles, in temporary folders only (the repository's
// content/ and build/ are never touched). Sizes are built one after the other, each in a copy
// of the project (sources only, node_modules linked) on a generated snapshot; the largest is
// served by the real server (core 0) beside nginx (core 0), with wrk on core 1. Publish-to-live
// is polled every 20 ms; the re-render of every page is caused by editing the consent banner,
// which every page shows. Every step has a time limit; the temporary folders and processes
// are removed on success, failure or interruption. Settings: SCALE_BENCH_ARTICLES,
// SCALE_BENCH_SECONDS (wrk, default 5), SCALE_BENCH_BUILD_MINUTES (per build, default 45),
// SCALE_BENCH_KEEP=1 (keep the folders).
import { spawn } from "node:child_process";
import { mkdtemp, open, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { DEFAULT_SITE_ORIGIN } from "../../app/config/env.server";
import { DEFAULT_CONSENT_WORDING } from "../../app/consent/default-wording";
import { writeEntityFile } from "../../content-server/snapshot-files";
import { copyProject } from "../../tests/support/project-copy";
import { type SiteProcess, startSiteProcess } from "../site-process";
import { type GeneratedArticle, generateScaleSnapshot } from "./generate-snapshot";
import { hasTaskset, type Nginx, pin, startNginx } from "./nginx";
import { requireWrk, round, rssBytes, runWrk, type WrkRun } from "./wrk";

const SITE_ORIGIN = DEFAULT_SITE_ORIGIN;
const SERVER_CPU = 0;
const WRK_CPU = 1;
const CONNECTIONS = 50;
const GZIP = { "Accept-Encoding": "gzip" };
const POLL_MS = 20;
const PUBLISH_TIMEOUT_MS = 60_000;
const EVENT_TIMEOUT_MS = 30_000;
const SETTLE_TIMEOUT_MS = 30 * 60_000;

const GOALS = {
  /** The largest build's time over the smallest's, against their articles' ratio. */
  buildOverLinear: 1.1,
  publishToLiveMs: 1_000,
  duringRerenderOverNginx: 0.4,
};

const progress = (line: string) => console.error(`scale bench: ${line}`);

function sizesOf(setting: string | undefined): number[] {
  const sizes = (setting ?? "1000,10000")
    .split(",")
    .map((value) => Number(value.trim()))
    .filter((value) => Number.isInteger(value) && value > 0);
  if (sizes.length === 0) throw new Error("SCALE_BENCH_ARTICLES: whole numbers, e.g. 1000,10000");
  return [...new Set(sizes)].sort((a, b) => a - b);
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The environment of the build and the server: the embedded content service on `contentDir`. */
function siteEnv(contentDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(env)) {
    if (name.startsWith("BCMS_") || name === "BUILD_ID" || name === "NODE_ENV") delete env[name];
  }
  return { ...env, SITE_ORIGIN, CONTENT_DIR: contentDir, LOG_LEVEL: "info" };
}

interface BuildFigures {
  wallSeconds: number;
  /** The build's own `build: done` line. */
  done: Record<string, unknown>;
  /** Seconds from the start of the build to the end of each step. */
  steps: {
    pathsListed?: number;
    viteBuilt?: number;
    prerendered?: number;
    done: number;
  };
  prerendered: { html: number; data: number; resource: number };
}

/** Runs scripts/build.ts in `projectDir` as its own process group, killed at `timeoutMs`. */
async function timeBuild(
  projectDir: string,
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
  register: (stop: () => Promise<void>) => void,
): Promise<BuildFigures> {
  const started = performance.now();
  const seconds = () => round((performance.now() - started) / 1000, 1);
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/build.ts"], {
    cwd: projectDir,
    env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<number>((resolve) =>
    child.once("exit", (code, signal) => resolve(code ?? (signal ? 128 : 1))),
  );
  const killGroup = async () => {
    if (child.exitCode === null && child.signalCode === null && child.pid) {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {}
      await exited;
    }
  };
  register(killGroup);
  const steps: BuildFigures["steps"] = { done: 0 };
  const prerendered = { html: 0, data: 0, resource: 0 };
  let done: Record<string, unknown> | undefined;
  const tail: string[] = [];
  const read = (stream: NodeJS.ReadableStream) =>
    createInterface({ input: stream }).on("line", (line) => {
      tail.push(line);
      if (tail.length > 40) tail.shift();
      if (line.startsWith("[paths] ")) steps.pathsListed = seconds();
      const kind = /Prerender \((html|data|resource)\)/.exec(line)?.[1] as
        | keyof typeof prerendered
        | undefined;
      if (kind) {
        steps.viteBuilt ??= seconds();
        prerendered[kind] += 1;
        steps.prerendered = seconds();
      }
      if (line.includes('"msg":"build: done"')) done = JSON.parse(line) as Record<string, unknown>;
    });
  read(child.stdout as NodeJS.ReadableStream);
  read(child.stderr as NodeJS.ReadableStream);
  const timer = setTimeout(() => void killGroup(), timeoutMs);
  const code = await exited;
  clearTimeout(timer);
  steps.done = seconds();
  if (code !== 0 || !done) {
    const why =
      steps.done * 1000 >= timeoutMs ? `took over ${timeoutMs / 60_000} min` : `exit ${code}`;
    throw new Error(
      `the build in ${projectDir} failed (${why}); its last lines:\n${tail.join("\n")}`,
    );
  }
  return { wallSeconds: steps.done, done, steps, prerendered };
}

/** The site's JSON log lines, read from its log file as they come. */
class LogFollower {
  private offset = 0;
  private partial = "";
  readonly lines: Record<string, unknown>[] = [];

  constructor(readonly file: string) {}

  private async read(): Promise<void> {
    const handle = await open(this.file, "r").catch(() => undefined);
    if (!handle) return;
    try {
      const buffer = Buffer.alloc(1 << 20);
      for (;;) {
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, this.offset);
        if (bytesRead === 0) break;
        this.offset += bytesRead;
        const text = this.partial + buffer.subarray(0, bytesRead).toString("utf8");
        const parts = text.split("\n");
        this.partial = parts.pop() ?? "";
        for (const part of parts) {
          // Request lines are most of the log and never waited for.
          if (!part.startsWith("{") || part.includes('"msg":"request"')) continue;
          try {
            this.lines.push(JSON.parse(part) as Record<string, unknown>);
          } catch {}
        }
      }
    } finally {
      await handle.close();
    }
  }

  /** The first line from index `from` on with message `msg`, waiting up to `timeoutMs`. */
  async waitFor(
    msg: string,
    from: number,
    timeoutMs: number,
  ): Promise<{ line: Record<string, unknown>; at: number }> {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      await this.read();
      const index = this.lines.findIndex((line, i) => i >= from && line.msg === msg);
      if (index >= 0)
        return { line: this.lines[index] as Record<string, unknown>, at: performance.now() };
      if (performance.now() > deadline) {
        throw new Error(`the site logged no "${msg}" within ${Math.round(timeoutMs / 1000)} s`);
      }
      await wait(POLL_MS);
    }
  }

  /** Index after the lines read so far (wait for what comes next). */
  async mark(): Promise<number> {
    await this.read();
    return this.lines.length;
  }
}

/** Rewrites an entry file of the snapshot with `edit` applied to its first `from` string. */
async function editEntry(file: string, from: string, to: string): Promise<void> {
  const entry = JSON.parse(await readFile(file, "utf8")) as { _id: string };
  const text = JSON.stringify(entry);
  const needle = JSON.stringify(from);
  if (!text.includes(needle)) throw new Error(`${file} does not hold ${needle}`);
  const edited = JSON.parse(text.replace(needle, JSON.stringify(to))) as typeof entry;
  await writeEntityFile(path.dirname(path.dirname(file)), "entries", entry._id, edited as never);
}

/** The consent banner's entry file in a snapshot (every page shows the banner). */
async function consentBannerFile(snapshotDir: string): Promise<string> {
  const templates = path.join(snapshotDir, "templates");
  let templateId: string | undefined;
  for (const name of await readdir(templates)) {
    const template = JSON.parse(await readFile(path.join(templates, name), "utf8"));
    if (template.name === "consent-banner") templateId = template._id;
  }
  const entries = path.join(snapshotDir, "entries");
  for (const name of await readdir(entries)) {
    const text = await readFile(path.join(entries, name), "utf8");
    if (templateId && text.includes(`"templateId": "${templateId}"`))
      return path.join(entries, name);
  }
  throw new Error("the snapshot has no consent banner entry");
}

async function fetchText(url: string): Promise<string> {
  const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
  return response.text();
}

/** ms from `since` until `url` answers with `text` in its body, polled every POLL_MS. */
async function timeUntilServed(url: string, text: string, since: number): Promise<number> {
  const deadline = since + PUBLISH_TIMEOUT_MS;
  for (;;) {
    const asked = performance.now();
    const body = await fetchText(url).catch(() => "");
    if (body.includes(text)) return performance.now() - since;
    if (performance.now() > deadline) {
      throw new Error(`${url} did not show "${text}" within ${PUBLISH_TIMEOUT_MS / 1000} s`);
    }
    await wait(Math.max(0, POLL_MS - (performance.now() - asked)));
  }
}

const figure = (run: WrkRun) => ({ rps: Math.round(run.rps), p99Ms: round(run.p99Ms, 2) });

/** What a step started, stopped (in reverse) when the run ends, however it ends. */
type Stops = (() => Promise<void>)[];

interface LargestBuild {
  project: string;
  snapshot: string;
  articles: GeneratedArticle[];
}

type SizedBuilds = Record<string, BuildFigures & { snapshotSeconds: number }>;

/** 1. A snapshot, a project copy and a timed build for each size; only the largest is kept. */
async function buildEachSize(
  sizes: readonly number[],
  work: string,
  buildTimeoutMs: number,
  stops: Stops,
): Promise<{ builds: SizedBuilds; largest: LargestBuild }> {
  const builds: SizedBuilds = {};
  let largest: LargestBuild | undefined;
  for (const size of sizes) {
    progress(`${size} articles: snapshot`);
    const snapshotStarted = performance.now();
    const snapshot = await generateScaleSnapshot({
      to: path.join(work, `content-${size}`),
      articles: size,
    });
    const snapshotSeconds = round((performance.now() - snapshotStarted) / 1000, 1);
    const project = path.join(work, `project-${size}`);
    await copyProject(project);
    progress(`${size} articles: building`);
    const build = await timeBuild(project, siteEnv(snapshot.dir), buildTimeoutMs, (stop) =>
      stops.push(stop),
    );
    progress(`${size} articles: built in ${build.wallSeconds} s`);
    builds[size] = { ...build, snapshotSeconds };
    // Only the largest is served: the others' folders go now (disk).
    if (largest) {
      await rm(largest.project, { recursive: true, force: true });
      await rm(largest.snapshot, { recursive: true, force: true });
    }
    largest = { project, snapshot: snapshot.dir, articles: snapshot.articles };
  }
  if (!largest) throw new Error("no size to measure");
  return { builds, largest };
}

/** The real server on the largest build, pinned, watching its snapshot, with its lists read. */
async function startLargestSite(
  largest: LargestBuild,
  work: string,
  stops: Stops,
): Promise<{ site: SiteProcess; log: LogFollower }> {
  const logFile = path.join(work, "site.log");
  const site: SiteProcess = await startSiteProcess({
    logFile,
    projectDir: largest.project,
    env: siteEnv(largest.snapshot) as Record<string, string>,
  });
  stops.push(() => site.stop());
  await pin(site.child.pid as number, SERVER_CPU);
  const log = new LogFollower(logFile);
  await log.waitFor("watching content changes", 0, EVENT_TIMEOUT_MS);
  // Warm: a rendering that reads the news list, so the server's first reading of every
  // list (the snapshot edits are compared with) is over before the edit.
  const warm = await fetch(`${site.url}/news?scale-bench=warm`, {
    signal: AbortSignal.timeout(EVENT_TIMEOUT_MS),
  });
  await warm.arrayBuffer();
  if (warm.status !== 200) throw new Error(`/news answered ${warm.status} while warming up`);
  await wait(2_000);
  return { site, log };
}

/** 2. One article's title, edited in the snapshot folder as an editor would: publish-to-live. */
async function measurePublish(site: SiteProcess, log: LogFollower, largest: LargestBuild) {
  const edited = largest.articles[Math.floor(largest.articles.length / 2)] as GeneratedArticle;
  const articleUrl = `${site.url}/news/${edited.slug}`;
  if (!(await fetchText(articleUrl)).includes(edited.title)) {
    throw new Error(`${articleUrl} does not show its title before the edit`);
  }
  const newTitle = `${edited.title}, revised`;
  progress(`editing the title of /news/${edited.slug}`);
  const from = await log.mark();
  const editedAt = performance.now();
  const editedAtClock = Date.now();
  await editEntry(edited.file, edited.title, newTitle);
  const publishToLiveMs = Math.round(await timeUntilServed(articleUrl, newTitle, editedAt));
  const changed = await log.waitFor("content changed", from, EVENT_TIMEOUT_MS);
  const refreshed = await log.waitFor("pages refreshed", from, SETTLE_TIMEOUT_MS);
  /** When the server logged a line, in ms after the edit (same clock). */
  const loggedAfterEdit = (line: Record<string, unknown>) =>
    Date.parse(String(line.time)) - editedAtClock;
  progress(
    `publish-to-live ${publishToLiveMs} ms; ${String(refreshed.line.pages)} pages refreshed`,
  );
  return {
    article: `/news/${edited.slug}`,
    publishToLiveMs,
    /** The server knew what the edit changed (file watch, content event, classification). */
    changeKnownAfterMs: loggedAfterEdit(changed.line),
    contentChanged: { refreshing: changed.line.refreshing, tags: changed.line.tags },
    pagesRefreshed: {
      pages: refreshed.line.pages,
      written: refreshed.line.written,
      removed: refreshed.line.removed,
      retired: refreshed.line.retired,
      ms: refreshed.line.ms,
      allDoneAfterMs: loggedAfterEdit(refreshed.line),
    },
  };
}

type Measure = (url: string, pid: number | undefined) => Promise<WrkRun>;
type Throughput = Record<string, Record<string, unknown>>;

/** Resolves while the site runs; else fails with how it ended and its last log lines. */
async function siteServing(site: SiteProcess, logFile: string): Promise<void> {
  const { exitCode, signalCode } = site.child;
  if (exitCode === null && signalCode === null) return;
  const log = await readFile(logFile, "utf8").catch(() => "");
  const tail = log.trim().split("\n").slice(-10).join("\n");
  throw new Error(`the site ended (${signalCode ?? `exit code ${exitCode}`}); its log:\n${tail}`);
}

/** 3a. nginx on the same files, then the idle server, for each target (nginx runs only here). */
async function measureIdleThroughput(
  site: SiteProcess,
  largest: LargestBuild,
  work: string,
  targets: readonly string[],
  measure: Measure,
  stops: Stops,
): Promise<Throughput> {
  const nginx: Nginx = await startNginx({
    dir: path.join(work, "nginx"),
    clientDir: path.join(largest.project, "build/client"),
    cpu: SERVER_CPU,
  });
  stops.push(() => nginx.stop());
  const throughput: Throughput = {};
  for (const target of targets) {
    progress(`wrk ${target}: nginx, then the idle server`);
    // Each run's refusal, if any, is told as the end of the process it measures.
    await nginx.serving();
    await measure(`${nginx.url}${target}`, undefined); // warm-up
    const nginxRun = await measure(`${nginx.url}${target}`, nginx.workerPid);
    await siteServing(site, path.join(work, "site.log"));
    await measure(`${site.url}${target}`, undefined);
    const idle = await measure(`${site.url}${target}`, site.child.pid);
    throughput[target] = { nginx: figure(nginxRun), siteIdle: figure(idle) };
  }
  await nginx.stop();
  return throughput;
}

/**
 * 3b. The consent banner edited, so every page renders again: each target measured while it
 * does (added to `throughput`), and the memory during and after (added to `memory`).
 */
async function measureDuringRerender(
  site: SiteProcess,
  log: LogFollower,
  largest: LargestBuild,
  targets: readonly string[],
  measure: Measure,
  throughput: Throughput,
  memory: Record<string, number>,
) {
  const rssMb = () => round(rssBytes(site.child.pid as number) / 1024 / 1024, 0);
  progress("editing the consent banner: every page renders again");
  const bannerFile = await consentBannerFile(largest.snapshot);
  const burstFrom = await log.mark();
  await editEntry(bannerFile, DEFAULT_CONSENT_WORDING.title, `${DEFAULT_CONSENT_WORDING.title}.`);
  const burstChanged = await log.waitFor("content changed", burstFrom, EVENT_TIMEOUT_MS);
  const burstStarted = performance.now();
  for (const target of targets) {
    progress(`wrk ${target} during the re-render`);
    await siteServing(site, log.file);
    const during = await measure(`${site.url}${target}`, site.child.pid);
    const entry = throughput[target] as Record<string, unknown> & { nginx: { rps: number } };
    entry.duringRerender = figure(during);
    entry.duringRerenderOverNginx = round(during.rps / entry.nginx.rps, 2);
  }
  const measuredForMs = Math.round(performance.now() - burstStarted);
  await log.mark();
  const settledEarly = log.lines.slice(burstFrom).some((line) => line.msg === "pages refreshed");
  progress("waiting for the re-render to finish");
  memory.rssMbDuringRerender = rssMb();
  // The wording is spliced into stored pages as they are answered: such an edit renders none
  // (refreshing 0) and no round of the refresher is logged.
  const burstDone =
    Number(burstChanged.line.refreshing) > 0
      ? await log.waitFor("pages refreshed", burstFrom, SETTLE_TIMEOUT_MS)
      : await log.waitFor(
          "consent wording changed: stored pages answer with it",
          burstFrom,
          SETTLE_TIMEOUT_MS,
        );
  memory.rssMbAfterRerender = rssMb();
  return {
    refreshing: burstChanged.line.refreshing,
    pagesRefreshed: {
      pages: burstDone.line.pages,
      written: burstDone.line.written,
      ms: burstDone.line.ms,
    },
    measuredForMs,
    /** False: the re-render was over before wrk was (its figures are partly idle). */
    rerenderingThroughout: !settledEarly,
  };
}

/** The goals, each a PASS/FAIL line. */
function goalChecks(figures: {
  sizes: readonly number[];
  timeRatio: number;
  articleRatio: number;
  publishToLiveMs: number;
  targets: readonly string[];
  throughput: Throughput;
  rerenderingThroughout: boolean;
}): [string, boolean][] {
  const { sizes, timeRatio, articleRatio, publishToLiveMs, targets, throughput } = figures;
  const smallest = sizes[0] as number;
  const biggest = sizes[sizes.length - 1] as number;
  return [
    [
      `build: ${biggest} articles took ${timeRatio}x the time of ${smallest} (<= ${round(articleRatio * GOALS.buildOverLinear, 1)}x)`,
      timeRatio <= articleRatio * GOALS.buildOverLinear,
    ],
    [
      `publish-to-live ${publishToLiveMs} ms (< ${GOALS.publishToLiveMs})`,
      publishToLiveMs < GOALS.publishToLiveMs,
    ],
    ...targets.map((target): [string, boolean] => {
      const ratio = Number(throughput[target]?.duringRerenderOverNginx);
      return [
        `${target} during the re-render: ${ratio}x nginx (>= ${GOALS.duringRerenderOverNginx})`,
        ratio >= GOALS.duringRerenderOverNginx,
      ];
    }),
    [`the re-render lasted through the wrk runs`, figures.rerenderingThroughout],
  ];
}

export async function runScaleBench(): Promise<Record<string, unknown>> {
  requireWrk();
  const sizes = sizesOf(process.env.SCALE_BENCH_ARTICLES);
  const seconds = Math.max(1, Number(process.env.SCALE_BENCH_SECONDS ?? 5) || 5);
  const buildTimeoutMs =
    Math.max(1, Number(process.env.SCALE_BENCH_BUILD_MINUTES ?? 45) || 45) * 60_000;
  const work = await mkdtemp(path.join(tmpdir(), "scale-bench-"));
  const stops: Stops = [];
  const cleanup = async () => {
    for (const stop of stops.splice(0).reverse()) await stop().catch(() => {});
    if (process.env.SCALE_BENCH_KEEP === "1") progress(`kept ${work}`);
    else await rm(work, { recursive: true, force: true });
  };
  const onSignal = (signal: NodeJS.Signals) => {
    progress(`${signal}: cleaning up`);
    void cleanup().finally(() => process.exit(130));
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  try {
    progress(`working in ${work}`);
    const { builds, largest } = await buildEachSize(sizes, work, buildTimeoutMs, stops);
    const smallest = sizes[0] as number;
    const biggest = sizes[sizes.length - 1] as number;
    const timeRatio = round(
      (builds[biggest]?.wallSeconds ?? 0) / (builds[smallest]?.wallSeconds ?? 1),
      2,
    );
    const articleRatio = round(biggest / smallest, 2);

    progress(`${biggest} articles: starting the server`);
    const { site, log } = await startLargestSite(largest, work, stops);
    const memory: Record<string, number> = {
      rssMbStarted: round(rssBytes(site.child.pid as number) / 1024 / 1024, 0),
    };
    const publish = await measurePublish(site, log, largest);

    // Throughput: nginx on the same files, the idle server, the server re-rendering.
    const other = largest.articles[1] as GeneratedArticle;
    const targets = ["/about", `/news/${other.slug}`];
    const measure: Measure = (url, pid) =>
      runWrk({ url, seconds, connections: CONNECTIONS, headers: GZIP, pid, cpu: WRK_CPU });
    const throughput = await measureIdleThroughput(site, largest, work, targets, measure, stops);
    const burst = await measureDuringRerender(
      site,
      log,
      largest,
      targets,
      measure,
      throughput,
      memory,
    );

    const checks = goalChecks({
      sizes,
      timeRatio,
      articleRatio,
      publishToLiveMs: publish.publishToLiveMs,
      targets,
      throughput,
      rerenderingThroughout: burst.rerenderingThroughout,
    });
    for (const [line, ok] of checks) console.error(`${ok ? "PASS" : "FAIL"} ${line}`);
    return {
      articles: sizes,
      builds,
      buildTimeRatio: { articles: articleRatio, time: timeRatio },
      publish,
      throughput,
      burst,
      memory,
      tool: `wrk -t1 -c${CONNECTIONS} -d${seconds}s, gzip accepted`,
      pinned: hasTaskset ? { server: SERVER_CPU, nginx: SERVER_CPU, wrk: WRK_CPU } : "no taskset",
      goals: GOALS,
      failed: checks.filter(([, ok]) => !ok).map(([line]) => line),
    };
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    await cleanup();
  }
}
