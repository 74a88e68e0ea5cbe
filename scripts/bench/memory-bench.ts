// What one instance takes of its container's memory: the site started as the image starts it
// (npm start's node flags), on the build in build/, then soaked for MEMORY_BENCH_SECONDS
// (default 120) with every prerendered page and its .data, pages rendered per request, unknown
// addresses and assets, eight requests at a time. Reported: the process's RSS when ready,
// its peak (VmHWM) and after the soak, the heaps as the process reports them (/metrics), and
// the HEALTHCHECK's own process, which runs beside the server in the same container (its
// peak RSS, median of five runs, with /usr/bin/time). docs/deploy.md's Memory figures.
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseSamples, type Sample } from "../../tests/support/prometheus-text";
import { type SiteProcess, startSiteProcess } from "../site-process";
import { median, round } from "./wrk";

const PROJECT_DIR = path.resolve(fileURLToPath(new URL("../..", import.meta.url)));
const BUILD_DIR = path.join(PROJECT_DIR, "build");
const SECONDS = Math.max(10, Number(process.env.MEMORY_BENCH_SECONDS ?? 120) || 120);
const CONCURRENCY = 8;
const TIME = "/usr/bin/time";
const HEALTHCHECK_RUNS = 5;

const progress = (line: string) => console.error(`memory bench: ${line}`);

/** A process's memory line from /proc/PID/status, in MB. */
function statusMb(pid: number, field: "VmRSS" | "VmHWM"): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1];
  if (!kb) throw new Error(`no ${field} for process ${pid}`);
  return round(Number(kb) / 1024, 0);
}

/** Every address the soak asks for, one pass's worth. */
async function soakAddresses(): Promise<string[]> {
  const { files } = JSON.parse(readFileSync(path.join(BUILD_DIR, "prerendered.json"), "utf8")) as {
    files: string[];
  };
  const pages = files.map((file) =>
    file === "index.html"
      ? "/"
      : file.endsWith("/index.html")
        ? `/${file.slice(0, -"/index.html".length)}`
        : `/${file}`,
  );
  const assets = (await readdir(path.join(BUILD_DIR, "client", "assets")))
    .filter((name) => !name.endsWith(".br") && !name.endsWith(".gz"))
    .map((name) => `/assets/${name}`);
  return [...pages, ...assets];
}

/** Asks for `addresses` over and over, `CONCURRENCY` at a time, until `until`. */
async function soak(site: SiteProcess, addresses: string[], until: number): Promise<number> {
  let next = 0;
  let count = 0;
  const worker = async () => {
    while (Date.now() < until) {
      const n = next++;
      // One in four is work the fast path cannot answer: a render, or an unknown address.
      const address =
        n % 8 === 0
          ? `/contact?sent=${n}`
          : n % 8 === 4
            ? `/news/no-such-article-${n}`
            : (addresses[n % addresses.length] as string);
      const answer = await fetch(`${site.url}${address}`, {
        headers: { "Accept-Encoding": n % 2 ? "gzip" : "br" },
      }).catch(() => undefined);
      await answer?.arrayBuffer().catch(() => {});
      count += 1;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return count;
}

function sampleMb(samples: Sample[], name: string, labels: Record<string, string> = {}) {
  const found = samples.find(
    (sample) =>
      sample.name === name &&
      Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  return found ? round(found.value / 1024 / 1024, 0) : undefined;
}

/** The heaps as the process reports them: the serving thread's and the render thread's. */
async function heaps(site: SiteProcess) {
  const text = await (await fetch(`http://127.0.0.1:${site.metricsPort}/metrics`)).text();
  const samples = parseSamples(text);
  const renderThread = Object.fromEntries(
    samples
      .filter((sample) => sample.name === "id5_render_thread_heap_bytes")
      .map((sample) => [sample.labels.kind ?? "", round(sample.value / 1024 / 1024, 0)]),
  );
  return {
    servingThreadHeapUsedMb: sampleMb(samples, "nodejs_heap_size_used_bytes"),
    servingThreadHeapTotalMb: sampleMb(samples, "nodejs_heap_size_total_bytes"),
    renderThreadHeapMb: renderThread,
    externalMb: sampleMb(samples, "nodejs_external_memory_bytes"),
  };
}

/** The peak RSS (MB) of `node <script>` run as the HEALTHCHECK runs it, median of five. */
async function healthcheckPeakMb(site: SiteProcess, script: string): Promise<number> {
  const { execFile } = await import("node:child_process");
  const peaks: number[] = [];
  for (let i = 0; i < HEALTHCHECK_RUNS; i++) {
    const kb = await new Promise<number>((resolve, reject) =>
      execFile(
        TIME,
        ["-f", "%M", process.execPath, script],
        { cwd: PROJECT_DIR, env: { ...process.env, PORT: String(site.port) } },
        (error, _stdout, stderr) => {
          if (error) reject(new Error(`${script} failed: ${stderr}`));
          else resolve(Number(stderr.trim().split("\n").at(-1)));
        },
      ),
    );
    peaks.push(kb / 1024);
  }
  return round(median(peaks), 0);
}

export async function runMemoryBench(): Promise<Record<string, unknown>> {
  if (!existsSync(TIME)) throw new Error(`${TIME} is needed (Debian's time package)`);
  const dir = await mkdtemp(path.join(tmpdir(), "memory-bench-"));
  let site: SiteProcess | undefined;
  try {
    site = await startSiteProcess({
      logFile: path.join(dir, "site.log"),
      env: { LOG_LEVEL: "warn" },
      withMetrics: true,
    });
    const pid = site.child.pid as number;
    for (;;) {
      const ready = await fetch(`${site.url}/readyz`).then((answer) => answer.status);
      if (ready === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const ready = { rssMb: statusMb(pid, "VmRSS"), peakRssMb: statusMb(pid, "VmHWM") };
    const addresses = await soakAddresses();
    progress(`soaking for ${SECONDS} s over ${addresses.length} addresses`);
    let lowest = Number.POSITIVE_INFINITY;
    let highest = 0;
    const watch = setInterval(() => {
      const rss = statusMb(pid, "VmRSS");
      lowest = Math.min(lowest, rss);
      highest = Math.max(highest, rss);
    }, 250);
    const requests = await soak(site, addresses, Date.now() + SECONDS * 1000);
    clearInterval(watch);
    const afterSoak = {
      rssMb: statusMb(pid, "VmRSS"),
      peakRssMb: statusMb(pid, "VmHWM"),
      rssRangeDuringSoakMb: [lowest, highest],
      ...(await heaps(site)),
    };
    progress("the healthcheck's own process");
    // Node itself, for scale: a script that does nothing.
    await writeFile(path.join(dir, "empty.mjs"), "");
    const healthcheck = {
      peakRssMb: await healthcheckPeakMb(site, "scripts/image/healthcheck.mjs"),
      emptyScriptPeakRssMb: await healthcheckPeakMb(site, path.join(dir, "empty.mjs")),
    };
    return {
      node: process.version,
      soak: { seconds: SECONDS, requests, addresses: addresses.length },
      ready,
      afterSoak,
      healthcheck,
    };
  } finally {
    await site?.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
