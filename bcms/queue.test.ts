import { describe, expect, it } from "vitest";
import { createQueue, QUEUE_ITEM_CANCELED_MESSAGE, QueueCanceledError } from "./queue";

function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((res) => {
    resolve = res;
  });
  return { promise, resolve };
}

describe("request queue", () => {
  it("uses the exact cancellation message", () => {
    expect(QUEUE_ITEM_CANCELED_MESSAGE).toBe("Queue item has been canceled by user");
  });

  it("runs at most `concurrency` tasks, in FIFO order", async () => {
    const queue = createQueue({ concurrency: 2 });
    const gates = [deferred<string>(), deferred<string>(), deferred<string>()];
    const started: number[] = [];
    const handles = gates.map((gate, index) =>
      queue.enqueue(() => {
        started.push(index);
        return gate.promise;
      }),
    );
    expect(started).toEqual([0, 1]);
    expect(queue.waiting).toBe(1);
    gates[0]?.resolve("a");
    expect(await handles[0]?.promise).toBe("a");
    expect(started).toEqual([0, 1, 2]);
    gates[1]?.resolve("b");
    gates[2]?.resolve("c");
    expect(await Promise.all(handles.map((handle) => handle.promise))).toEqual(["a", "b", "c"]);
    expect(queue.running).toBe(0);
  });

  it("cancels a waiting item: it never runs and fails with the message", async () => {
    const queue = createQueue({ concurrency: 1 });
    const gate = deferred<void>();
    queue.enqueue(() => gate.promise);
    let ran = false;
    const handle = queue.enqueue(async () => {
      ran = true;
    });
    // Queued behind the canceled item: once it has run, the canceled one had its turn.
    const behind = queue.enqueue(async () => {});
    handle.cancel();
    await expect(handle.promise).rejects.toThrow(QUEUE_ITEM_CANCELED_MESSAGE);
    await expect(handle.promise).rejects.toBeInstanceOf(QueueCanceledError);
    gate.resolve();
    await behind.promise;
    expect(ran).toBe(false);
    expect(queue.waiting).toBe(0);
  });

  it("cancels a running item: its signal aborts and the next item starts", async () => {
    const queue = createQueue({ concurrency: 1 });
    let aborted = false;
    const running = queue.enqueue(
      (signal) =>
        new Promise<void>(() => {
          signal.addEventListener("abort", () => {
            aborted = true;
          });
        }),
    );
    const next = queue.enqueue(async () => "next");
    running.cancel();
    await expect(running.promise).rejects.toThrow("Queue item has been canceled by user");
    expect(aborted).toBe(true);
    expect(await next.promise).toBe("next");
  });

  it("cancels through an AbortSignal, also one aborted before enqueueing", async () => {
    const queue = createQueue({ concurrency: 1 });
    const gate = deferred<void>();
    queue.enqueue(() => gate.promise);
    const controller = new AbortController();
    const handle = queue.enqueue(async () => "never", { signal: controller.signal });
    controller.abort();
    await expect(handle.promise).rejects.toThrow(QUEUE_ITEM_CANCELED_MESSAGE);
    const early = queue.enqueue(async () => "never", { signal: AbortSignal.abort() });
    await expect(early.promise).rejects.toThrow(QUEUE_ITEM_CANCELED_MESSAGE);
    gate.resolve();
  });

  it("cancelAll cancels waiting and running items; a later cancel is a no-op", async () => {
    const queue = createQueue({ concurrency: 1 });
    const first = queue.enqueue(() => new Promise<void>(() => {}));
    const second = queue.enqueue(async () => {});
    queue.cancelAll();
    await expect(first.promise).rejects.toThrow(QUEUE_ITEM_CANCELED_MESSAGE);
    await expect(second.promise).rejects.toThrow(QUEUE_ITEM_CANCELED_MESSAGE);
    first.cancel();
    expect(queue.running).toBe(0);
    expect(queue.waiting).toBe(0);
  });

  it("passes task failures through and keeps going", async () => {
    const queue = createQueue({ concurrency: 1 });
    const failing = queue.enqueue(() => {
      throw new Error("sync boom");
    });
    const rejecting = queue.enqueue(() => Promise.reject(new Error("async boom")));
    const fine = queue.enqueue(async () => 1);
    await expect(failing.promise).rejects.toThrow("sync boom");
    await expect(rejecting.promise).rejects.toThrow("async boom");
    expect(await fine.promise).toBe(1);
  });
});
