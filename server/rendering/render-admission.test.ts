import { afterEach, describe, expect, it, vi } from "vitest";
import { type Admission, RenderAdmission, type RenderAdmissionOptions } from "./render-admission";
import { GiveWayToVisitors } from "./visitor-traffic";

const options = (overrides: Partial<RenderAdmissionOptions> = {}): RenderAdmissionOptions => ({
  concurrency: 1,
  maxWaiting: 8,
  perClient: 3,
  maxWaitMs: 1000,
  submissionMaxWaitMs: 10_000,
  overShareDelayMs: 100,
  ...overrides,
});

const release = (admission: Admission | undefined) => {
  if (!admission) throw new Error("no admission");
  if (!admission.admitted) throw new Error(`refused: ${admission.reason}`);
  admission.release();
};

afterEach(() => vi.useRealTimers());

describe("RenderAdmission", () => {
  it("admits up to its concurrency at once, then takes clients in turn", async () => {
    const gate = new RenderAdmission(options());
    const first = await gate.enter("flood");
    const order: string[] = [];
    const enter = async (client: string, name: string) => {
      const admission = await gate.enter(client);
      order.push(name);
      return admission;
    };
    const waiting = [
      enter("flood", "flood-1"),
      enter("flood", "flood-2"),
      enter("visitor", "visitor"),
    ];
    expect(gate.load).toEqual({ running: 1, waiting: 3 });
    release(first);
    release(await waiting[0]);
    release(await waiting[2]);
    release(await waiting[1]);
    expect(order).toEqual(["flood-1", "visitor", "flood-2"]);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it("refuses at once past a client's share or the whole queue", async () => {
    const gate = new RenderAdmission(options({ perClient: 2, maxWaiting: 3 }));
    const running = await gate.enter("a");
    const queued = [gate.enter("a"), gate.enter("a")];
    expect(await gate.enter("a")).toEqual({ admitted: false, reason: "over-share" });
    queued.push(gate.enter("b"));
    expect(await gate.enter("c")).toEqual({ admitted: false, reason: "full" });
    release(running);
    // In turn: a, then b, then a again.
    for (const index of [0, 2, 1]) release(await (queued[index] as Promise<Admission>));
  });

  it("refuses a render that waited too long", async () => {
    vi.useFakeTimers();
    const gate = new RenderAdmission(options({ maxWaitMs: 500 }));
    const running = await gate.enter("a");
    const waiting = gate.enter("b");
    vi.advanceTimersByTime(501);
    expect(await waiting).toEqual({ admitted: false, reason: "waited" });
    expect(gate.load.waiting).toBe(0);
    release(running);
  });

  it("lets a form submission wait longer than a page before it is refused", async () => {
    vi.useFakeTimers();
    const gate = new RenderAdmission(options({ maxWaitMs: 500, submissionMaxWaitMs: 5000 }));
    const running = await gate.enter("a");
    const page = gate.enter("b");
    const submission = gate.enter("c", "submission");
    vi.advanceTimersByTime(501);
    expect(await page).toEqual({ admitted: false, reason: "waited" });
    expect(gate.load.waiting).toBe(1);
    release(running);
    release(await submission);
    const blocking = await gate.enter("d");
    const stuck = gate.enter("e", "submission");
    vi.advanceTimersByTime(4999);
    expect(gate.load.waiting).toBe(1);
    vi.advanceTimersByTime(2);
    expect(await stuck).toEqual({ admitted: false, reason: "waited" });
    release(blocking);
  });

  it("while visitors keep the server busy, runs one render at a time with pauses between", async () => {
    vi.useFakeTimers();
    let clock = 0;
    const gate = new RenderAdmission(
      options({
        concurrency: 4,
        pacing: new GiveWayToVisitors(() => true, 0.25),
        now: () => clock,
      }),
    );
    const first = await gate.enter("a");
    let admitted = false;
    const second = gate.enter("b").then((a) => {
      admitted = true;
      return a;
    });
    clock += 10; // the first render took 10 ms
    release(first);
    await Promise.resolve();
    expect(admitted).toBe(false);
    vi.advanceTimersByTime(29); // 10 · (1 - 0.25) / 0.25 = 30 ms
    await Promise.resolve();
    expect(admitted).toBe(false);
    vi.advanceTimersByTime(2);
    release(await second);
    expect(admitted).toBe(true);
  });

  it("refuses what waits when it closes", async () => {
    const gate = new RenderAdmission(options());
    const running = await gate.enter("a");
    const waiting = gate.enter("b");
    gate.close();
    expect(await waiting).toEqual({ admitted: false, reason: "full" });
    release(running);
  });
});
