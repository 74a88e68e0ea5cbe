import { describe, expect, it } from "vitest";
import { createJsonLogger, redactSearch } from "./logging";

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

describe("log level", () => {
  it("writes nothing below the configured level", () => {
    const lines: string[] = [];
    const logger = createJsonLogger({
      level: "warn",
      stdout: (l) => lines.push(l),
      stderr: (l) => lines.push(l),
    });
    logger.info("request", {});
    logger.warn("slow", {});
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('"msg":"slow"');
  });
});
