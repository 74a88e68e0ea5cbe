// The Prometheus metrics of a real site process (the real build, started as `npm start`
// starts it), scraped from its own listener on METRICS_PORT: after known traffic (prerendered
// pages, a render, an unknown address, a form submission delivered to a CRM stand-in, a CMS
// edit through the content service purged at a CDN stand-in), each counter moved by what was
// sent; 10,000 distinct unknown addresses add no series; the public port answers /metrics as
// any unknown address; an instance with METRICS_PORT=0 listens on its site port only.
import { readdir, readFile, readlink } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SiteProcess } from "../../scripts/site-process";
import type { ContentApi } from "../support/content-api";
import { CONTENT_SERVER_START_MS } from "../support/content-server-process";
import { pollUntil } from "../support/poll";
import {
  familiesOf,
  familyOf,
  metricNamesIn,
  parseSamples,
  type Sample,
  sumOf,
} from "../support/prometheus-text";
import { REAL_SITE_START_MS } from "../support/site-build";
import { untilInstanceReady } from "../support/site-instance";
import { type SiteInstances, startSiteInstances } from "../support/site-instances";
import { webhookSecretFor } from "../support/standard-webhooks";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";

const ARTICLE = {
  id: "359e533091ae2e0a5c53132f",
  page: "/news/brightwave-exchange-passes-id5-id-by-default",
  title: "Brightwave Exchange passes the ID5 ID to buyers by default",
};
const DURATION = "http_server_request_duration_seconds_count";
const WAIT_MS = 60_000;
/** The build it may make, the content service's start, the site's start and its readiness. */
const START_TIMEOUT_MS = REAL_SITE_START_MS + CONTENT_SERVER_START_MS + WAIT_MS;

let instances: SiteInstances;
let work: string;
let api: ContentApi;
let crm: WebhookReceiver;
let cdn: WebhookReceiver;
let site: SiteProcess;
let metricsPort: number;

function startInstance(name: string, withMetrics: boolean): Promise<SiteProcess> {
  return instances.start(name, { withMetrics, startTimeoutMs: WAIT_MS });
}

async function scrape(): Promise<Sample[]> {
  const response = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
  expect(response.status).toBe(200);
  return parseSamples(await response.text());
}

/** Scrapes until `check` holds for a scrape; returns that scrape. */
function scrapeUntil(check: (samples: Sample[]) => boolean, what: string): Promise<Sample[]> {
  return pollUntil(
    `the metrics to show ${what}`,
    async () => {
      const samples = await scrape();
      return check(samples) && samples;
    },
    { timeoutMs: WAIT_MS, intervalMs: 250 },
  );
}

async function get(url: string): Promise<number> {
  const response = await fetch(url, { redirect: "manual" });
  await response.arrayBuffer();
  return response.status;
}

/** The ports a process listens on (TCP), from /proc: what it really opened. */
async function listeningPorts(pid: number): Promise<Set<number>> {
  const sockets = new Set<string>();
  for (const fd of await readdir(`/proc/${pid}/fd`)) {
    const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => "");
    const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
    if (inode) sockets.add(inode);
  }
  const ports = new Set<number>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    const text = await readFile(table, "utf8").catch(() => "");
    for (const line of text.split("\n").slice(1)) {
      const columns = line.trim().split(/\s+/);
      // State 0A is LISTEN; column 9 is the socket's inode.
      if (columns[3] !== "0A" || !sockets.has(columns[9] ?? "")) continue;
      ports.add(Number.parseInt(columns[1]?.split(":")[1] ?? "", 16));
    }
  }
  return ports;
}

beforeAll(async () => {
  [crm, cdn] = await Promise.all([startWebhookReceiver(), startWebhookReceiver()]);
  instances = await startSiteInstances("metrics", {
    withMediaFiles: true,
    variables: {
      SITE_ORIGIN: "https://id5.io",
      FORMS_WEBHOOK_URL: crm.url,
      FORMS_WEBHOOK_SECRET: webhookSecretFor("metrics"),
      FORMS_MIN_SUBMIT_SECONDS: "0",
      PURGE_URL: cdn.url,
      TRUST_PROXY: "1",
      LOG_LEVEL: "info",
    },
  });
  work = instances.work;
  api = instances.api;
  site = await startInstance("measured", true);
  metricsPort = site.metricsPort as number;
  // Ready: the start's catch-up is done, so no later change is the start's.
  await untilInstanceReady(site.url, WAIT_MS);
}, START_TIMEOUT_MS);

afterAll(async () => {
  await instances?.close();
  await crm?.close();
  await cdn?.close();
});

describe("Prometheus metrics", { timeout: 5 * WAIT_MS }, () => {
  it("are on their own listener: the public port answers /metrics as an unknown address", async () => {
    const samples = await scrape();
    expect(samples.length).toBeGreaterThan(0);
    const before = sumOf(samples, DURATION, { http_response_status_code: "404" });
    const response = await fetch(`${site.url}/metrics`);
    const body = await response.text();
    expect(response.status).toBe(404);
    expect(body).not.toContain("http_server_request_duration_seconds");
    // The public 404 is itself measured, under a route pattern and never the raw path.
    const after = await scrapeUntil(
      (now) => sumOf(now, DURATION, { http_response_status_code: "404" }) >= before + 1,
      "the public /metrics 404",
    );
    expect(after.some((sample) => Object.values(sample.labels).includes("/metrics"))).toBe(false);
    expect(await listeningPorts(site.child.pid as number)).toEqual(
      new Set([site.port, metricsPort]),
    );
  });

  it("count what was sent: pages, a render, an unknown address, a form, a CMS edit", async () => {
    const before = await scrape();
    const count = (samples: Sample[], labels: Record<string, string>) =>
      sumOf(samples, DURATION, labels);

    // Prerendered pages: the first through the pipeline, the rest replayed by the fast path.
    const PAGES = 5;
    for (let k = 0; k < PAGES; k++) expect(await get(`${site.url}/`)).toBe(200);
    // A render: a query the page reads is never a prerendered file.
    expect(await get(`${site.url}/contact?sent=contact-${Date.now()}`)).toBe(200);
    // An address the site does not have.
    expect(await get(`${site.url}/news/no-such-article-${Date.now()}`)).toBe(404);
    // A form, submitted as a browser would, then delivered to the CRM stand-in.
    const html = await (await fetch(`${site.url}/contact`)).text();
    const stamp = /name="_stamp" value="([^"]*)"/.exec(html)?.[1] ?? "";
    expect(stamp).not.toBe("");
    const posted = await fetch(`${site.url}/contact`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-forwarded-for": "198.51.100.20",
      },
      body: new URLSearchParams({
        _form: "contact",
        _stamp: stamp,
        name: "Metrics Test",
        email: "metrics@example.com",
        topic: "partnerships",
        message: "Counted once.",
        consent: "yes",
      }).toString(),
    });
    await posted.arrayBuffer();
    expect(posted.status).toBe(303);
    await crm.waitFor((received) => received.length === 1, WAIT_MS);
    // A CMS edit: an event, its pages written again, its purge sent.
    await api.retitle("news-article", ARTICLE.id, `${ARTICLE.title} (measured ${Date.now()})`);
    await cdn.waitFor((received) => received.length >= 1, WAIT_MS);

    const delta = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
      sumOf(samples, name, labels) - sumOf(before, name, labels);
    const after = await scrapeUntil(
      (now) =>
        delta(now, "id5_form_deliveries_total", { outcome: "delivered" }) === 1 &&
        delta(now, "id5_publish_lag_seconds_count", { stage: "purge_sent" }) >= 1 &&
        delta(now, "id5_publish_lag_seconds_count", { stage: "page_written" }) >= 1,
      "the delivery and the edit",
    );
    const moved = (labels: Record<string, string>) => count(after, labels) - count(before, labels);
    expect(moved({ id5_answer: "prerendered", http_request_method: "GET" })).toBe(PAGES);
    expect(moved({ id5_answer: "prerendered", http_route: "/" })).toBe(PAGES);
    // The render asked for, and the contact page read for its stamp (a form page renders).
    const contactReads = ["render", "render_cache"].map((answer) =>
      moved({ id5_answer: answer, http_request_method: "GET", http_route: "/contact" }),
    );
    expect(contactReads[0] ?? 0).toBeGreaterThanOrEqual(1);
    expect((contactReads[0] ?? 0) + (contactReads[1] ?? 0)).toBe(2);
    expect(moved({ id5_answer: "form", http_request_method: "POST", http_route: "/contact" })).toBe(
      1,
    );
    expect(moved({ http_response_status_code: "404", http_route: "/news/:slug" })).toBe(1);
    expect(delta(after, "id5_render_admissions_total", { outcome: "admitted" })).toBeGreaterThan(0);
    expect(delta(after, "id5_render_duration_seconds_count")).toBeGreaterThan(0);
    expect(
      delta(after, "id5_form_submissions_total", { form: "contact", outcome: "accepted" }),
    ).toBe(1);
    expect(delta(after, "id5_form_deliveries_total")).toBe(1);
    expect(delta(after, "id5_form_delivery_duration_seconds_count")).toBe(1);
    expect(delta(after, "id5_content_events_total", { reason: "event" })).toBeGreaterThanOrEqual(1);
    expect(delta(after, "id5_pages_rewritten_total")).toBeGreaterThan(0);
    expect(sumOf(after, "id5_cms_socket_connected")).toBe(1);
    expect(sumOf(after, "id5_form_outbox_depth")).toBe(0);
    expect(sumOf(after, "id5_build_age_seconds")).toBeGreaterThan(0);
    // The process's own, and the render thread's heap as it reports it.
    for (const name of ["nodejs_eventloop_lag_p99_seconds", "process_resident_memory_bytes"]) {
      expect(sumOf(after, name)).toBeGreaterThan(0);
    }
    const withHeap = await scrapeUntil(
      (now) => sumOf(now, "id5_render_thread_heap_bytes", { kind: "used" }) > 0,
      "the render thread's heap",
    );
    expect(sumOf(withHeap, "id5_render_thread_heap_bytes", { kind: "total" })).toBeGreaterThan(0);
    // No label holds a raw path, a query or a client address.
    const values = after.flatMap((sample) => Object.values(sample.labels));
    expect(values.filter((value) => /no-such-article|sent=|198\.51\.100/.test(value))).toEqual([]);
  });

  it("keep the same series after 10,000 distinct unknown addresses", async () => {
    // Each route's 404 page is prepared after the start: until it is, an unknown address
    // renders (and a flood of renders is refused with 503s). Wait until each shape of address
    // below is answered from its prepared page, which also makes every series it needs.
    const prefixes = ["/news/", "/", "/x/y/"];
    for (const prefix of prefixes) {
      const deadline = Date.now() + WAIT_MS;
      for (let k = 0; ; k++) {
        const spliced = (samples: Sample[]) =>
          sumOf(samples, DURATION, { id5_answer: "spliced_404" });
        const before = spliced(await scrape());
        expect(await get(`${site.url}${prefix}warm-up-${k}-${Date.now()}`)).toBe(404);
        if (spliced(await scrape()) > before) break;
        if (Date.now() > deadline) throw new Error(`${prefix}… never got its prepared 404`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
    // The HTTP series, where a path would show: the process's own (GC kinds...) may grow.
    const seriesOf = (samples: Sample[]) =>
      new Set(
        samples
          .filter((s) => s.name.startsWith("http_"))
          .map((s) => `${s.name}${JSON.stringify(s.labels)}`),
      );
    const before = seriesOf(await scrape());
    const ADDRESSES = 10_000;
    let next = 0;
    const statuses = new Map<number, number>();
    const worker = async () => {
      while (next < ADDRESSES) {
        const k = next++;
        const status = await get(`${site.url}${prefixes[k % 3]}unknown-${k}?q=${k}`);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
    expect(statuses).toEqual(new Map([[404, ADDRESSES]]));
    const after = seriesOf(await scrape());
    expect([...after].filter((series) => !before.has(series))).toEqual([]);
    expect(after.size).toBe(before.size);
  });

  it("feed every query of the Grafana dashboard", async () => {
    const families = familiesOf(
      await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text(),
    );
    const dashboard = JSON.parse(
      await readFile(path.join(import.meta.dirname, "../../docs/grafana-dashboard.json"), "utf8"),
    ) as { panels: { title: string; targets: { expr: string }[] }[] };
    const expressions = dashboard.panels.flatMap((panel) => panel.targets.map((t) => t.expr));
    expect(expressions.length).toBeGreaterThanOrEqual(20);
    const named = expressions.flatMap(metricNamesIn);
    // Every query names at least one metric, and each one the site exports.
    for (const expression of expressions) expect(metricNamesIn(expression)).not.toEqual([]);
    expect(named.filter((name) => !familyOf(name, families))).toEqual([]);
    // The helper reads names as a scraper would: one the site does not export is caught.
    expect(familyOf(metricNamesIn("rate(id5_no_such_metric_total[5m])")[0] ?? "", families)).toBe(
      undefined,
    );
  });

  it("open no listener with METRICS_PORT=0", async () => {
    const unmeasured = await startInstance("unmeasured", false);
    expect(await get(`${unmeasured.url}/healthz`)).toBe(200);
    expect(await listeningPorts(unmeasured.child.pid as number)).toEqual(
      new Set([unmeasured.port]),
    );
    const log = await readFile(path.join(work, "unmeasured.log"), "utf8");
    expect(log).not.toContain("metrics listening");
    expect(await readFile(path.join(work, "measured.log"), "utf8")).toContain("metrics listening");
  });
});
