// A FIFO task queue with a concurrency limit and cancellation. The HTTP client runs every request
// through it so a burst of calls (prerendering) cannot open hundreds of sockets to the CMS.
import { QUEUE_ITEM_CANCELED_MESSAGE } from "./errors";

export { QUEUE_ITEM_CANCELED_MESSAGE };

/** Rejection of a cancelled item, with QUEUE_ITEM_CANCELED_MESSAGE. */
export class QueueCanceledError extends Error {
  constructor() {
    super(QUEUE_ITEM_CANCELED_MESSAGE);
    this.name = "QueueCanceledError";
  }
}

/** A task receives a signal that aborts when its item is cancelled while running. */
export type QueueTask<T> = (signal: AbortSignal) => Promise<T>;

export interface QueueHandle<T> {
  readonly promise: Promise<T>;
  /** Waiting: removed from the queue. Running: its signal aborts. Either way it rejects. */
  cancel(): void;
}

export interface EnqueueOptions {
  /** Aborting this signal cancels the item, like cancel(). */
  signal?: AbortSignal;
}

export interface Queue {
  enqueue<T>(task: QueueTask<T>, options?: EnqueueOptions): QueueHandle<T>;
  /** Cancels every waiting and running item (used when the client closes). */
  cancelAll(): void;
  readonly waiting: number;
  readonly running: number;
}

interface Item {
  start(): void;
  cancel(): void;
}

export function createQueue(options: { concurrency: number }): Queue {
  const concurrency = Math.max(1, Math.floor(options.concurrency));
  const waiting: Item[] = [];
  const running = new Set<Item>();

  function pump(): void {
    while (running.size < concurrency) {
      const next = waiting.shift();
      if (!next) return;
      next.start();
    }
  }

  function enqueue<T>(task: QueueTask<T>, enqueueOptions: EnqueueOptions = {}): QueueHandle<T> {
    const controller = new AbortController();
    let settled = false;
    let resolvePromise: (value: T) => void = () => {};
    let rejectPromise: (reason: unknown) => void = () => {};
    const promise = new Promise<T>((resolve, reject) => {
      resolvePromise = resolve;
      rejectPromise = reject;
    });
    const callerSignal = enqueueOptions.signal;

    function finish(): void {
      settled = true;
      callerSignal?.removeEventListener("abort", cancel);
      if (running.delete(item)) pump();
    }

    function cancel(): void {
      if (settled) return;
      const index = waiting.indexOf(item);
      if (index !== -1) waiting.splice(index, 1);
      controller.abort(new QueueCanceledError());
      finish();
      rejectPromise(new QueueCanceledError());
    }

    const item: Item = {
      start() {
        running.add(item);
        let result: Promise<T>;
        try {
          result = task(controller.signal);
        } catch (error) {
          result = Promise.reject(error);
        }
        result.then(
          (value) => {
            if (settled) return;
            finish();
            resolvePromise(value);
          },
          (error: unknown) => {
            if (settled) return;
            finish();
            rejectPromise(error);
          },
        );
      },
      cancel,
    };

    if (callerSignal?.aborted) {
      settled = true;
      rejectPromise(new QueueCanceledError());
      return { promise, cancel: () => {} };
    }
    callerSignal?.addEventListener("abort", cancel, { once: true });
    waiting.push(item);
    pump();
    return { promise, cancel };
  }

  return {
    enqueue,
    cancelAll() {
      for (const item of [...waiting, ...running]) item.cancel();
    },
    get waiting() {
      return waiting.length;
    },
    get running() {
      return running.size;
    },
  };
}
