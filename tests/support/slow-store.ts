// A submission store that is slow on purpose, for the outbox's lease tests: it holds every
// recorded outcome (and, if asked, every lease extension) until the test lets them through,
// and keeps a log of the outbox's claims so a test can wait until the outbox has had its
// chance to claim again.
import type { ClaimedSubmission, SubmissionStore } from "../../server/store/store";
import { listWaiters } from "./webhook-receiver";

export interface ClaimCall {
  /** The outbox's clock at the claim. */
  now: number;
  /** The ids the outbox said it had in flight. */
  inFlight: readonly string[];
  claimed: ClaimedSubmission[];
}

export interface SlowStore {
  submissions: SubmissionStore;
  claims: ClaimCall[];
  /** Resolves once `condition` holds for the claims made so far. */
  waitForClaims(condition: (claims: ClaimCall[]) => boolean, timeoutMs?: number): Promise<void>;
  /** Lets every held call (and every later one) through. */
  release(): void;
}

export function slowStore(
  store: SubmissionStore,
  { holdExtensions }: { holdExtensions: boolean },
): SlowStore {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const claims: ClaimCall[] = [];
  const waiters = listWaiters(claims);
  const submissions: SubmissionStore = {
    insert: (...args) => store.insert(...args),
    due: (...args) => store.due(...args),
    async claimDue(now, limit, leaseUntil, inFlight = []) {
      const claimed = await store.claimDue(now, limit, leaseUntil, inFlight);
      claims.push({ now, inFlight: [...inFlight], claimed });
      waiters.changed();
      return claimed;
    },
    async extendLease(...args) {
      if (holdExtensions) await released;
      return store.extendLease(...args);
    },
    nextDueAt: () => store.nextDueAt(),
    waiting: () => store.waiting(),
    async markDelivered(...args) {
      await released;
      return store.markDelivered(...args);
    },
    async markRetry(...args) {
      await released;
      return store.markRetry(...args);
    },
    async markDead(...args) {
      await released;
      return store.markDead(...args);
    },
    get: (...args) => store.get(...args),
    list: (...args) => store.list(...args),
    retry: (...args) => store.retry(...args),
    retryDead: (...args) => store.retryDead(...args),
    purge: (...args) => store.purge(...args),
  };
  return {
    submissions,
    claims,
    waitForClaims(condition, timeoutMs = 20_000) {
      return waiters.waitFor(
        condition,
        timeoutMs,
        () => `the outbox did not claim as expected (${claims.length} claims)`,
      );
    },
    release,
  };
}
