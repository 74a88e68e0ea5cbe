// What a test learns of a running site server from its log lines, as an operator reads them:
// when the start's catch-up is done and what it found, when the page refresher has written
// again the pages a change touched.
import type { LogFields } from "../../app/logging/logger.server";
import type { LogLine, RecordingLogger } from "./webhook-receiver";

/**
 * The start's reading of the CMS and the re-render of what it found, on a busy machine: the
 * default deadline of caughtUp, pagesRefreshed and changesRefreshed (a test's timeout covers it).
 */
export const CATCH_UP_DEADLINE_MS = 120_000;

function lineSince(lines: LogLine[], since: number, message: string): LogLine | undefined {
  return lines.slice(since).find((line) => line.message === message);
}

/**
 * Resolves once the catch-up after log line `since` is done ("content caught up"), with
 * what it counted: updated, added, deleted, media, schema, tags, refreshed.
 */
export async function caughtUp(
  logs: RecordingLogger,
  since = 0,
  deadlineMs = CATCH_UP_DEADLINE_MS,
): Promise<LogFields> {
  await logs.waitFor(
    (lines) => lineSince(lines, since, "content caught up") !== undefined,
    deadlineMs,
  );
  return (lineSince(logs.lines, since, "content caught up") as LogLine).fields;
}

/**
 * Resolves once the page refresher has finished a round after log line `since` ("pages
 * refreshed": every page queued by then is written again, or retired). Take `since` before
 * what queues the pages.
 */
export async function pagesRefreshed(
  logs: RecordingLogger,
  since: number,
  deadlineMs = CATCH_UP_DEADLINE_MS,
): Promise<LogFields> {
  await logs.waitFor(
    (lines) => lineSince(lines, since, "pages refreshed") !== undefined,
    deadlineMs,
  );
  return (lineSince(logs.lines, since, "pages refreshed") as LogLine).fields;
}

/**
 * Resolves once the pages queued by the content changes logged so far are written again or
 * retired: a round of the refresher ends after the last change that queued pages (at once
 * when none did).
 */
export async function changesRefreshed(logs: RecordingLogger): Promise<void> {
  const lastChange = logs.lines.findLastIndex(
    (line) => line.message === "content changed" && Number(line.fields.refreshing) > 0,
  );
  if (lastChange >= 0) await pagesRefreshed(logs, lastChange);
}

/**
 * Where the site's last answer to `path` came from, as its access line says ("static",
 * "prerendered", "render", "redirect"…): the site must log at level info.
 */
export function answerSource(logs: RecordingLogger, path: string): unknown {
  return logs.lines.findLast((line) => line.message === "request" && line.fields.path === path)
    ?.fields.source;
}
