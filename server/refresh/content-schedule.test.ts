import { describe, expect, it } from "vitest";
import {
  type ContentVersions,
  emptyContentVersions,
  type ScheduleRecord,
} from "../../app/content/content-versions";
import { silentLogger } from "../../app/logging/logger.server";
import {
  ContentScheduler,
  LONGEST_TIMER_MS,
  type ScheduledChange,
  scheduledChange,
} from "./content-schedule";

const T = Date.UTC(2030, 2, 4, 1);
type Time = ScheduleRecord["times"][number];

const time = (entryId: string, at: number, kind: Time["kind"] = "publish"): Time => ({
  entryId,
  templateName: "news-article",
  kind,
  at,
  timezoneOffset: 0,
  path: `/news/${entryId}`,
});

function versions(
  readAt: number,
  times: Time[],
  paths: Record<string, string> = {},
): ContentVersions {
  const record = emptyContentVersions();
  for (const [id, path] of Object.entries(paths)) {
    record.entries[id] = { template: "news-article", updatedAt: 1, path, shown: "1" };
  }
  return { ...record, schedule: { readAt, times } };
}

/** A scheduler on a hand-driven clock and timer. */
function harness(read: () => Promise<ContentVersions>) {
  const clock = { now: T - 10_000 };
  const timers: { run: () => void; ms: number }[] = [];
  const applied: ScheduledChange[] = [];
  const recorded: { tags: readonly string[]; versions: ContentVersions }[] = [];
  const scheduler = new ContentScheduler({
    readVersions: read,
    apply: (change) => applied.push(change),
    record: (tags, versions) => recorded.push({ tags, versions }),
    logger: silentLogger,
    now: () => clock.now,
    setTimer: (run, ms) => {
      const timer = { run, ms };
      timers.push(timer);
      return { unref() {} } as unknown as NodeJS.Timeout;
    },
  });
  const last = () => timers.at(-1);
  /** Runs the last timer set and waits for what it started. */
  const fire = async () => {
    last()?.run();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { clock, timers, applied, recorded, scheduler, last, fire };
}

describe("ContentScheduler", () => {
  it("sets its timer on the next time, and applies it when it comes with one change", async () => {
    let next = versions(T, [], { a: "/news/a" });
    const h = harness(async () => next);
    h.scheduler.update(versions(h.clock.now, [time("a", T), time("b", T + 5_000)]));
    expect(h.last()?.ms).toBe(10_000);
    h.clock.now = T + 3;
    next = versions(T + 4, [time("b", T + 5_000)], { a: "/news/a" });
    await h.fire();
    expect(h.applied).toHaveLength(1);
    const [change] = h.applied;
    expect(change?.times.map((t) => t.entryId)).toEqual(["a"]);
    expect(change?.change.addedPaths).toEqual(["/news/a"]);
    expect(change?.change.tags).toEqual([
      "entry:a",
      "order:news-article",
      "path:a",
      "template:news-article",
    ]);
    // Armed again on the next time, from the read it made.
    expect(h.last()?.ms).toBe(5_000 - 3);
    expect(h.scheduler.nextDue).toBe(T + 5_000);
  });

  it("caps a far time to a day's timer, and only applies it once it has come", async () => {
    const h = harness(async () => versions(T, []));
    const far = h.clock.now + 40 * LONGEST_TIMER_MS;
    h.scheduler.update(versions(h.clock.now, [time("a", far)]));
    expect(h.last()?.ms).toBe(LONGEST_TIMER_MS);
    h.clock.now += LONGEST_TIMER_MS;
    await h.fire();
    expect(h.applied).toEqual([]);
    expect(h.last()?.ms).toBe(LONGEST_TIMER_MS);
  });

  it("waits for a timer that fires a moment early", async () => {
    const h = harness(async () => versions(T, []));
    h.scheduler.update(versions(h.clock.now, [time("a", T)]));
    h.clock.now = T - 1;
    await h.fire();
    expect(h.applied).toEqual([]);
    expect(h.last()?.ms).toBe(1);
  });

  it("applies one change per instant, in order, when several came at once", async () => {
    const h = harness(async () => versions(T + 10, []));
    h.scheduler.update(
      versions(h.clock.now, [time("b", T + 2, "unpublish"), time("a", T), time("c", T)]),
    );
    h.clock.now = T + 5;
    await h.fire();
    expect(h.applied.map((c) => c.times.map((t) => t.entryId).sort())).toEqual([["a", "c"], ["b"]]);
    expect(h.applied[1]?.change.receivedAt).toBe(T + 2);
  });

  it("keeps a time due until it applies it, though a later read (a change) already shows it", async () => {
    const h = harness(async () => versions(T + 10, [], { a: "/news/a" }));
    h.scheduler.update(versions(h.clock.now, [time("a", T)]));
    // A CMS change read the versions after the time, before the timer ran.
    h.scheduler.update(versions(T + 1, [], { a: "/news/a" }));
    h.clock.now = T + 2;
    await h.fire();
    expect(h.applied.map((c) => c.times[0]?.entryId)).toEqual(["a"]);
    // Its addresses moved from the read made before the time.
    expect(h.applied[0]?.change.addedPaths).toEqual(["/news/a"]);
  });

  it("applies nothing a catch-up already covered: its first read starts the times", async () => {
    const h = harness(async () => versions(T, []));
    h.scheduler.update(versions(T + 100, [time("b", T + 200)]));
    expect(h.scheduler.nextDue).toBe(T + 200);
  });

  it("applies a time at once, before reading the CMS, and records what the read found", async () => {
    let fail = true;
    const after = versions(T + 10, [time("b", T + 50)], { a: "/news/a" });
    const h = harness(async () => {
      if (fail) throw new Error("down");
      return after;
    });
    h.scheduler.update(versions(h.clock.now, [time("a", T), time("b", T + 50)]));
    h.clock.now = T;
    await h.fire();
    // Applied though the CMS could not be read; the times it knew still stand.
    expect(h.applied.map((c) => c.times[0]?.entryId)).toEqual(["a"]);
    expect(h.recorded).toEqual([]);
    expect(h.scheduler.nextDue).toBe(T + 50);
    fail = false;
    h.clock.now = T + 50;
    await h.fire();
    expect(h.applied.map((c) => c.times[0]?.entryId)).toEqual(["a", "b"]);
    expect(h.recorded).toEqual([{ tags: h.applied[1]?.change.tags, versions: after }]);
  });

  it("sets no timer once stopped", () => {
    const h = harness(async () => versions(T, []));
    h.scheduler.stop();
    h.scheduler.update(versions(h.clock.now, [time("a", T)]));
    expect(h.timers).toEqual([]);
  });
});

describe("scheduledChange", () => {
  it("names a time the same on every instance, whatever each read", () => {
    const times = [time("a", T), time("b", T, "unpublish")];
    const one = scheduledChange(times, versions(T - 5, [], { b: "/news/b-old" }));
    const two = scheduledChange([...times].reverse(), undefined);
    expect(one.identity).toBe(two.identity);
    expect(one.change.addedPaths).toEqual(["/news/a"]);
    expect(one.change.removedPaths).toEqual(["/news/b-old"]);
    const later = scheduledChange([time("a", T + 1)], undefined);
    expect(later.identity).not.toBe(one.identity);
  });

  it("moves a rework's address when it goes live under a new one", () => {
    const rework = scheduledChange([time("a", T)], versions(T - 5, [], { a: "/news/old" }));
    expect(rework.change.addedPaths).toEqual(["/news/a"]);
    expect(rework.change.removedPaths).toEqual(["/news/old"]);
  });
});
