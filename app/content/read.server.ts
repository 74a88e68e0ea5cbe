// Small readers for parsed BCMS values: responses are parsed, never cast. Each returns
// undefined (or an empty list) for anything of the wrong shape.

import { isRecord } from "../../bcms/is-record";

export type Rec = Record<string, unknown>;

/** The library's plain-object check, under the content layer's short name. */
export const isRec: (value: unknown) => value is Rec = isRecord;

export function readString(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}

export function readNumber(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

export function readBoolean(value: unknown): boolean {
  return value === true;
}

export function readList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  return value === null || value === undefined ? [] : [value];
}

export function readRecords(value: unknown): Rec[] {
  return readList(value).filter(isRec);
}

/** A BCMS DATE value ({timestamp, timezoneOffset}); -1 and non-numbers mean "no date". */
export function readDate(value: unknown): Date | undefined {
  if (!isRec(value)) return undefined;
  const ts = readNumber(value.timestamp);
  if (ts === undefined || ts < 0) return undefined;
  return new Date(ts);
}

const DATE_LABEL = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** An instant as ISO 8601 in UTC, whole seconds: `2026-03-12T09:30:00Z`. */
export function isoDateTime(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** The newest of some isoDateTime values (one format, in UTC: they sort as text). */
export function newestOf(times: Iterable<string | undefined>): string | undefined {
  let newest: string | undefined;
  for (const time of times) if (time && (newest === undefined || time > newest)) newest = time;
  return newest;
}

export function dateLabel(date: Date): string {
  return DATE_LABEL.format(date);
}

/** Parsed RICH_TEXT: `{nodes: items}`; BCMS gives `[]` for an empty required one. */
export function readRichItems(value: unknown): unknown[] {
  if (isRec(value) && Array.isArray(value.nodes)) return value.nodes;
  return [];
}

/** The id of the entry an ENTRY_POINTER value points at (parsed, raw, or an array of them). */
export function pointedEntryId(value: unknown): string | undefined {
  const item = Array.isArray(value) ? value[0] : value;
  if (!isRec(item)) return undefined;
  return readString(item._id) ?? readString(item.eid);
}
