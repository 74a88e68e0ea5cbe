import { describe, expect, it } from "vitest";
import { checkSiteBuild, SITE_BUILD_MEMBERS } from "./server-build-contract";

const complete = () => Object.fromEntries(SITE_BUILD_MEMBERS.map((name) => [name, () => {}]));

describe("the server build's contract", () => {
  it("takes a build that exports every member", () => {
    const exported = complete();
    expect(checkSiteBuild(exported)).toBe(exported);
  });

  it("refuses a build without siteBuild, naming every member it lacks", () => {
    expect(() => checkSiteBuild(undefined)).toThrow(
      `does not export ${SITE_BUILD_MEMBERS.map((name) => `siteBuild.${name}`).join(", ")}`,
    );
  });

  it("refuses one that lacks a member or has it as something else than a function", () => {
    const { readRedirectSources: _, ...lacking } = complete();
    expect(() => checkSiteBuild({ ...lacking, forgetContent: "yes" })).toThrow(
      /does not export siteBuild\.readRedirectSources, siteBuild\.forgetContent: .*npm run build/,
    );
  });
});
