// `npm run bench`: every benchmark of the project, figures printed as JSON.
// Usage: npm run bench [-- NAME] (default: all), NAME one of content, site, forms, csp,
// redirects, serve, flood, memory, restart, preview, schedule, shared-piece, scale, idle (the
// CPU of an open page with a hero, JS on and off, in Chromium --disable-gpu), trace (what the
// long tasks at load are, at a 4× CPU slowdown; not part of all). Each is a file of
// scripts/bench/ whose header says what it measures (docs/performance.md: budgets and the last
// figures). `scale` is not part of all: it builds twice, tens of minutes.
// REDIRECT_BENCH_EDIT=0 leaves out the redirects benchmark's edit-to-live on the real site.
import { runContentBench } from "./bench/content-bench";
import { runCspBench } from "./bench/csp-bench";
import { runFloodBench } from "./bench/flood-bench";
import { runFormsBench } from "./bench/forms-bench";
import { runIdleCpuBench } from "./bench/idle-cpu-bench";
import { runLoadTraceBench } from "./bench/load-trace-bench";
import { runMemoryBench } from "./bench/memory-bench";
import { runPreviewBench } from "./bench/preview-bench";
import { runRedirectBench } from "./bench/redirect-bench";
import { runRedirectEditBench } from "./bench/redirect-edit-bench";
import { runRestartBench } from "./bench/restart-bench";
import { runScaleBench } from "./bench/scale-bench";
import { runScheduleBench } from "./bench/schedule-bench";
import { runServeBench } from "./bench/serve-bench";
import { runSharedPieceBench } from "./bench/shared-piece-bench";
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
// Not part of "all": a diagnosis (what the long tasks at load are), not a budget.
if (which === "trace") {
  console.error("load trace benchmark…");
  results.trace = await runLoadTraceBench();
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
if (which === "all" || which === "shared-piece") {
  console.error("shared-piece benchmark…");
  results.sharedPiece = await runSharedPieceBench();
}
// Not part of "all": it builds the site twice with thousands of pages (tens of minutes).
if (which === "scale") {
  console.error("scale benchmark…");
  results.scale = await runScaleBench();
}
console.log(JSON.stringify(results, null, 2));
