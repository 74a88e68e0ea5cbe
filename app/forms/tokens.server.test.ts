import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  DOWNLOAD_LINK_TTL_MS,
  FORMER_KEY_STAMP_MS,
  issueDownloadToken,
  issueStamp,
  PREVIOUS_KEY_STAMP_MS,
  purposeSigners,
  readDownloadToken,
  stampAgeSeconds,
} from "./tokens.server";

const sign = (data: string) => createHmac("sha256", "test-key").update(data).digest("base64url");
const otherSign = (data: string) => createHmac("sha256", "other").update(data).digest("base64url");
const own = { sign };
const other = { sign: otherSign };

describe("form stamps", () => {
  it("tell their age, bound to the form and the key", () => {
    const stamp = issueStamp("contact", 1_000_000, sign);
    expect(stampAgeSeconds(stamp, "contact", 1_004_500, own)).toBe(4.5);
    expect(stampAgeSeconds(stamp, "sign-up", 1_004_500, own)).toBeUndefined();
    expect(stampAgeSeconds(stamp, "contact", 1_004_500, other)).toBeUndefined();
    expect(stampAgeSeconds("", "contact", 1_004_500, own)).toBeUndefined();
    expect(stampAgeSeconds(`zz${stamp}`, "contact", 1_004_500, own)).toBeUndefined();
  });
});

describe("download tokens", () => {
  const grant = {
    mediaId: "a".repeat(24),
    name: "report.pdf",
    resource: "report",
    expiresAt: 5000,
  };

  it("carry their grant until they expire", () => {
    const token = issueDownloadToken(grant, sign);
    expect(readDownloadToken(token, 4999, own)).toEqual(grant);
    expect(readDownloadToken(token, 5001, own)).toBeUndefined();
  });

  it("are refused when altered or signed with another key", () => {
    const token = issueDownloadToken(grant, sign);
    const [payload, signature] = token.split(".") as [string, string];
    const forged = Buffer.from(JSON.stringify(["b".repeat(24), "x.pdf", "report", 5000])).toString(
      "base64url",
    );
    expect(readDownloadToken(`${forged}.${signature}`, 1, own)).toBeUndefined();
    expect(readDownloadToken(`${payload}.${signature}`, 1, other)).toBeUndefined();
    expect(readDownloadToken("nonsense", 1, own)).toBeUndefined();
  });
});

describe("keys per purpose", () => {
  const siteKey = Buffer.alloc(32, 5);
  const signerOf = purposeSigners(siteKey);
  const withSiteKey = (data: string) =>
    createHmac("sha256", siteKey).update(data).digest("base64url");

  it("sign stamps and download links each with a key of its own, never the site key", () => {
    const stamp = signerOf("form-stamp");
    const download = signerOf("download-link");
    expect(stamp.sign("x")).not.toBe(withSiteKey("x"));
    expect(download.sign("x")).not.toBe(withSiteKey("x"));
    expect(stamp.sign("x")).not.toBe(download.sign("x"));
    // A stamp's signature does not make a download link.
    const issued = issueStamp("contact", 1_000_000, stamp.sign);
    expect(stampAgeSeconds(issued, "contact", 1_004_000, stamp)).toBe(4);
    expect(stampAgeSeconds(issued, "contact", 1_004_000, download)).toBeUndefined();
  });

  it("take a stamp signed with the site key itself for a week after its issue, then no more", () => {
    const signer = signerOf("form-stamp");
    const issuedAt = 1_700_000_000_000;
    const before = issueStamp("contact", issuedAt, withSiteKey);
    expect(stampAgeSeconds(before, "contact", issuedAt + 3600_000, signer)).toBe(3600);
    expect(
      stampAgeSeconds(before, "contact", issuedAt + FORMER_KEY_STAMP_MS, signer),
    ).toBeDefined();
    expect(
      stampAgeSeconds(before, "contact", issuedAt + FORMER_KEY_STAMP_MS + 1, signer),
    ).toBeUndefined();
    expect(stampAgeSeconds(before, "contact", issuedAt + 3600_000, { sign: signer.sign })).toBe(
      undefined,
    );
  });

  it("take a download link signed with the site key itself until it expires, if it says no more than a link's lifetime", () => {
    const signer = signerOf("download-link");
    const grant = { mediaId: "a".repeat(24), name: "r.pdf", resource: "r", expiresAt: 90_000_000 };
    const before = issueDownloadToken(grant, withSiteKey);
    expect(readDownloadToken(before, 90_000_000 - 1000, signer)).toEqual(grant);
    expect(readDownloadToken(before, 90_000_001, signer)).toBeUndefined();
    const longLived = issueDownloadToken(
      { ...grant, expiresAt: 1000 + DOWNLOAD_LINK_TTL_MS + 1 },
      withSiteKey,
    );
    expect(readDownloadToken(longLived, 1000, signer)).toBeUndefined();
    const ownLink = issueDownloadToken(grant, signer.sign);
    expect(readDownloadToken(ownLink, 1000, signer)).toEqual(grant);
  });

  it("take a stamp and a link signed with the previous site key after a rotation, a stamp for a week", () => {
    const previousKey = Buffer.alloc(32, 9);
    const beforeRotation = purposeSigners(previousKey);
    const afterRotation = purposeSigners(siteKey, previousKey);
    const issuedAt = 1_700_000_000_000;
    const stamp = issueStamp("contact", issuedAt, beforeRotation("form-stamp").sign);
    const stampSigner = afterRotation("form-stamp");
    expect(stampAgeSeconds(stamp, "contact", issuedAt + 60_000, stampSigner)).toBe(60);
    expect(
      stampAgeSeconds(stamp, "contact", issuedAt + PREVIOUS_KEY_STAMP_MS, stampSigner),
    ).toBeDefined();
    expect(
      stampAgeSeconds(stamp, "contact", issuedAt + PREVIOUS_KEY_STAMP_MS + 1, stampSigner),
    ).toBeUndefined();
    // Without the previous key the same stamp is not ours.
    expect(stampAgeSeconds(stamp, "contact", issuedAt + 60_000, signerOf("form-stamp"))).toBe(
      undefined,
    );
    const grant = { mediaId: "a".repeat(24), name: "r.pdf", resource: "r", expiresAt: 90_000_000 };
    const link = issueDownloadToken(grant, beforeRotation("download-link").sign);
    expect(readDownloadToken(link, 1000, afterRotation("download-link"))).toEqual(grant);
    expect(readDownloadToken(link, 1000, signerOf("download-link"))).toBeUndefined();
  });
});
