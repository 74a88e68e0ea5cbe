// Every metric the site exports, in one registry per process (decision 0020). Other modules
// report through the named functions below and never build a metric's name or labels
// themselves; what a label may hold is bounded here (no path, query, client address or
// submission id ever becomes a label value). HTTP metrics follow OpenTelemetry's HTTP
// semantic conventions as exported to Prometheus; the site's own carry the `id5_` prefix.
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

export const registry = new Registry();
collectDefaultMetrics({ register: registry });

/** OpenTelemetry's buckets for `http.server.request.duration` (seconds). */
const HTTP_DURATION_BUCKETS = [
  0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10,
];
/** From a blink to the minutes a publish may take on a busy instance (seconds). */
const LAG_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];
/** Database and CRM calls: milliseconds to their timeouts (seconds). */
const CALL_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** The methods the conventions name; any other is `_OTHER`. */
const KNOWN_METHODS = new Set([
  "GET",
  "HEAD",
  "POST",
  "PUT",
  "DELETE",
  "CONNECT",
  "OPTIONS",
  "TRACE",
  "PATCH",
]);
export const OTHER_METHOD = "_OTHER";

/** `http_route` of a file of the client build (no route of the app answers it). */
export const FILE_ROUTE = "_file";
/** `http_route` when no route of the app matched (no route pattern, or no build to ask). */
export const OTHER_ROUTE = "_other";

/**
 * `id5_answer`: how the answer was made. Keys are the access line's sources
 * (request-pipeline.ts); a render of a POST is a form's action.
 */
const ANSWER_OF_SOURCE: Record<string, string> = {
  static: "file",
  prerendered: "prerendered",
  render: "render",
  cache: "render_cache",
  stale: "stale",
  "not-found": "spliced_404",
  redirect: "redirect",
  preview: "preview",
  health: "health",
  report: "csp_report",
  refused: "refused",
  error: "error",
};

export function answerOf(source: string | undefined, method: string): string {
  const answer = (source && ANSWER_OF_SOURCE[source]) || "error";
  return answer === "render" && method !== "GET" && method !== "HEAD" ? "form" : answer;
}

export function methodLabel(method: string | undefined): string {
  return method && KNOWN_METHODS.has(method) ? method : OTHER_METHOD;
}

const requestDuration = new Histogram({
  name: "http_server_request_duration_seconds",
  help: "Duration of HTTP server requests.",
  labelNames: ["http_request_method", "http_response_status_code", "http_route", "id5_answer"],
  buckets: HTTP_DURATION_BUCKETS,
  registers: [registry],
});
const activeRequests = new Gauge({
  name: "http_server_active_requests",
  help: "Number of active HTTP server requests.",
  labelNames: ["http_request_method"],
  registers: [registry],
});

/** What a request's time is recorded into, bound once to its labels. */
export interface RequestTimer {
  observe(seconds: number): void;
}

/** The HTTP metrics, as the request pipeline, the fast path and the listener record them. */
export const requestMetrics = {
  /** A timer for answers of these labels: bound once, observed for every request. */
  timer(method: string, status: number, route: string, answer: string): RequestTimer {
    return requestDuration.labels(methodLabel(method), String(status), route, answer);
  },
  answered(method: string, status: number, route: string, answer: string, seconds: number) {
    requestDuration.labels(methodLabel(method), String(status), route, answer).observe(seconds);
  },
  /** A request began (the full pipeline's; the fast path answers within one call). */
  began(method: string | undefined): () => void {
    const gauge = activeRequests.labels(methodLabel(method));
    gauge.inc();
    return () => gauge.dec();
  },
};

// --- Renders -------------------------------------------------------------------------

const renderAdmissions = new Counter({
  name: "id5_render_admissions_total",
  help: "Renders asked for: admitted, refused and answered stale, or refused (503).",
  labelNames: ["outcome"],
  registers: [registry],
});
const renderWait = new Histogram({
  name: "id5_render_queue_wait_seconds",
  help: "Time a render waited for its turn.",
  buckets: HTTP_DURATION_BUCKETS,
  registers: [registry],
});
const renderDuration = new Histogram({
  name: "id5_render_duration_seconds",
  help: "Time a render took, once admitted.",
  buckets: HTTP_DURATION_BUCKETS,
  registers: [registry],
});
const renderThreadRestarts = new Counter({
  name: "id5_render_thread_restarts_total",
  help: "Times the render thread stopped and was started again.",
  registers: [registry],
});
const renderThreadHeap = new Gauge({
  name: "id5_render_thread_heap_bytes",
  help: "The render thread's V8 heap, as it last reported it.",
  labelNames: ["kind"],
  registers: [registry],
});

/** Where gauges read at scrape time take their values (the running server sets them). */
interface Sources {
  renderQueue?: () => number;
  catchUpRunning?: () => boolean;
  buildTime?: () => number | undefined;
  outbox?: () => Promise<OutboxState>;
}
let sources: Sources = {};

export function readGaugesFrom(given: Sources): () => void {
  sources = { ...sources, ...given };
  return () => {
    for (const key of Object.keys(given) as (keyof Sources)[]) {
      if (sources[key] === given[key]) delete sources[key];
    }
  };
}

new Gauge({
  name: "id5_render_queue_length",
  help: "Renders waiting for their turn.",
  registers: [registry],
  collect() {
    this.set(sources.renderQueue?.() ?? 0);
  },
});

export const renderMetrics = {
  admitted(waitedSeconds: number) {
    renderAdmissions.labels("admitted").inc();
    renderWait.observe(waitedSeconds);
  },
  refused(answeredStale: boolean) {
    renderAdmissions.labels(answeredStale ? "stale" : "refused").inc();
  },
  rendered(seconds: number) {
    renderDuration.observe(seconds);
  },
  threadRestarted() {
    renderThreadRestarts.inc();
  },
  threadHeap(used: number, total: number) {
    renderThreadHeap.labels("used").set(used);
    renderThreadHeap.labels("total").set(total);
  },
};

// --- Content ---------------------------------------------------------------------------

const socketConnected = new Gauge({
  name: "id5_cms_socket_connected",
  help: "1 while the CMS socket is open, else 0.",
  registers: [registry],
});
const socketReconnects = new Counter({
  name: "id5_cms_socket_reconnects_total",
  help: "Times the CMS socket opened again after it was down.",
  registers: [registry],
});
const contentEvents = new Counter({
  name: "id5_content_events_total",
  help: "Content changes applied: from a CMS event, found by a catch-up, or a scheduled time.",
  labelNames: ["reason"],
  registers: [registry],
});
const pagesRewritten = new Counter({
  name: "id5_pages_rewritten_total",
  help: "Prerendered files written again after a content change.",
  registers: [registry],
});
const publishLag = new Histogram({
  name: "id5_publish_lag_seconds",
  help: "From a CMS event (or a scheduled time) reaching the site to its pages written, its redirects answering, its sitemap written, and its CDN purge sent.",
  labelNames: ["stage"],
  buckets: LAG_BUCKETS,
  registers: [registry],
});
const catchUpDuration = new Histogram({
  name: "id5_content_catch_up_duration_seconds",
  help: "How long a catch-up took (reading the CMS's versions to its pages written).",
  buckets: LAG_BUCKETS,
  registers: [registry],
});
new Gauge({
  name: "id5_content_catch_up_running",
  help: "1 while a catch-up runs, else 0.",
  registers: [registry],
  collect() {
    this.set(sources.catchUpRunning?.() ? 1 : 0);
  },
});
new Gauge({
  name: "id5_build_age_seconds",
  help: "Time since the build being served was made.",
  registers: [registry],
  collect() {
    const made = sources.buildTime?.();
    if (made !== undefined) this.set((Date.now() - made) / 1000);
  },
});

const valuesRefused = new Counter({
  name: "id5_cms_values_refused_total",
  help: "Values from the CMS refused by their check (the entry left as it was), by kind.",
  labelNames: ["kind"],
  registers: [registry],
});

let socketWasOpen = false;

export const contentMetrics = {
  socketOpen() {
    if (socketWasOpen) socketReconnects.inc();
    socketWasOpen = true;
    socketConnected.set(1);
  },
  socketDown() {
    socketConnected.set(0);
  },
  changeApplied(reason: "event" | "catch-up" | "schedule") {
    contentEvents.labels(reason).inc();
  },
  pagesRewritten(count: number) {
    pagesRewritten.inc(count);
  },
  /** `receivedAt`: when the event reached the site (Date.now() of the thread that saw it). */
  published(
    stage: "page_written" | "redirects_live" | "sitemap_written" | "purge_sent",
    receivedAt: number,
  ) {
    publishLag.labels(stage).observe(Math.max(0, Date.now() - receivedAt) / 1000);
  },
  caughtUp(seconds: number) {
    catchUpDuration.observe(seconds);
  },
  /** `kind`: one of the few kinds of cms-values/checked.ts, never the value itself. */
  valueRefused(kind: string) {
    valuesRefused.labels(kind).inc();
  },
};

// --- Forms -----------------------------------------------------------------------------

/** What a submission came to. */
export type SubmissionOutcome = "accepted" | "spam" | "rate_limited" | "refused";
/** How one delivery attempt to the CRM ended, as the metric labels it (delivery.ts has the whole outcome). */
export type DeliveryAttemptLabel = "delivered" | "refused" | "failed";

export interface OutboxState {
  depth: number;
  /** Seconds since the oldest undelivered submission was stored; 0 when none waits. */
  oldestAgeSeconds: number;
}

const submissions = new Counter({
  name: "id5_form_submissions_total",
  help: "Form submissions, by form and outcome.",
  labelNames: ["form", "outcome"],
  registers: [registry],
});
const deliveries = new Counter({
  name: "id5_form_deliveries_total",
  help: "Delivery attempts to the CRM, by outcome.",
  labelNames: ["outcome"],
  registers: [registry],
});
const deliveryDuration = new Histogram({
  name: "id5_form_delivery_duration_seconds",
  help: "Time one delivery attempt to the CRM took.",
  buckets: CALL_BUCKETS,
  registers: [registry],
});
const deadLetters = new Counter({
  name: "id5_form_dead_letters_total",
  help: "Submissions given up on (dead-lettered).",
  registers: [registry],
});

/** A scrape waits this long for the outbox's figures, then reports what it had. */
const OUTBOX_READ_TIMEOUT_MS = 1_000;
let lastOutbox: OutboxState | undefined;

async function readOutbox(): Promise<OutboxState | undefined> {
  const read = sources.outbox;
  if (!read) return undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), OUTBOX_READ_TIMEOUT_MS);
  });
  try {
    const state = await Promise.race([read().catch(() => undefined), timeout]);
    if (state) lastOutbox = state;
    return state ?? lastOutbox;
  } finally {
    clearTimeout(timer);
  }
}

new Gauge({
  name: "id5_form_outbox_depth",
  help: "Submissions waiting for delivery to the CRM.",
  registers: [registry],
  async collect() {
    const state = await readOutbox();
    if (state) this.set(state.depth);
  },
});
new Gauge({
  name: "id5_form_outbox_oldest_age_seconds",
  help: "Age of the oldest submission not yet delivered (0: none waits).",
  registers: [registry],
  async collect() {
    // The depth's collect read it a moment ago in the same scrape.
    const state = lastOutbox ?? (await readOutbox());
    if (state) this.set(state.oldestAgeSeconds);
  },
});

/** Form names are the site's own (app/forms/); anything else is one bounded value. */
const FORM_NAME = /^[a-z][a-z0-9-]{0,31}$/;

export const formMetrics = {
  submitted(form: string, outcome: SubmissionOutcome) {
    submissions.labels(FORM_NAME.test(form) ? form : "_other", outcome).inc();
  },
  attempted(outcome: DeliveryAttemptLabel, seconds: number) {
    deliveries.labels(outcome).inc();
    deliveryDuration.observe(seconds);
  },
  deadLettered() {
    deadLetters.inc();
  },
};

// --- Store -----------------------------------------------------------------------------

const storeQueryDuration = new Histogram({
  name: "id5_store_query_duration_seconds",
  help: "Time a call to the site's store took.",
  buckets: CALL_BUCKETS,
  registers: [registry],
});
const storeQueryErrors = new Counter({
  name: "id5_store_query_errors_total",
  help: "Calls to the site's store that failed.",
  registers: [registry],
});
const storeReachable = new Gauge({
  name: "id5_store_reachable",
  help: "1 while the last call to the store succeeded, else 0.",
  registers: [registry],
});

export const storeMetrics = {
  async timed<T>(call: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      const result = await call();
      storeReachable.set(1);
      return result;
    } catch (error) {
      storeQueryErrors.inc();
      storeReachable.set(0);
      throw error;
    } finally {
      storeQueryDuration.observe((performance.now() - started) / 1000);
    }
  },
};

export async function metricsExposition(): Promise<{ contentType: string; body: string }> {
  return { contentType: registry.contentType, body: await registry.metrics() };
}
