// Which renders may run, and when, on the render thread beside the thread that answers files:
//   - at most `concurrency` at once (more adds memory, not throughput);
//   - the others wait in one queue per client, served in turn, so one client's flood waits
//     behind itself, not in front of everyone else;
//   - past `perClient` or `maxWaiting` waiting, or `maxWaitMs` (longer for a form sent: its
//     visitor waits rather than loses it), a render is refused at once (the caller answers an
//     older version, or 503); a client past its own share has that answer held first, so its
//     flood costs its own time, not the thread's (each answer it gets, it asks again at once);
//   - while visitors are being served, renders run one at a time (visitor-traffic.ts).

import type { Pacing } from "./visitor-traffic";

export interface RenderAdmissionOptions {
  concurrency: number;
  maxWaiting: number;
  perClient: number;
  maxWaitMs: number;
  /** How long a form submission may wait: longer, since a refusal would lose what was typed. */
  submissionMaxWaitMs: number;
  /** How renders give way to visitors (server/rendering/visitor-traffic.ts). */
  pacing?: Pacing;
  /** How long a refusal is held for a client past its own share. */
  overShareDelayMs: number;
  now?: () => number;
}

/** Renders at once: one thread gains nothing from more, and each holds its page in memory. */
export const RENDER_CONCURRENCY = 4;
export const DEFAULT_ADMISSION: RenderAdmissionOptions = {
  concurrency: RENDER_CONCURRENCY,
  // Enough to absorb a burst of real visitors (a page published, a newsletter sent)
  // while a queue drains within the wait limit (renders take ~5-20 ms each).
  maxWaiting: 32,
  perClient: 4,
  // Well under the 2 s a visitor should ever wait for an answer.
  maxWaitMs: 1000,
  // A sent form is rare (rate-limited per client) and worth far more than a page view: it
  // waits out a busy thread as long as a browser comfortably waits for an answer.
  submissionMaxWaitMs: 15_000,
  // Four answers a second per connection at most: a browser never has that many renders of
  // one site waiting; a flood's fifty connections then ask 200 times a second, not 50,000.
  // (Measured in paired runs of the render flood: 250 ms kept visitors at 0.77-0.82x of
  // their idle rate with a p99 of 7.6-8.2 ms, 100 ms at 0.70-0.74x and 9.1-12.5 ms.)
  overShareDelayMs: 250,
};

export type Refusal = "over-share" | "full" | "waited";

interface Waiter {
  client: string;
  admit: (release: () => void) => void;
  refuse: (reason: Refusal) => void;
  timer: ReturnType<typeof setTimeout>;
}

export type Admission =
  | { admitted: true; release: () => void }
  | { admitted: false; reason: Refusal };

export class RenderAdmission {
  private running = 0;
  private waitingCount = 0;
  /** Waiting renders per client; the map's order is the turn order. */
  private readonly queues = new Map<string, Waiter[]>();
  private paused?: ReturnType<typeof setTimeout>;
  private readonly now: () => number;

  constructor(private readonly options: RenderAdmissionOptions) {
    this.now = options.now ?? (() => performance.now());
  }

  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waitingCount };
  }

  /** Waits for a turn; resolves refused at once when the queues are full. */
  enter(client: string, kind: "page" | "submission" = "page"): Promise<Admission> {
    if (this.waitingCount === 0 && !this.paused && this.running < this.limit()) {
      return Promise.resolve({ admitted: true, release: this.releaser() });
    }
    const queue = this.queues.get(client);
    if ((queue?.length ?? 0) >= this.options.perClient) {
      return Promise.resolve({ admitted: false, reason: "over-share" });
    }
    if (this.waitingCount >= this.options.maxWaiting) {
      return Promise.resolve({ admitted: false, reason: "full" });
    }
    return new Promise<Admission>((resolve) => {
      const waiter: Waiter = {
        client,
        admit: (release) => resolve({ admitted: true, release }),
        refuse: (reason) => resolve({ admitted: false, reason }),
        timer: setTimeout(
          () => this.drop(waiter),
          kind === "submission" ? this.options.submissionMaxWaitMs : this.options.maxWaitMs,
        ),
      };
      waiter.timer.unref?.();
      if (queue) queue.push(waiter);
      else this.queues.set(client, [waiter]);
      this.waitingCount += 1;
    });
  }

  /** Holds a refusal of a client past its own share (see the top of this file). */
  holdOverShare(): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, this.options.overShareDelayMs).unref?.());
  }

  close(): void {
    if (this.paused) clearTimeout(this.paused);
    this.paused = undefined;
    for (const queue of this.queues.values()) {
      for (const waiter of queue) {
        clearTimeout(waiter.timer);
        waiter.refuse("full");
      }
    }
    this.queues.clear();
    this.waitingCount = 0;
  }

  private limit(): number {
    return this.options.pacing?.limit(this.options.concurrency) ?? this.options.concurrency;
  }

  private releaser(): () => void {
    this.running += 1;
    const started = this.now();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running -= 1;
      this.next(this.now() - started);
    };
  }

  private next(took: number): void {
    if (this.paused || this.waitingCount === 0) return;
    const pause = this.options.pacing?.pauseAfter(took) ?? 0;
    if (pause > 0) {
      this.paused = setTimeout(() => {
        this.paused = undefined;
        this.pump();
      }, pause);
      this.paused.unref?.();
      return;
    }
    this.pump();
  }

  private pump(): void {
    while (this.waitingCount > 0 && this.running < this.limit()) {
      const waiter = this.takeNext();
      if (!waiter) return;
      clearTimeout(waiter.timer);
      waiter.admit(this.releaser());
    }
  }

  /** The first waiter of the client whose turn it is; that client goes to the back. */
  private takeNext(): Waiter | undefined {
    for (const [client, queue] of this.queues) {
      const waiter = queue.shift();
      this.queues.delete(client);
      if (queue.length > 0) this.queues.set(client, queue);
      if (waiter) {
        this.waitingCount -= 1;
        return waiter;
      }
    }
    return undefined;
  }

  private drop(waiter: Waiter): void {
    const queue = this.queues.get(waiter.client);
    const index = queue?.indexOf(waiter) ?? -1;
    if (!queue || index < 0) return;
    queue.splice(index, 1);
    if (queue.length === 0) this.queues.delete(waiter.client);
    this.waitingCount -= 1;
    waiter.refuse("waited");
  }
}
