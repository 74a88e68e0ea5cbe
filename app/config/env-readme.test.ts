// The README's configuration table and the one parser of the environment name the same
// variables: a setting added to one and not the other fails here.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { BUILD_INTERNAL_VARIABLES, ENV_VARIABLES } from "./env.server";

const README = readFileSync(new URL("../../README.md", import.meta.url), "utf8");

/** The variables of the table under "## Configuration", in its order. */
function documentedVariables(readme: string): string[] {
  const section = readme.split(/^## Configuration$/m)[1]?.split(/^## /m)[0] ?? "";
  return [...section.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map((match) => match[1] ?? "");
}

describe("the README's configuration table", () => {
  const documented = documentedVariables(README);

  it("is found, and lists each variable once", () => {
    expect(documented.length).toBeGreaterThan(10);
    expect(documented.length).toBe(new Set(documented).size);
  });

  it("lists every variable the parser reads for the operator", () => {
    const operatorVariables = ENV_VARIABLES.filter(
      (name) => !BUILD_INTERNAL_VARIABLES.includes(name),
    );
    expect(operatorVariables.filter((name) => !documented.includes(name))).toEqual([]);
  });

  it("lists only variables the parser reads, none of the build's own", () => {
    expect(documented.filter((name) => !ENV_VARIABLES.includes(name))).toEqual([]);
    expect(documented.filter((name) => BUILD_INTERNAL_VARIABLES.includes(name))).toEqual([]);
  });
});
