import { describe, expect, it } from "vitest";
import {
  offsetLabel,
  readWindow,
  timesAfter,
  utcLabel,
  visibleVersion,
  type WindowReading,
  windowIncludes,
} from "./schedule.server";

const T = Date.UTC(2030, 2, 4, 1, 0);
const date = (timestamp: unknown, timezoneOffset = 0) => ({ timestamp, timezoneOffset });

describe("readWindow", () => {
  it("reads unset props (absent or null) as no bound", () => {
    expect(readWindow(undefined)).toEqual({ ok: true, window: {} });
    expect(readWindow({ publish_at: null, unpublish_at: undefined })).toEqual({
      ok: true,
      window: {},
    });
  });

  it("reads BCMS DATE values", () => {
    expect(readWindow({ publish_at: date(T, -480), unpublish_at: date(T + 1) })).toEqual({
      ok: true,
      window: {
        publishAt: { at: T, timezoneOffset: -480 },
        unpublishAt: { at: T + 1, timezoneOffset: 0 },
      },
    });
  });

  it("refuses a DATE without a usable timestamp", () => {
    for (const value of ["", date(-1), date("soon"), date(Number.NaN), {}, 1_900_000_000_000]) {
      const reading = readWindow({ unpublish_at: value });
      expect(reading.ok, JSON.stringify(value)).toBe(false);
      if (!reading.ok) expect(reading.problem).toMatch(/^unpublish_at has no usable timestamp/);
    }
  });

  it("refuses an unpublish_at that is not after publish_at", () => {
    for (const end of [T, T - 1]) {
      const reading = readWindow({ publish_at: date(T), unpublish_at: date(end) });
      expect(reading.ok).toBe(false);
      if (!reading.ok) {
        expect(reading.problem).toBe(
          `unpublish_at (${utcLabel(end)}) is not after publish_at (2030-03-04 01:00 UTC)`,
        );
      }
    }
  });
});

describe("windowIncludes and timesAfter", () => {
  const window = {
    publishAt: { at: T, timezoneOffset: 0 },
    unpublishAt: { at: T + 10, timezoneOffset: 0 },
  };

  it("includes publish_at and excludes unpublish_at", () => {
    expect(windowIncludes(window, T - 1)).toBe(false);
    expect(windowIncludes(window, T)).toBe(true);
    expect(windowIncludes(window, T + 9)).toBe(true);
    expect(windowIncludes(window, T + 10)).toBe(false);
    expect(windowIncludes({}, 0)).toBe(true);
  });

  it("lists the times still to come", () => {
    const named = { entryId: "e", templateName: "job" };
    expect(timesAfter(window, T - 1, named).map((t) => t.kind)).toEqual(["publish", "unpublish"]);
    expect(timesAfter(window, T, named)).toEqual([
      { ...named, kind: "unpublish", at: T + 10, timezoneOffset: 0 },
    ]);
    expect(timesAfter(window, T + 10, named)).toEqual([]);
  });
});

describe("visibleVersion", () => {
  const ok = (publish?: number, unpublish?: number): WindowReading => ({
    ok: true,
    window: {
      ...(publish !== undefined ? { publishAt: { at: publish, timezoneOffset: 0 } } : {}),
      ...(unpublish !== undefined ? { unpublishAt: { at: unpublish, timezoneOffset: 0 } } : {}),
    },
  });
  const bad: WindowReading = { ok: false, problem: "bad", window: {} };

  it("shows a public entry inside its window", () => {
    expect(visibleVersion({ isPublic: true, reading: ok() }, undefined, T)).toBe("current");
    expect(visibleVersion({ isPublic: true, reading: ok(T) }, ok(), T)).toBe("current");
  });

  it("keeps the kept version before publish_at, and nothing after unpublish_at", () => {
    expect(visibleVersion({ isPublic: true, reading: ok(T + 1) }, ok(), T)).toBe("kept");
    expect(visibleVersion({ isPublic: true, reading: ok(T + 1) }, undefined, T)).toBe("none");
    expect(visibleVersion({ isPublic: true, reading: ok(undefined, T) }, ok(), T)).toBe("none");
  });

  it("shows a kept version only inside its own window", () => {
    expect(visibleVersion({ isPublic: false, reading: ok() }, ok(undefined, T + 1), T)).toBe(
      "kept",
    );
    expect(visibleVersion({ isPublic: false, reading: ok() }, ok(undefined, T), T)).toBe("none");
    expect(visibleVersion({ isPublic: false, reading: ok() }, ok(T + 1), T)).toBe("none");
    expect(visibleVersion({ isPublic: false, reading: ok() }, bad, T)).toBe("none");
  });

  it("leaves an entry with bad times as it was", () => {
    expect(visibleVersion({ isPublic: true, reading: bad }, ok(), T)).toBe("kept");
    expect(visibleVersion({ isPublic: true, reading: bad }, undefined, T)).toBe("none");
  });
});

describe("labels", () => {
  it("writes UTC to the minute, with seconds only when there are some", () => {
    expect(utcLabel(T)).toBe("2030-03-04 01:00 UTC");
    expect(utcLabel(T + 7_000)).toBe("2030-03-04 01:00:07 UTC");
  });

  it("writes the editor's time from BCMS's timezoneOffset (minutes, positive west of UTC)", () => {
    expect(offsetLabel({ at: T, timezoneOffset: -480 })).toBe("2030-03-04 09:00 UTC+08:00");
    expect(offsetLabel({ at: T, timezoneOffset: -120 })).toBe("2030-03-04 03:00 UTC+02:00");
    expect(offsetLabel({ at: T, timezoneOffset: 300 })).toBe("2030-03-03 20:00 UTC-05:00");
    expect(offsetLabel({ at: T, timezoneOffset: -330 })).toBe("2030-03-04 06:30 UTC+05:30");
    expect(offsetLabel({ at: T, timezoneOffset: 0 })).toBe("2030-03-04 01:00 UTC+00:00");
  });
});

describe("dates out of range (an editor's typo reaches no Date that throws)", () => {
  it("refuses a publish_at of 1e300 with an unpublish_at of 1, naming the prop", () => {
    const reading = readWindow({
      publish_at: { timestamp: 1e300, timezoneOffset: 0 },
      unpublish_at: { timestamp: 1, timezoneOffset: 0 },
    });
    expect(reading.ok).toBe(false);
    if (!reading.ok) {
      expect(reading.problem).toMatch(/^publish_at is out of range/);
      expect(reading.refused).toEqual({ kind: "date", prop: "publish_at" });
    }
  });

  it.each([-1e13, 1e6, 0.5, "60"])("refuses a timezoneOffset of %j", (offset) => {
    const reading = readWindow({
      publish_at: { timestamp: 1_900_000_000_000, timezoneOffset: offset },
    });
    expect(reading.ok).toBe(false);
    if (!reading.ok) expect(reading.refused).toEqual({ kind: "offset", prop: "publish_at" });
  });

  it("labels any instant without throwing", () => {
    expect(() => utcLabel(1e300)).not.toThrow();
    expect(() => offsetLabel({ at: 1_900_000_000_000, timezoneOffset: -1e13 })).not.toThrow();
  });
});
