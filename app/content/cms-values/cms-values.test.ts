import { describe, expect, it } from "vitest";
import { hasControlCharacter, isRefused } from "./checked";
import { checkInstant, checkOffsetMinutes, LATEST_INSTANT } from "./dates";
import { DOWNLOAD_MEDIA_TYPE, mediaServing } from "./media-types";
import { checkNumber } from "./numbers";
import { checkOwnableAddress, checkRedirectLocation } from "./paths";

describe("dates and offsets", () => {
  it.each([0, 1_900_000_000_000, LATEST_INSTANT])("takes the instant %d", (at) => {
    expect(checkInstant(at)).toEqual({ value: at });
  });

  it.each([1e300, -1, LATEST_INSTANT + 1, 1.5, Number.NaN, "1", null])("refuses %j", (at) => {
    expect(isRefused(checkInstant(at))).toBe(true);
  });

  it("takes whole minutes within ±18 hours, and none as UTC", () => {
    expect(checkOffsetMinutes(-120)).toEqual({ value: -120 });
    expect(checkOffsetMinutes(undefined)).toEqual({ value: 0 });
    for (const offset of [-1e13, 1081, 0.5, "60", Number.POSITIVE_INFINITY]) {
      expect(isRefused(checkOffsetMinutes(offset)), String(offset)).toBe(true);
    }
  });
});

describe("numbers", () => {
  it("takes a number in range and refuses the rest", () => {
    expect(checkNumber(3, { min: 1, max: 12, integer: true })).toEqual({ value: 3 });
    for (const value of [0, 13, 2.5, Number.NaN, "3", 1e308]) {
      expect(isRefused(checkNumber(value, { min: 1, max: 12, integer: true }))).toBe(true);
    }
  });
});

describe("addresses and redirect locations", () => {
  it("keeps the site's own addresses, in any spelling, and the build's files", () => {
    for (const path of ["/assets/a.js", "/%5Fpreview/x", "/robots.txt", "/builds/latest.json"]) {
      expect(isRefused(checkOwnableAddress(path)), path).toBe(true);
    }
    expect(isRefused(checkOwnableAddress("/logo.png", (p) => p === "/logo.png"))).toBe(true);
    expect(checkOwnableAddress("/news/assets")).toEqual({ value: "/news/assets" });
  });

  it.each([
    "//evil.example/x",
    "/\\evil.example",
    "/a\r\nb",
    "/a\u2028",
    "/a b",
    "/events/\u0440\u0430\u0443\u0440\u0430l",
    "https://id5.io/caf\u00e9",
    "javascript:alert(1)",
    "https://u:p@x.example/",
    "",
  ])("refuses the location %j", (location) => {
    expect(isRefused(checkRedirectLocation(location))).toBe(true);
  });

  it.each(["/news?x=1#y", "https://id5-sync.com/privacy", "https://id5.io/news"])(
    "takes the location %s",
    (location) => {
      expect(checkRedirectLocation(location)).toEqual({ value: location });
    },
  );

  it("counts C1 controls and the line separators as control characters", () => {
    expect(hasControlCharacter("a\u0085")).toBe(true);
    expect(hasControlCharacter("a\u2029")).toBe(true);
    expect(hasControlCharacter("café")).toBe(false);
  });
});

describe("media types", () => {
  it("shows images, SVG too, video, audio, PDF and plain text inline", () => {
    for (const type of ["image/png", "image/svg+xml", "video/mp4", "application/pdf"]) {
      expect(mediaServing(type)).toEqual({ contentType: type, attachment: false });
    }
    expect(mediaServing("text/plain; charset=utf-8").attachment).toBe(false);
  });

  it.each([
    "text/javascript",
    "application/javascript",
    "text/html",
    "application/xhtml+xml",
    "text/xml",
    "image/svg",
    "",
    null,
  ])("sends %j as an opaque download", (type) => {
    expect(mediaServing(type)).toEqual({ contentType: DOWNLOAD_MEDIA_TYPE, attachment: true });
  });
});
