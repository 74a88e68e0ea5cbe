// `npm run bench`: every benchmark of the project, figures printed as JSON.
// Usage: npm run bench [-- content|site|idle|forms|csp|redirects|serve|flood|memory|restart|preview|schedule|scale]   (default: all)
//   site: Lighthouse and Playwright figures of the built site next to their budgets
//   (scripts/bench/site-bench.ts; prints a PASS/FAIL report first, exits 0 either way).
//   idle: CPU of an open page with a hero, JS on and off, in Chromium --disable-gpu
//   (scripts/bench/idle-cpu-bench.ts).
//   csp: requests/s of prerendered pages without and with the hash policy, same run, wrk
//   (scripts/bench/csp-bench.ts).
//   redirects: the server's redirect lookup, indexed against a scan of every rule, with the
//   CMS's redirects merged in; and a CMS redirect's edit-to-live on the real site
//   (scripts/bench/redirect-edit-bench.ts; REDIRECT_BENCH_EDIT=0 leaves that part out).
//   serve: the server beside nginx on the same files (req/s, p99), a render's CPU, memory
//   under rendering and hostile traffic (scripts/bench/serve-bench.ts).
//   flood: visitors on a prerendered page while one client floods the site with unknown
//   paths, unknown queries or requests that need a render, beside nginx (flood-bench.ts).
//   memory: one instance's RSS when ready, at its peak and after a soak over every page,
//   its heaps, and the HEALTHCHECK process's own peak (scripts/bench/memory-bench.ts).
//   restart: time to ready after a start with N edits pending (0, 1, 10, 50), the real site
//   on a content-service process (scripts/bench/restart-bench.ts).
//   preview: a draft article's preview render time and edit-to-refresh latency in Chromium
//   (scripts/bench/preview-bench.ts).
//   schedule: from publish_at / unpublish_at to the page live / gone on both of two instances
//   on PostgreSQL (p50/p99 over 20 times), and the CDN's purges per time (schedule-bench.ts).
//   scale: builds with 1,000 and 10,000 extra articles, publish-to-live of one edit on the
//   largest, requests/s while every page renders again, beside nginx (scale-bench.ts).
import { runContentBench } from "./bench/content-bench";
import { runCspBench } from "./bench/csp-bench";
import { runFloodBench } from "./bench/flood-bench";
import { runFormsBench } from "./bench/forms-bench";
import { runIdleCpuBench } from "./bench/idle-cpu-bench";
import { runMemoryBench } from "./bench/memory-bench";
import { runPreviewBench } from "./bench/preview-bench";
import { runRedirectBench } from "./bench/redirect-bench";
import { runRedirectEditBench } from "./bench/redirect-edit-bench";
import { runRestartBench } from "./bench/restart-bench";
import { runScaleBench } from "./bench/scale-bench";
import { runScheduleBench } from "./bench/schedule-bench";
import { runServeBench } from "./bench/serve-bench";
import { runSiteBench } from "./bench/site-bench";

const which = process.argv[2] ?? "all";
const results: Record<string, unknown> = {};
if (which === "all" || which === "content") {
  console.error("content platform benchmark…");
  results.content = await runContentBench();
}
if (which === "all" || which === "site") {
  console.error("site benchmark…");
  results.site = await runSiteBench();
}
if (which === "all" || which === "idle") {
  console.error("idle CPU benchmark…");
  results.idle = await runIdleCpuBench();
}
if (which === "all" || which === "forms") {
  console.error("forms benchmark…");
  results.forms = await runFormsBench();
}
if (which === "all" || which === "csp") {
  console.error("csp benchmark…");
  results.csp = await runCspBench();
}
if (which === "all" || which === "redirects") {
  console.error("redirect lookup benchmark…");
  results.redirects = {
    lookup: await runRedirectBench(),
    ...(process.env.REDIRECT_BENCH_EDIT === "0"
      ? {}
      : { editToLive: await runRedirectEditBench() }),
  };
}
if (which === "all" || which === "serve") {
  console.error("serving benchmark…");
  results.serve = await runServeBench();
}
if (which === "all" || which === "flood") {
  console.error("flood benchmark…");
  results.flood = await runFloodBench();
}
if (which === "all" || which === "memory") {
  console.error("memory benchmark…");
  results.memory = await runMemoryBench();
}
if (which === "all" || which === "restart") {
  console.error("restart benchmark…");
  results.restart = await runRestartBench();
}
if (which === "all" || which === "preview") {
  console.error("preview benchmark…");
  results.preview = await runPreviewBench();
}
if (which === "all" || which === "schedule") {
  console.error("schedule benchmark…");
  results.schedule = await runScheduleBench();
}
// Not part of "all": it builds the site twice with thousands of pages (tens of minutes).
if (which === "scale") {
  console.error("scale benchmark…");
  results.scale = await runScaleBench();
}
console.log(JSON.stringify(results, null, 2));
