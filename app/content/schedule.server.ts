// When an entry may be seen: its optional `publish_at` and `unpublish_at` DATE props, read
// from its meta in the site's language. BCMS has no scheduling of its own (its statuses are
// labels), so the window is the site's rule, applied where the public view is made
// (last-public-versions.server.ts) and by the server's scheduler (server/refresh/).
// Pure: no clock of its own, no environment, so content:check and `npm run schedule` use it too.
import type { CmsValueKind } from "./cms-values/checked";
import { checkInstant, checkOffsetMinutes } from "./cms-values/dates";
import { isRec, type Rec } from "./read.server";

export const PUBLISH_AT = "publish_at";
export const UNPUBLISH_AT = "unpublish_at";

/** A time an editor set, as BCMS stores it. */
export interface ScheduledDate {
  /** The instant (ms since the epoch, UTC). */
  at: number;
  /** BCMS's `timezoneOffset`: minutes, positive west of UTC (see `offsetLabel`). */
  timezoneOffset: number;
}

/** An entry's window: shown from `publishAt` (included) until `unpublishAt` (excluded). */
export interface PublicationWindow {
  publishAt?: ScheduledDate;
  unpublishAt?: ScheduledDate;
}

export type WindowReading =
  | { ok: true; window: PublicationWindow }
  | {
      ok: false;
      problem: string;
      window: PublicationWindow;
      /** The kind of the value refused (a date or an offset), and its prop, when one was. */
      refused?: { kind: CmsValueKind; prop: string };
    };

/**
 * One DATE prop: unset (absent, or null, as BCMS gives an optional prop with no value), a
 * usable date, or a problem: BCMS gives `''` for a present-but-empty required DATE and
 * `{timestamp: -1}` for a missing one, and neither is an instant; a timestamp or offset out
 * of range (cms-values/dates.ts) is refused, never passed on to a Date that throws.
 */
function readScheduledDate(
  value: unknown,
  name: string,
): { date?: ScheduledDate; problem?: string; refused?: { kind: CmsValueKind; prop: string } } {
  if (value === undefined || value === null) return {};
  const timestamp = isRec(value) ? value.timestamp : undefined;
  if (typeof timestamp !== "number" || !Number.isFinite(timestamp) || timestamp === -1) {
    return { problem: `${name} has no usable timestamp (${shown(value)})` };
  }
  const at = checkInstant(timestamp);
  if ("problem" in at)
    return { problem: `${name} ${at.problem}`, refused: { kind: "date", prop: name } };
  const offset = checkOffsetMinutes((value as Rec).timezoneOffset);
  if ("problem" in offset) {
    return { problem: `${name} ${offset.problem}`, refused: { kind: "offset", prop: name } };
  }
  return { date: { at: at.value, timezoneOffset: offset.value } };
}

/** A value for a log line: JSON, cut short (an editor's value may be anything). */
function shown(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
}

/** The window of an entry's localised meta, or the problem that makes it unusable. */
export function readWindow(meta: Rec | undefined): WindowReading {
  const publish = readScheduledDate(meta?.[PUBLISH_AT], PUBLISH_AT);
  const unpublish = readScheduledDate(meta?.[UNPUBLISH_AT], UNPUBLISH_AT);
  const window: PublicationWindow = {
    ...(publish.date ? { publishAt: publish.date } : {}),
    ...(unpublish.date ? { unpublishAt: unpublish.date } : {}),
  };
  const problem = publish.problem ?? unpublish.problem;
  const refused = publish.problem ? publish.refused : unpublish.refused;
  if (problem) return { ok: false, problem, window, ...(refused ? { refused } : {}) };
  if (window.publishAt && window.unpublishAt && window.unpublishAt.at <= window.publishAt.at) {
    return {
      ok: false,
      problem: `${UNPUBLISH_AT} (${utcLabel(window.unpublishAt.at)}) is not after ${PUBLISH_AT} (${utcLabel(window.publishAt.at)})`,
      window,
    };
  }
  return { ok: true, window };
}

/** Whether the window includes the instant `now`. */
export function windowIncludes(window: PublicationWindow, now: number): boolean {
  if (window.publishAt && now < window.publishAt.at) return false;
  if (window.unpublishAt && now >= window.unpublishAt.at) return false;
  return true;
}

/** A time the public view of an entry changes: it goes live, or it leaves. */
export interface ScheduledTime {
  entryId: string;
  templateName: string;
  kind: "publish" | "unpublish";
  at: number;
  timezoneOffset: number;
}

/** The times of a window still to come after `now`, for one entry. */
export function timesAfter(
  window: PublicationWindow,
  now: number,
  entry: { entryId: string; templateName: string },
): ScheduledTime[] {
  const times: ScheduledTime[] = [];
  const { publishAt, unpublishAt } = window;
  if (publishAt && publishAt.at > now) times.push({ ...entry, kind: "publish", ...publishAt });
  if (unpublishAt && unpublishAt.at > now) {
    times.push({ ...entry, kind: "unpublish", ...unpublishAt });
  }
  return times;
}

/**
 * What visitors see of one entry at `now`. `current` is the entry as the CMS holds it (in
 * the public status or not), `kept` the window of its last public version when one is
 * recorded. A kept version is shown only while its own window includes now; an entry whose
 * window cannot be read stays as it was (its kept version, or nothing).
 */
export function visibleVersion(
  current: { isPublic: boolean; reading: WindowReading },
  kept: WindowReading | undefined,
  now: number,
): "current" | "kept" | "none" {
  const keptShown = kept?.ok === true && windowIncludes(kept.window, now);
  const fallback = keptShown ? "kept" : "none";
  if (!current.isPublic || !current.reading.ok) return fallback;
  const { window } = current.reading;
  if (windowIncludes(window, now)) return "current";
  // Not live yet: the version visitors had stays until then. Past its end: gone, kept or not.
  if (window.publishAt && now < window.publishAt.at) return fallback;
  return "none";
}

/** An instant in UTC, to the minute when it has no seconds: `2030-01-15 09:00 UTC`. */
export function utcLabel(at: number): string {
  const iso = isoOf(at);
  const seconds = iso.slice(17, 19) === "00" ? "" : iso.slice(16, 19);
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}${seconds} UTC`;
}

/**
 * The same instant at the editor's offset. BCMS's documentation does not give the unit or
 * sign of `timezoneOffset`; its example (`-120` on a European summer date) and its name
 * match JavaScript's `Date.prototype.getTimezoneOffset()`, which the CMS's editor runs in
 * the browser: minutes, positive WEST of UTC. So -120 is UTC+02:00 and local = UTC - offset.
 */
export function offsetLabel(date: ScheduledDate): string {
  const east = -date.timezoneOffset;
  const local = isoOf(date.at + east * 60_000);
  const sign = east < 0 ? "-" : "+";
  const hours = String(Math.floor(Math.abs(east) / 60)).padStart(2, "0");
  const minutes = String(Math.abs(east) % 60).padStart(2, "0");
  return `${local.slice(0, 10)} ${local.slice(11, 16)} UTC${sign}${hours}:${minutes}`;
}

/** ISO 8601 of an instant; a fixed text for one no Date can hold (never a RangeError). */
function isoOf(at: number): string {
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? "0000-00-00T00:00:00.000Z" : date.toISOString();
}
