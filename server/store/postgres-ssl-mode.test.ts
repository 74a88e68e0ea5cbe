import { describe, expect, it } from "vitest";
import { withSiteSslMode } from "./postgres-store";

describe("withSiteSslMode", () => {
  it("writes the modes that check the certificate out as verify-full, keeping the rest of the URL", () => {
    for (const mode of ["prefer", "require", "verify-ca"]) {
      expect(
        withSiteSslMode(
          `postgres://site:p%40ss@db.internal:5433/site?sslmode=${mode}&connect_timeout=5`,
        ),
      ).toBe("postgres://site:p%40ss@db.internal:5433/site?sslmode=verify-full&connect_timeout=5");
    }
  });

  it("leaves every other URL as it is: no mode, another mode, or libpq's meanings asked for", () => {
    for (const url of [
      "postgres://site@db/site",
      "postgres://site@db/site?sslmode=verify-full",
      "postgres://site@db/site?sslmode=disable",
      "postgres://site@db/site?sslmode=no-verify",
      "postgres://site@db/site?uselibpqcompat=true&sslmode=require",
      "not a url",
    ]) {
      expect(withSiteSslMode(url), url).toBe(url);
    }
  });
});
