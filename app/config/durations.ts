/** Durations in milliseconds, the unit of timers and clocks in the code. */
export const SECOND_MS = 1000;
export const HOUR_MS = 60 * 60 * SECOND_MS;
export const DAY_MS = 24 * HOUR_MS;
