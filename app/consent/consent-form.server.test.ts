import { describe, expect, it } from "vitest";
import { CONSENT_COOKIE, decodeConsentChoice } from "./choice";
import { handleConsentPost, safeReturnPath } from "./consent-form.server";

function post(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return new Request("https://id5.io/consent", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields),
  });
}

function storedChoice(response: Response) {
  const cookie = response.headers.get("set-cookie") ?? "";
  const value = cookie.split(";")[0]?.slice(CONSENT_COOKIE.length + 1) ?? "";
  return decodeConsentChoice(value);
}

const NOW = Date.UTC(2026, 10, 23);

describe("POST /consent (the banner without JavaScript)", () => {
  it("accept all: both categories, the page's version, back to the page's saved notice", async () => {
    const response = await handleConsentPost(
      post({ choice: "accept", version: "2026-11", return: "/news?page=2" }),
      NOW,
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/news?page=2#consent-saved");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(storedChoice(response)).toEqual({
      version: "2026-11",
      analytics: true,
      advertising: true,
      at: NOW / 1000,
    });
    expect(response.headers.get("set-cookie")).toContain("Secure");
  });

  it("reject all ignores ticked boxes; save keeps exactly the ticked ones", async () => {
    const rejected = await handleConsentPost(
      post({ choice: "reject", version: "v", return: "/", analytics: "1" }),
      NOW,
    );
    expect(storedChoice(rejected)).toMatchObject({ analytics: false, advertising: false });
    const saved = await handleConsentPost(
      post({ choice: "save", version: "v", return: "/", analytics: "1" }),
      NOW,
    );
    expect(storedChoice(saved)).toMatchObject({ analytics: true, advertising: false });
  });

  it("Global Privacy Control keeps advertising denied", async () => {
    const response = await handleConsentPost(
      post({ choice: "accept", version: "v", return: "/" }, { "Sec-GPC": "1" }),
      NOW,
    );
    expect(storedChoice(response)).toMatchObject({ analytics: true, advertising: false });
  });

  it("answers 400 for an unknown choice or an unreadable body, and sets nothing", async () => {
    for (const request of [
      post({ choice: "maybe", version: "v", return: "/" }),
      post({ version: "v" }),
      post({ choice: "accept", version: "x".repeat(101) }),
      new Request("https://id5.io/consent", {
        method: "POST",
        headers: { "Content-Type": "multipart/form-data; boundary=x" },
        body: "garbage",
      }),
    ]) {
      const response = await handleConsentPost(request, NOW);
      expect(response.status).toBe(400);
      expect(response.headers.get("set-cookie")).toBeNull();
    }
  });

  it("returns only to paths of this site", () => {
    expect(safeReturnPath("/about#x")).toBe("/about");
    expect(safeReturnPath("/news?page=2")).toBe("/news?page=2");
    for (const bad of [
      "https://evil.example/",
      "//evil.example",
      "/\\evil",
      "about",
      "",
      3,
      null,
    ]) {
      expect(safeReturnPath(bad)).toBe("/");
    }
  });
});
