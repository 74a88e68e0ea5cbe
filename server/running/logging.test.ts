import { describe, expect, it } from "vitest";
import { redactSearch } from "./logging";

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
