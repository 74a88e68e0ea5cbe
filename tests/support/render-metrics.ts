// A site's renders as its metrics tell them (server/metrics/site-metrics.ts), read from this
// process's registry as a scrape reads them: a test counts the renders of a site it started
// through what an operator sees, not through a hook into the server.
import { registry } from "../../server/metrics/site-metrics";
import { parseSamples, sumOf } from "./prometheus-text";

export interface RenderFigures {
  /** Visitors' renders (pages and forms' actions) admitted since this process started. */
  admitted: number;
  /** Admitted renders not finished yet. */
  running: number;
  /** Renders waiting for their turn. */
  waiting: number;
  /** Renders refused and answered with an older version. */
  answeredStale: number;
  /** Renders refused with a 503. */
  refused: number;
}

export async function renderFigures(): Promise<RenderFigures> {
  const samples = parseSamples(await registry.metrics());
  const admissions = (outcome: string) =>
    sumOf(samples, "id5_render_admissions_total", { outcome });
  const admitted = admissions("admitted");
  return {
    admitted,
    running: admitted - sumOf(samples, "id5_render_duration_seconds_count"),
    waiting: sumOf(samples, "id5_render_queue_length"),
    answeredStale: admissions("stale"),
    refused: admissions("refused"),
  };
}
