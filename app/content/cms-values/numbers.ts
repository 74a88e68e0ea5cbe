// Numbers editors type (widths, counts, orders): finite, within a range the prop allows.
import type { Checked } from "./checked";

/** A finite number within [min, max], whole when `integer`. */
export function checkNumber(
  raw: unknown,
  range: { min: number; max: number; integer?: boolean },
): Checked<number> {
  if (typeof raw !== "number" || !Number.isFinite(raw)) {
    return { problem: `is not a number (${JSON.stringify(raw) ?? String(raw)})` };
  }
  if (raw < range.min || raw > range.max || (range.integer && !Number.isInteger(raw))) {
    return { problem: `is out of range (${raw}): ${range.min} to ${range.max}` };
  }
  return { value: raw };
}
