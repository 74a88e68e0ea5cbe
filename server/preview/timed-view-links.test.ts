import { describe, expect, it } from "vitest";
import { HOUR_MS } from "../../app/config/durations";
import {
  LATEST_VIEW_AT,
  outsideTimedView,
  signTimedViewToken,
  TIMED_VIEW_HOURS,
  timedViewKey,
  timedViewPath,
  verifyTimedViewToken,
} from "./timed-view-links";

const KEY = timedViewKey(Buffer.alloc(32, 7));
const NOW = Date.UTC(2026, 11, 2, 16);
const AT = Date.UTC(2030, 2, 4, 12);

describe("timed view links", () => {
  it("carry the instant and the editor's offset, signed, for TIMED_VIEW_HOURS", () => {
    const { token, claims } = signTimedViewToken({ at: AT, timezoneOffset: -120 }, KEY, NOW);
    expect(verifyTimedViewToken(token, KEY, NOW)).toEqual({ ok: true, claims });
    expect(claims).toEqual({
      at: AT,
      timezoneOffset: -120,
      issuedAt: NOW,
      expiresAt: NOW + TIMED_VIEW_HOURS * HOUR_MS,
    });
    expect(verifyTimedViewToken(token, KEY, claims.expiresAt)).toEqual({
      ok: false,
      reason: "expired",
    });
  });

  it("are refused signed with another key, or as a preview link's key would sign them", () => {
    const { token } = signTimedViewToken({ at: AT, timezoneOffset: 0 }, KEY, NOW);
    const other = timedViewKey(Buffer.alloc(32, 8));
    expect(verifyTimedViewToken(token, other, NOW)).toEqual({ ok: false, reason: "signature" });
  });

  it("have one spelling: another instant, offset or spelling of a number is refused", () => {
    const { token } = signTimedViewToken({ at: AT, timezoneOffset: 60 }, KEY, NOW);
    const [at, offset, ...rest] = token.split(".");
    const respelled = (parts: string[]) => verifyTimedViewToken(parts.join("."), KEY, NOW);
    expect(respelled([`0${at}`, offset ?? "", ...rest])).toEqual({
      ok: false,
      reason: "malformed",
    });
    expect(respelled([at ?? "", `0${offset}`, ...rest])).toEqual({
      ok: false,
      reason: "malformed",
    });
    expect(respelled([at ?? "", "61", ...rest])).toEqual({ ok: false, reason: "signature" });
    const zero = signTimedViewToken({ at: AT, timezoneOffset: -0 }, KEY, NOW).token;
    expect(zero.split(".")[1]).toBe("0");
    expect(respelled([at ?? "", "-0", ...zero.split(".").slice(2)])).toEqual({
      ok: false,
      reason: "malformed",
    });
  });

  it("show no instant a date cannot hold, nor an offset beyond a day", () => {
    expect(() =>
      signTimedViewToken({ at: LATEST_VIEW_AT + 1, timezoneOffset: 0 }, KEY, NOW),
    ).toThrow(RangeError);
    expect(() => signTimedViewToken({ at: AT, timezoneOffset: 1441 }, KEY, NOW)).toThrow(
      RangeError,
    );
    expect(() => signTimedViewToken({ at: Number.NaN, timezoneOffset: 0 }, KEY, NOW)).toThrow(
      RangeError,
    );
  });

  it("are issued no further ahead of the verifier's clock than the clock skew allows", () => {
    const { token } = signTimedViewToken({ at: AT, timezoneOffset: 0 }, KEY, NOW + 10 * 60_000);
    expect(verifyTimedViewToken(token, KEY, NOW)).toEqual({ ok: false, reason: "expired" });
  });

  it("name a page of the site after the token, which may be escaped", () => {
    expect(timedViewPath("t", "/news")).toBe("/_preview/at/t/news");
    expect(outsideTimedView("/_preview/at/t/news/caf%C3%A9")).toBe("/news/caf%C3%A9");
    expect(outsideTimedView("/_preview/at/t")).toBe("/");
    expect(outsideTimedView("/_preview/at/t%2Fx/news")).toBe("/_preview/at/t%2Fx/news");
    expect(outsideTimedView("/news")).toBe("/news");
  });
});
