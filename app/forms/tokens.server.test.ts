import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  issueDownloadToken,
  issueStamp,
  readDownloadToken,
  stampAgeSeconds,
} from "./tokens.server";

const sign = (data: string) => createHmac("sha256", "test-key").update(data).digest("base64url");
const otherSign = (data: string) => createHmac("sha256", "other").update(data).digest("base64url");

describe("form stamps", () => {
  it("tell their age, bound to the form and the key", () => {
    const stamp = issueStamp("contact", 1_000_000, sign);
    expect(stampAgeSeconds(stamp, "contact", 1_004_500, sign)).toBe(4.5);
    expect(stampAgeSeconds(stamp, "sign-up", 1_004_500, sign)).toBeUndefined();
    expect(stampAgeSeconds(stamp, "contact", 1_004_500, otherSign)).toBeUndefined();
    expect(stampAgeSeconds("", "contact", 1_004_500, sign)).toBeUndefined();
    expect(stampAgeSeconds(`zz${stamp}`, "contact", 1_004_500, sign)).toBeUndefined();
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
    expect(readDownloadToken(token, 4999, sign)).toEqual(grant);
    expect(readDownloadToken(token, 5001, sign)).toBeUndefined();
  });

  it("are refused when altered or signed with another key", () => {
    const token = issueDownloadToken(grant, sign);
    const [payload, signature] = token.split(".") as [string, string];
    const forged = Buffer.from(JSON.stringify(["b".repeat(24), "x.pdf", "report", 5000])).toString(
      "base64url",
    );
    expect(readDownloadToken(`${forged}.${signature}`, 1, sign)).toBeUndefined();
    expect(readDownloadToken(`${payload}.${signature}`, 1, otherSign)).toBeUndefined();
    expect(readDownloadToken("nonsense", 1, sign)).toBeUndefined();
  });
});
