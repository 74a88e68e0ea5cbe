import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  checkPreviewHours,
  DEFAULT_PREVIEW_HOURS,
  isPreviewPathSpelledOtherwise,
  isRevoked,
  issueTimeAfter,
  MAX_PREVIEW_HOURS,
  previewLinkKey,
  previewUrl,
  signPreviewToken,
  verifyPreviewToken,
} from "./preview-links";

const SITE_KEY = Buffer.from("a".repeat(64), "hex");
const KEY = previewLinkKey(SITE_KEY);
const NOW = Date.UTC(2026, 10, 26, 12, 0, 0);
const HOUR = 3600_000;
const ARTICLE = { templateName: "news-article", entryId: "9ceec891984386911abbeba8" };
const OTHER = { templateName: "news-article", entryId: "c1699ec16990a3883a54a183" };

function parts(token: string): string[] {
  return token.split(".");
}

describe("preview links", () => {
  it("signs a link for one entry that verifies until it expires (72 hours by default)", () => {
    const { token, claims } = signPreviewToken(ARTICLE, KEY, { now: NOW });
    expect(claims).toEqual({
      ...ARTICLE,
      issuedAt: NOW,
      expiresAt: NOW + DEFAULT_PREVIEW_HOURS * HOUR,
    });
    expect(verifyPreviewToken(token, KEY, NOW)).toEqual({ ok: true, claims });
    expect(verifyPreviewToken(token, KEY, NOW + 72 * HOUR - 1).ok).toBe(true);
    expect(verifyPreviewToken(token, KEY, NOW + 72 * HOUR)).toEqual({
      ok: false,
      reason: "expired",
    });
  });

  it("puts no secret in the link: only the entry, two times and a signature", () => {
    const { token } = signPreviewToken(ARTICLE, KEY, { now: NOW });
    const url = previewUrl("https://id5.io/", token);
    expect(url).toBe(`https://id5.io/_preview/${token}`);
    expect(url).not.toContain(SITE_KEY.toString("hex"));
    expect(url).not.toContain(KEY.toString("base64url"));
    expect(parts(token).slice(0, 2)).toEqual([ARTICLE.templateName, ARTICLE.entryId]);
  });

  it("refuses a link with any part changed", () => {
    const { token } = signPreviewToken(ARTICLE, KEY, { now: NOW });
    const [template, entry, issued, expires, signature] = parts(token) as string[];
    const tampered = [
      [template, OTHER.entryId, issued, expires, signature],
      ["event", entry, issued, expires, signature],
      [template, entry, (NOW + 1).toString(36), expires, signature],
      [template, entry, issued, (NOW + 700 * HOUR).toString(36), signature],
      [template, entry, issued, expires, `${signature?.slice(0, -2)}AA`],
    ];
    for (const changed of tampered) {
      expect(verifyPreviewToken(changed.join("."), KEY, NOW)).toEqual({
        ok: false,
        reason: "signature",
      });
    }
  });

  it("refuses a link signed for another entry when its signature is moved over", () => {
    const mine = parts(signPreviewToken(ARTICLE, KEY, { now: NOW }).token);
    const theirs = parts(signPreviewToken(OTHER, KEY, { now: NOW }).token);
    const swapped = [...mine.slice(0, 4), theirs[4]].join(".");
    expect(verifyPreviewToken(swapped, KEY, NOW).ok).toBe(false);
  });

  it("refuses links signed with another key, including the site key itself and form stamps", () => {
    const { token } = signPreviewToken(
      ARTICLE,
      previewLinkKey(Buffer.from("b".repeat(64), "hex")),
      {
        now: NOW,
      },
    );
    expect(verifyPreviewToken(token, KEY, NOW).ok).toBe(false);
    const text = parts(signPreviewToken(ARTICLE, KEY, { now: NOW }).token)
      .slice(0, 4)
      .join(".");
    // The forms service signs HMAC(siteKey, data): such a signature is not a preview signature.
    const formSignature = createHmac("sha256", SITE_KEY).update(text).digest("base64url");
    expect(verifyPreviewToken(`${text}.${formSignature}`, KEY, NOW)).toEqual({
      ok: false,
      reason: "signature",
    });
  });

  it("answers malformed for anything not shaped like a link", () => {
    const { token } = signPreviewToken(ARTICLE, KEY, { now: NOW });
    for (const bad of [
      "",
      "x",
      `${token}.extra`,
      token.replace("news-article", "News_Article"),
      token.replace(ARTICLE.entryId, "not-an-id"),
      token.slice(0, -1),
      `${token}=`,
      encodeURIComponent("<script>"),
      "../../etc/passwd",
    ]) {
      expect(verifyPreviewToken(bad, KEY, NOW)).toEqual({ ok: false, reason: "malformed" });
    }
  });

  it("refuses a link that would last more than 30 days or was issued in the future", () => {
    expect(() =>
      signPreviewToken(ARTICLE, KEY, { now: NOW, hours: MAX_PREVIEW_HOURS + 1 }),
    ).toThrow(/at most 720/);
    const longest = signPreviewToken(ARTICLE, KEY, { now: NOW, hours: MAX_PREVIEW_HOURS });
    expect(verifyPreviewToken(longest.token, KEY, NOW).ok).toBe(true);
    const future = signPreviewToken(ARTICLE, KEY, { now: NOW + 2 * HOUR });
    expect(verifyPreviewToken(future.token, KEY, NOW)).toEqual({ ok: false, reason: "expired" });
  });

  it("revocation voids links issued at or before it and up to the clock skew after it, not those made later", () => {
    const { claims } = signPreviewToken(ARTICLE, KEY, { now: NOW });
    expect(isRevoked(claims, 0)).toBe(false);
    expect(isRevoked(claims, NOW - 60_001)).toBe(false);
    // An issuer whose clock ran a minute ahead of the revoker's: the link is void all the same.
    expect(isRevoked(claims, NOW - 60_000)).toBe(true);
    expect(isRevoked(claims, NOW)).toBe(true);
    expect(isRevoked(claims, NOW + HOUR)).toBe(true);
    // A link made in that minute is issued just past it, so it outlives the revocation,
    // and it verifies at once though it says it was issued up to a minute ahead.
    expect(issueTimeAfter(0, NOW)).toBe(NOW);
    expect(issueTimeAfter(NOW - 1000, NOW)).toBe(NOW + 59_001);
    expect(issueTimeAfter(NOW - 60_001, NOW)).toBe(NOW);
    const after = signPreviewToken(ARTICLE, KEY, { now: issueTimeAfter(NOW, NOW) });
    expect(isRevoked(after.claims, NOW)).toBe(false);
    expect(verifyPreviewToken(after.token, KEY, NOW).ok).toBe(true);
    // Issued further ahead than that is refused.
    const ahead = signPreviewToken(ARTICLE, KEY, { now: NOW + 120_002 });
    expect(verifyPreviewToken(ahead.token, KEY, NOW)).toEqual({ ok: false, reason: "expired" });
  });

  it("refuses a time field spelled with leading zeros: one spelling per link", () => {
    const { token } = signPreviewToken(ARTICLE, KEY, { now: NOW });
    const [template, entry, issued, expires, signature] = parts(token);
    for (const respelled of [
      [template, entry, `0${issued}`, expires, signature],
      [template, entry, issued, `00${expires}`, signature],
    ]) {
      expect(verifyPreviewToken(respelled.join("."), KEY, NOW)).toEqual({
        ok: false,
        reason: "malformed",
      });
    }
    expect(verifyPreviewToken(token, KEY, NOW).ok).toBe(true);
  });

  it("checks the hours a link lasts", () => {
    expect(checkPreviewHours("1.5")).toBe(1.5);
    expect(checkPreviewHours(720)).toBe(720);
    for (const bad of ["0", "-3", "abc", "", "Infinity", 721, null]) {
      expect(typeof checkPreviewHours(bad)).toBe("string");
    }
  });
});

describe("other spellings of a preview path", () => {
  const token = "news-article.9ceec891984386911abbeba8.a.b.sig";

  it.each([
    `/%5Fpreview/${token}`,
    `/%5Fpreview/${token}%ZZ`,
    `/%5Fpreview/${token}%5C`,
    `/x/..%2F_preview/${token}`,
    `/_preview/${token}%00`,
  ])("refuses %s", (raw) => {
    expect(isPreviewPathSpelledOtherwise(raw)).toBe(true);
  });

  it.each([`/_preview/${token}`, "/news/an-article", "/caf%C3%A9"])("lets %s through", (raw) => {
    expect(isPreviewPathSpelledOtherwise(raw)).toBe(false);
  });
});
