import { describe, expect, it } from "vitest";
import {
  CONSENT_COOKIE,
  CONSENT_MAX_AGE_SECONDS,
  consentSetCookie,
  decodeConsentChoice,
  encodeConsentChoice,
} from "./choice";

describe("consent choice cookie", () => {
  const choice = {
    version: "2026-11; a=b",
    analytics: true,
    advertising: false,
    at: 1_790_000_000,
  };

  it("round-trips any version string", () => {
    const value = encodeConsentChoice(choice);
    expect(value).not.toMatch(/[;,\s]/);
    expect(decodeConsentChoice(value)).toEqual(choice);
  });

  it("refuses values this site did not write", () => {
    expect(decodeConsentChoice("%7Bnot json")).toBeNull();
    expect(decodeConsentChoice(encodeURIComponent("null"))).toBeNull();
    expect(decodeConsentChoice(encodeURIComponent('{"v":"x","a":2,"d":0,"t":1}'))).toBeNull();
    expect(decodeConsentChoice(encodeURIComponent('{"v":1,"a":1,"d":0,"t":1}'))).toBeNull();
    expect(decodeConsentChoice(encodeURIComponent('{"v":"x","a":1,"d":0}'))).toBeNull();
  });

  it("lasts under 13 months and is first-party, Lax, Secure on https", () => {
    expect(CONSENT_MAX_AGE_SECONDS).toBeLessThan(393 * 24 * 3600);
    const cookie = consentSetCookie(choice, true);
    expect(cookie.startsWith(`${CONSENT_COOKIE}=`)).toBe(true);
    expect(cookie).toContain(`Max-Age=${CONSENT_MAX_AGE_SECONDS}`);
    expect(cookie).toContain("Path=/");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Secure");
    expect(cookie).not.toContain("Domain=");
    expect(consentSetCookie(choice, false)).not.toContain("Secure");
  });
});
