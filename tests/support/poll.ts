// Waiting for a state no event announces (a page's content, a log line, a counter): asked
// again and again until it holds, with a deadline and a message naming what was awaited, so
// a slow run fails with the test's words rather than with a bare timeout.

export interface PollOptions {
  /** Generous: what a busy 2-core machine may need, and less than the test's own timeout. */
  timeoutMs: number;
  /** How long to wait between two looks (default 100 ms). */
  intervalMs?: number;
}

/**
 * Asks `check` until it returns something other than undefined or false, and returns that;
 * after the deadline, fails naming `what` (a function may describe the last state seen).
 */
export async function pollUntil<T>(
  what: string | (() => string | Promise<string>),
  check: () => Promise<T | undefined | false> | T | undefined | false,
  { timeoutMs, intervalMs = 100 }: PollOptions,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await check();
    if (result !== undefined && result !== false) return result;
    if (Date.now() > deadline) {
      const described = typeof what === "string" ? what : await what();
      throw new Error(`waited ${timeoutMs} ms in vain for ${described}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** A wait's limit: a fixed time, or one that says what is left when the wait begins. */
export type WaitLimit = number | (() => number);

export const limitOf = (limit: WaitLimit): number =>
  typeof limit === "function" ? limit() : limit;

/**
 * Deadlines for the waits of one test that end before the test's own timeout, so a slow run
 * fails with the wait's message, not a bare timeout, however many waits a test chains: each
 * wait gets the smaller of its own limit and what is left of the test's time, less a margin
 * for failing. `start` (in beforeEach) begins a test's count; before any test, waits get their
 * own limit (hooks have timeouts of their own).
 */
export function testTimeBudget(testTimeoutMs: number, marginMs = 10_000) {
  let end = Number.POSITIVE_INFINITY;
  return {
    start() {
      end = Date.now() + testTimeoutMs - marginMs;
    },
    /** How long a wait of at most `limitMs` may take, begun now. */
    left(limitMs: number): number {
      return Math.max(1, Math.min(limitMs, end - Date.now()));
    },
  };
}
