// Dates and offsets as the CMS gives them (a DATE prop's `timestamp` and `timezoneOffset`).
import type { CmsValueCheck } from "./checked";

/**
 * The instants the site takes: from the epoch to the end of the year 9999. Everything a
 * `Date` can print lies inside (±8.64e15 ms); an editor's typo such as 1e300 does not.
 */
export const LATEST_INSTANT = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** ISO 8601 offsets run to ±18 hours; no place on Earth uses more than 14. In minutes. */
export const MAX_OFFSET_MINUTES = 18 * 60;

/** A DATE's `timestamp`: a whole number of milliseconds since the epoch, up to LATEST_INSTANT. */
export const checkInstant: CmsValueCheck<number> = (raw) => {
  if (typeof raw !== "number" || !Number.isFinite(raw)) {
    return { problem: `is not a number of milliseconds (${JSON.stringify(raw) ?? String(raw)})` };
  }
  if (raw < 0 || raw > LATEST_INSTANT || !Number.isInteger(raw)) {
    return { problem: `is out of range (${raw}): not an instant from 1970 to 9999` };
  }
  return { value: raw };
};

/** A DATE's `timezoneOffset`: whole minutes within ±18 hours; absent is UTC. */
export const checkOffsetMinutes: CmsValueCheck<number> = (raw) => {
  if (raw === undefined || raw === null) return { value: 0 };
  if (typeof raw !== "number" || !Number.isInteger(raw) || Math.abs(raw) > MAX_OFFSET_MINUTES) {
    return {
      problem: `timezoneOffset is out of range (${JSON.stringify(raw) ?? String(raw)}): whole minutes within ±${MAX_OFFSET_MINUTES}`,
    };
  }
  return { value: raw };
};
