import { describe, expect, it } from "vitest";
import { redactPath, redactSearch } from "./logging";

describe("redactSearch", () => {
  it("redacts credential-like parameters and keeps the rest", () => {
    expect(redactSearch("?apiKey=id.secret&page=2")).toBe("?apiKey=[redacted]&page=2");
    expect(redactSearch("?token=apikey_x.y")).toBe("?token=[redacted]");
    expect(redactSearch("?access_token=a&api_key=b&secret=c")).toBe(
      "?access_token=[redacted]&api_key=[redacted]&secret=[redacted]",
    );
    expect(redactSearch("")).toBe("");
  });
});

describe("redactPath", () => {
  it("hides the link of a preview and of a download, and nothing else", () => {
    expect(redactPath("/_preview/news-article.9ceec891984386911abbeba8.a.b.sig")).toBe(
      "/_preview/[redacted]",
    );
    expect(redactPath("/_preview/news-article.9ceec891984386911abbeba8.a.b.sig/events")).toBe(
      "/_preview/[redacted]/events",
    );
    expect(redactPath("/_preview/api/links")).toBe("/_preview/api/links");
    expect(redactPath("/news/an-article")).toBe("/news/an-article");
  });
});
