// `npm run bench -- redirects`, its `editToLive` part: how soon a CMS redirect's edit
// answers. The real site (`npm start`'s command, in an instance project over the shared
// build, made first if it is stale) reads a content service of its own (a process over a
// copy of the seed snapshot).
// One `redirect` entry is created, then its `to` is edited REDIRECT_BENCH_EDITS times
// (default 20) through the content service's API; each edit is timed from the API's answer
// to the site answering the new Location (polled every 5 ms). REDIRECT_BENCH_LOAD=N (default
// 0) keeps N requests that each render a page (an unknown query) running meanwhile, so the
// render thread is busy as under visitors' load. Nothing outside its temporary folders is
// touched.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { contentApi } from "../../tests/support/content-api";
import { serveSnapshotCopy } from "../../tests/support/content-server-process";
import { ensureSiteBuild } from "../../tests/support/site-build";
import {
  type InstanceProject,
  makeInstanceProject,
  untilInstanceReady,
} from "../../tests/support/site-instance";
import { type SiteProcess, startSiteProcess } from "../site-process";

const EDITS = Math.max(20, Number(process.env.REDIRECT_BENCH_EDITS ?? 20));
const POLL_MS = 5;
const EDIT_TIMEOUT_MS = 30_000;
const READY_TIMEOUT_MS = 10 * 60_000;
const FROM = "/bench-short-link";
const LOAD = Math.max(0, Math.min(32, Number(process.env.REDIRECT_BENCH_LOAD ?? 0) || 0));
const LOAD_PAGES = ["/news", "/contact", "/about", "/"];

const progress = (line: string) => console.error(`redirect edit bench: ${line}`);

async function until(check: () => Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

async function location(site: SiteProcess): Promise<string | null> {
  const response = await fetch(`${site.url}${FROM}`, { redirect: "manual" });
  await response.body?.cancel();
  return response.headers.get("location");
}

/** LOAD loops of rendering requests until `stop()`; resolves with how many were answered. */
function renderLoad(site: SiteProcess): { stop: () => Promise<number> } {
  let stopped = false;
  let answered = 0;
  const loop = async (lane: number) => {
    for (let n = 0; !stopped; n++) {
      const page = LOAD_PAGES[(lane + n) % LOAD_PAGES.length];
      const response = await fetch(`${site.url}${page}?bench-load=${lane}-${n}`).catch(() => null);
      await response?.arrayBuffer().catch(() => {});
      answered += 1;
    }
  };
  const loops = Array.from({ length: LOAD }, (_, lane) => loop(lane));
  return {
    stop: async () => {
      stopped = true;
      await Promise.all(loops);
      return answered;
    },
  };
}

function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
}

export async function runRedirectEditBench(): Promise<Record<string, unknown>> {
  progress("the shared build (made if stale)…");
  await ensureSiteBuild();
  const content = await serveSnapshotCopy("redirect-edit-bench-content");
  let project: InstanceProject | undefined;
  let site: SiteProcess | undefined;
  try {
    const api = contentApi(content.process.url);
    project = await makeInstanceProject({ ...content.siteVariables, LOG_LEVEL: "info" });
    const logFile = path.join(project.dir, "site.log");
    site = await startSiteProcess({
      logFile,
      projectDir: project.dir,
      env: { ...project.env, DATA_DIR: path.join(project.dir, "data") },
    });
    const running = site;
    await untilInstanceReady(running.url, READY_TIMEOUT_MS);
    const entry = await api.create("redirect", {
      title: "Benchmark short link",
      slug: FROM.slice(1),
      from: FROM,
      to: "/news",
    });
    await until(async () => (await location(running)) === "/news", EDIT_TIMEOUT_MS, "created");
    const lags: number[] = [];
    const load = renderLoad(running);
    for (let i = 0; i < EDITS; i++) {
      const target = `/news?edit=${i}`;
      await api.setProps("redirect", entry._id, { to: target });
      const saved = performance.now();
      await until(async () => (await location(running)) === target, EDIT_TIMEOUT_MS, target);
      lags.push(performance.now() - saved);
    }
    const loadRequests = await load.stop();
    const sorted = [...lags].sort((a, b) => a - b);
    const round = (n: number) => Math.round(n * 10) / 10;
    // The site's own part: reading the sources through the render thread and merging them.
    const merges = (await readFile(logFile, "utf8"))
      .split("\n")
      .filter((line) => line.includes('"redirects merged"'))
      .map((line) => Number((JSON.parse(line) as { ms?: number }).ms))
      .slice(-EDITS)
      .sort((a, b) => a - b);
    const figures = {
      note: "ms from the content service's answer to a PUT of the entry to the site's first answer with the new Location (polled every 5 ms, over loopback); mergeMs: the site's read and merge of the redirects, from its log",
      edits: EDITS,
      load: { concurrent: LOAD, renderingRequests: loadRequests },
      p50: round(percentile(sorted, 0.5)),
      p99: round(percentile(sorted, 0.99)),
      max: round(sorted.at(-1) ?? Number.NaN),
      mergeMs: { p50: percentile(merges, 0.5), p99: percentile(merges, 0.99), runs: merges.length },
    };
    progress(JSON.stringify(figures));
    return figures;
  } finally {
    await site?.stop();
    await content.close();
    await project?.remove();
  }
}
