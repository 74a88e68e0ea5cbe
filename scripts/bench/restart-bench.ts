// `npm run bench -- restart`: time to ready after a start with N edits pending. The real
// site (`npm start`'s command, in a copy of the project, built at its first start) runs on a
// content service of its own (a process over a copy of the seed snapshot). For each N, the
// site is stopped, N entries are retitled through the content service's API, and the site is
// started again: how long until /healthz answers, until /readyz says ready (the catch-up
// done: every page that read an edited entry rendered again), and the catch-up's own figures
// from its log line. N = 0 is the start with nothing pending. Nothing outside its temporary
// folders is touched. RESTART_BENCH_EDITS (default 0,1,10,50).
import { rm } from "node:fs/promises";
import path from "node:path";
import { contentApi } from "../../tests/support/content-api";
import {
  type ContentServerProcess,
  LOCAL_CMS_VARIABLES,
  spawnContentServer,
} from "../../tests/support/content-server-process";
import { freePort } from "../../tests/support/free-port";
import { readLogLines } from "../../tests/support/log-file";
import { temporaryProject } from "../../tests/support/project-copy";
import { untilInstanceReady } from "../../tests/support/site-instance";
import { copySnapshot, removeSnapshot } from "../../tests/support/snapshot-copy";
import { type SiteProcess, startSiteProcess } from "../site-process";

/** Entries edited, in this order (forms and the consent banner are left alone). */
const EDITABLE_TEMPLATES = [
  "news-article",
  "page",
  "legal-page",
  "universal-id-page",
  "resource",
  "event",
  "job",
];
const READY_TIMEOUT_MS = 5 * 60_000;
const POLL_MS = 20;

const progress = (line: string) => console.error(`restart bench: ${line}`);

function editCounts(setting: string | undefined): number[] {
  const counts = (setting ?? "0,1,10,50")
    .split(",")
    .map((value) => Number(value.trim()))
    .filter((value) => Number.isInteger(value) && value >= 0);
  if (counts.length === 0) throw new Error("RESTART_BENCH_EDITS: whole numbers, e.g. 0,1,10,50");
  return counts;
}

/** The first line named `msg` after `since` lines, once written (lines go out in batches). */
async function lineAfter(
  logFile: string,
  msg: string,
  since: number,
): Promise<Record<string, unknown>> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const line = (await readLogLines(logFile)).slice(since).find((l) => l.msg === msg);
    if (line) return line;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new Error(`no "${msg}" line in ${logFile}`);
}

export async function runRestartBench(): Promise<Record<string, unknown>> {
  const counts = editCounts(process.env.RESTART_BENCH_EDITS);
  const project = await temporaryProject("restart-bench");
  const snapshot = await copySnapshot("restart-bench-content");
  const logFile = path.join(project.dir, "site.log");
  let content: ContentServerProcess | undefined;
  let site: SiteProcess | undefined;
  try {
    content = await spawnContentServer(
      snapshot,
      `${snapshot}-cache`,
      await freePort(),
      LOCAL_CMS_VARIABLES,
    );
    const api = contentApi(content.url);
    const editable: { template: string; id: string }[] = [];
    for (const template of EDITABLE_TEMPLATES) {
      for (const entry of await api.entries(template)) editable.push({ template, id: entry._id });
    }
    const port = await freePort();
    const env = { ...LOCAL_CMS_VARIABLES, BCMS_ORIGIN: content.url, LOG_LEVEL: "info" };
    progress("first start (builds the site)…");
    const built = performance.now();
    site = await startSiteProcess({ logFile, port, projectDir: project.dir, env });
    await untilInstanceReady(site.url, READY_TIMEOUT_MS, POLL_MS);
    const firstStartSeconds = Math.round((performance.now() - built) / 100) / 10;

    const runs: Record<string, unknown>[] = [];
    let round = 0;
    for (const edits of counts) {
      await site.stop();
      round += 1;
      const chosen = Array.from({ length: edits }, (_, i) => editable[i % editable.length]);
      for (const [i, entry] of chosen.entries()) {
        if (entry) await api.retitle(entry.template, entry.id, `Edited while down ${round}.${i}`);
      }
      const since = (await readLogLines(logFile)).length;
      const started = performance.now();
      site = await startSiteProcess({ logFile, port, projectDir: project.dir, env });
      const healthyMs = performance.now() - started;
      await untilInstanceReady(site.url, READY_TIMEOUT_MS, POLL_MS);
      const readyMs = performance.now() - started;
      const caughtUp = await lineAfter(logFile, "content caught up", since);
      const run = {
        edits,
        entriesUpdated: caughtUp.updated,
        pagesRefreshed: caughtUp.refreshed,
        catchUpMs: caughtUp.ms,
        startToHealthyMs: Math.round(healthyMs),
        startToReadyMs: Math.round(readyMs),
      };
      progress(JSON.stringify(run));
      runs.push(run);
    }
    return {
      note: "start = spawn of npm start's command (bundling the server included); healthy = /healthz answers (polled every 250 ms); ready = /readyz 200 (polled every 20 ms); catchUpMs = the server's own catch-up time, reading the CMS's versions to the last page written",
      firstStartSeconds,
      runs,
    };
  } finally {
    await site?.stop();
    content?.child.kill("SIGTERM");
    await content?.exited;
    await removeSnapshot(snapshot);
    await rm(`${snapshot}-cache`, { recursive: true, force: true });
    await project.remove();
  }
}
