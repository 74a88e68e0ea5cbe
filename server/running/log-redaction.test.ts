import { describe, expect, it } from "vitest";
import { redactPath, redactSearch } from "./log-redaction";

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

  it("hides the token however the path spells the prefix", () => {
    const token = "news-article.9ceec891984386911abbeba8.a.b.sig";
    for (const [raw, logged] of [
      [`/%5Fpreview/${token}`, "/_preview/[redacted]"],
      [`/%5fpreview/${token}/events`, "/_preview/[redacted]/events"],
      [`/_preview%2F${token}`, "/_preview/[redacted]"],
      [`/%5F%70review/${token.replace("news", "%6Eews")}`, "/_preview/[redacted]"],
      [`//_preview/${token}`, "//_preview/[redacted]"],
      [`/_PREVIEW/${token}`, "/_preview/[redacted]"],
      [`/news/_preview/${token}`, "/news/_preview/[redacted]"],
      [`/resources%2Fdownload/${token}`, "/resources/download/[redacted]"],
      // Spellings strict decoding refuses still carry the token.
      [`/%5Fpreview/${token}%ZZ`, "/_preview/[redacted]"],
      [`/%5Fpreview/${token}%5C`, "/_preview/[redacted]"],
      [`/x/..%2F_preview/${token}`, "/x/../_preview/[redacted]"],
      [`/%5Fpreview/${token}%E0%A4%A`, "/_preview/[redacted]"],
    ]) {
      expect(redactPath(raw as string), raw).toBe(logged);
      expect(redactPath(raw as string)).not.toContain("9ceec891984386911abbeba8");
    }
  });
});
