// Flood benchmark (`npm run bench -- flood`; what it measures: docs/performance.md): visitors
// on a prerendered page while one client floods the site with unknown paths, unknown queries
// or requests that need a render (`/contact?sent=<n>`: a form page, rendered per request),
// beside nginx's 404 rate on the same unknown paths. The site (`npm start`'s entry) and nginx
// (one worker) on core 0, both wrk processes on core 1. Budgets (issue 17): unknown paths >=
// 0.3x nginx's 404 rate with p99 < 5 ms; during the render flood, visitors keep >= 0.7x their
// idle rate with p99 < 10 ms and no request waits 2 s or more; RSS < 300 MB. PASS/FAIL on
// stderr, figures as JSON on stdout. Settings: FLOOD_BENCH_SECONDS (default 5), NGINX.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type SiteProcess, startSiteProcess } from "../site-process";
import { hasTaskset, type Nginx, pin, startNginx } from "./nginx";
import { requireWrk, round, rssBytes, runWrk, type WrkRun } from "./wrk";

const PROJECT_DIR = path.resolve(fileURLToPath(new URL("../..", import.meta.url)));
const CLIENT_DIR = path.join(PROJECT_DIR, "build/client");
const SECONDS = Math.max(2, Number(process.env.FLOOD_BENCH_SECONDS ?? 5) || 5);
const SERVER_CPU = 0;
const WRK_CPU = 1;
const VISITOR_CONNECTIONS = 10;
const FLOOD_CONNECTIONS = 50;
const VISITOR_PAGE = "/about";
const BROWSER = { "Accept-Encoding": "gzip, deflate, br" };

const BUDGET = {
  unknownOverNginx404: 0.3,
  unknownP99Ms: 5,
  visitorsDuringRenderFlood: 0.7,
  visitorsP99MsDuringRenderFlood: 10,
  maxWaitMs: 2000,
  rssMb: 300,
};

const progress = (line: string) => console.error(`flood bench: ${line}`);

/**
 * A wrk Lua script whose every request is different; counts answers by status class, and
 * those that were an older version (`stale`: a render refused).
 */
function floodScript(pathExpression: string): string {
  return `counter = 0
statuses = {}
threads = {}
setup = function(thread)
  table.insert(threads, thread)
end
request = function()
  counter = counter + 1
  return wrk.format("GET", ${pathExpression}, { ["Accept-Encoding"] = "gzip, deflate, br" })
end
response = function(status, headers, body)
  local class = math.floor(status / 100) .. "xx"
  statuses[class] = (statuses[class] or 0) + 1
  if headers["x-content-stale"] then statuses["stale"] = (statuses["stale"] or 0) + 1 end
end
done = function(summary, latency, requests)
  local totals = {}
  for _, thread in ipairs(threads) do
    for class, count in pairs(thread:get("statuses")) do
      totals[class] = (totals[class] or 0) + count
    end
  end
  local parts = {}
  for class, count in pairs(totals) do table.insert(parts, class .. "=" .. count) end
  io.write("statuses " .. table.concat(parts, ",") .. "\\n")
  io.write("max-latency-us " .. latency.max .. "\\n")
end
`;
}

const FLOODS = {
  unknownPaths: `(counter % 2 == 0) and ("/news/no-such-" .. counter) or ("/no-such-" .. counter .. "/x")`,
  unknownQueries: `"/?r=" .. counter`,
  renders: `"/contact?sent=" .. counter`,
} as const;

interface FloodRun extends WrkRun {
  statuses: Record<string, number>;
  maxLatencyMs: number;
}

/** wrk with a flood script: its figures, answers by status class and its longest wait. */
async function runFlood(url: string, script: string): Promise<FloodRun> {
  let printed = "";
  const run = await runWrk({
    url,
    seconds: SECONDS,
    connections: FLOOD_CONNECTIONS,
    script,
    cpu: WRK_CPU,
    allowErrors: true,
    onOutput: (stdout) => {
      printed = stdout;
    },
  });
  const statuses = Object.fromEntries(
    (/statuses (\S*)/.exec(printed)?.[1] ?? "")
      .split(",")
      .filter(Boolean)
      .map((part) => {
        const [name, count] = part.split("=");
        return [name as string, Number(count)];
      }),
  );
  const maxLatencyMs = Number(/max-latency-us (\d+)/.exec(printed)?.[1] ?? 0) / 1000;
  return { ...run, statuses, maxLatencyMs };
}

function visitors(run: WrkRun) {
  return { rps: Math.round(run.rps), p50Ms: round(run.p50Ms, 2), p99Ms: round(run.p99Ms, 2) };
}

function flood(run: FloodRun) {
  return {
    rps: Math.round(run.rps),
    p50Ms: round(run.p50Ms, 2),
    p99Ms: round(run.p99Ms, 2),
    maxLatencyMs: round(run.maxLatencyMs, 0),
    statuses: run.statuses,
  };
}

export async function runFloodBench(): Promise<Record<string, unknown>> {
  requireWrk();
  const dir = await mkdtemp(path.join(tmpdir(), "flood-bench-"));
  let nginx: Nginx | undefined;
  let site: SiteProcess | undefined;
  try {
    site = await startSiteProcess({
      logFile: path.join(dir, "site.log"),
      env: { LOG_LEVEL: "info" },
    });
    const pid = site.child.pid as number;
    await pin(pid, SERVER_CPU);
    nginx = await startNginx({
      dir: path.join(dir, "nginx"),
      clientDir: CLIENT_DIR,
      cpu: SERVER_CPU,
    });
    const rssMb = () => round(rssBytes(pid) / 1024 / 1024, 0);
    const scripts = Object.fromEntries(
      await Promise.all(
        Object.entries(FLOODS).map(async ([name, expression]) => {
          const file = path.join(dir, `${name}.lua`);
          await writeFile(file, floodScript(expression));
          return [name, file] as const;
        }),
      ),
    ) as Record<keyof typeof FLOODS, string>;
    const visitorRun = (seconds = SECONDS) =>
      runWrk({
        url: `${site?.url}${VISITOR_PAGE}`,
        seconds,
        connections: VISITOR_CONNECTIONS,
        headers: BROWSER,
        cpu: WRK_CPU,
      });

    progress("warming up");
    // The page is learned by the fast path, each route's 404 page prepared, the JIT warm.
    await visitorRun(2);
    for (const script of Object.values(scripts)) await runFlood(site.url, script);
    await runFlood(nginx.url, scripts.unknownPaths);
    const rssMbStart = rssMb();

    progress("visitors alone");
    const alone = await visitorRun();
    progress("unknown paths alone, site and nginx");
    const unknownAlone = await runFlood(site.url, scripts.unknownPaths);
    const nginx404 = await runFlood(nginx.url, scripts.unknownPaths);

    const during: Record<string, unknown> = {};
    const rss: Record<string, number> = { start: rssMbStart };
    for (const name of Object.keys(FLOODS) as (keyof typeof FLOODS)[]) {
      progress(`visitors during the ${name} flood`);
      const [visitorsDuring, floodRun] = await Promise.all([
        visitorRun(),
        runFlood(site.url, scripts[name]),
      ]);
      during[name] = {
        visitors: visitors(visitorsDuring),
        visitorsOverAlone: round(visitorsDuring.rps / alone.rps, 2),
        flood: flood(floodRun),
      };
      rss[`after ${name}`] = rssMb();
    }

    const figures = {
      pinned: hasTaskset ? { server: SERVER_CPU, wrk: WRK_CPU } : "no taskset",
      seconds: SECONDS,
      visitorsAlone: { page: VISITOR_PAGE, connections: VISITOR_CONNECTIONS, ...visitors(alone) },
      unknownPathsAlone: {
        site: flood(unknownAlone),
        nginx: flood(nginx404),
        ratio: round(unknownAlone.rps / nginx404.rps, 2),
      },
      during,
      rssMb: rss,
    };
    report(figures);
    return figures;
  } finally {
    await nginx?.stop();
    await site?.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

function report(figures: {
  unknownPathsAlone: { site: { p99Ms: number }; ratio: number };
  during: Record<string, unknown>;
  rssMb: Record<string, number>;
}): void {
  const lines: [boolean, string][] = [];
  const { unknownPathsAlone } = figures;
  lines.push([
    unknownPathsAlone.ratio >= BUDGET.unknownOverNginx404,
    `unknown paths ${unknownPathsAlone.ratio}x nginx's 404 rate (budget >= ${BUDGET.unknownOverNginx404})`,
  ]);
  lines.push([
    unknownPathsAlone.site.p99Ms < BUDGET.unknownP99Ms,
    `unknown paths p99 ${unknownPathsAlone.site.p99Ms} ms (budget < ${BUDGET.unknownP99Ms})`,
  ]);
  const renders = figures.during.renders as {
    visitors: { p99Ms: number };
    visitorsOverAlone: number;
    flood: { maxLatencyMs: number };
  };
  lines.push([
    renders.visitorsOverAlone >= BUDGET.visitorsDuringRenderFlood,
    `visitors during the render flood ${renders.visitorsOverAlone}x alone (budget >= ${BUDGET.visitorsDuringRenderFlood})`,
  ]);
  lines.push([
    renders.visitors.p99Ms < BUDGET.visitorsP99MsDuringRenderFlood,
    `visitors' p99 during the render flood ${renders.visitors.p99Ms} ms (budget < ${BUDGET.visitorsP99MsDuringRenderFlood})`,
  ]);
  lines.push([
    renders.flood.maxLatencyMs < BUDGET.maxWaitMs,
    `longest wait in the render flood ${renders.flood.maxLatencyMs} ms (budget < ${BUDGET.maxWaitMs})`,
  ]);
  const maxRss = Math.max(...Object.values(figures.rssMb));
  lines.push([maxRss < BUDGET.rssMb, `RSS at most ${maxRss} MB (budget < ${BUDGET.rssMb})`]);
  for (const [ok, line] of lines) console.error(`${ok ? "PASS" : "FAIL"} ${line}`);
}
