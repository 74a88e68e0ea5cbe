import { describe, expect, it } from "vitest";
import { unsharedStoreWarning } from "./open-store";

describe("unsharedStoreWarning", () => {
  it("warns when a signing secret set by hand says several instances and no database is shared", () => {
    const warning = unsharedStoreWarning({ signingSecret: "a-shared-signing-secret" });
    expect(warning).toContain("DATABASE_URL");
    expect(warning).toContain("revoked");
    expect(warning).not.toContain("a-shared-signing-secret");
  });

  it("says nothing for one instance on its generated key, or for instances on one database", () => {
    expect(unsharedStoreWarning({})).toBeUndefined();
    expect(
      unsharedStoreWarning({
        signingSecret: "a-shared-signing-secret",
        databaseUrl: "postgres://site@db:5432/site",
      }),
    ).toBeUndefined();
  });
});
