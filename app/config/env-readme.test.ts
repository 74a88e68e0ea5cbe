// The README's configuration table and the one parser of the environment name the same
// variables: a setting added to one and not the other fails here. The table marks the build
// settings, and those are found here from the code that compares them with the build's stamp
// at start (buildSettings, as server/running/build-stamp.ts hashes it for server/main.ts): each
// variable in turn is given another value, and it is a build setting if that makes the
// build stale.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { buildSettings } from "./build-settings";
import { BUILD_INTERNAL_VARIABLES, ENV_VARIABLES, parseEnv } from "./env.server";

const README = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
/** How the table's meaning cell begins for a build setting. */
const BUILD_SETTING_MARK = "**build setting**";

/** The rows of the table under "## Configuration", in its order: the variable and its meaning. */
function documentedRows(readme: string): { name: string; meaning: string }[] {
  const section = readme.split(/^## Configuration$/m)[1]?.split(/^## /m)[0] ?? "";
  return [...section.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \| (.*?) \|[^|]*\|$/gm)].map((match) => ({
    name: match[1] ?? "",
    meaning: match[2] ?? "",
  }));
}

function documentedVariables(readme: string): string[] {
  return documentedRows(readme).map((row) => row.name);
}

const OPERATOR_VARIABLES = ENV_VARIABLES.filter((name) => !BUILD_INTERNAL_VARIABLES.includes(name));

/** Two starting points: the embedded content service, and a CMS of its own. */
const BASES: Record<string, string>[] = [
  {
    FORMS_WEBHOOK_URL: "https://crm.example/hook",
    FORMS_WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 1).toString("base64")}`,
    FORMS_SIGNING_SECRET: "the-base-signing-secret",
  },
  {
    BCMS_ORIGIN: "https://cms.example",
    BCMS_ORG_ID: "base-org",
    BCMS_INSTANCE_ID: "base-instance",
    BCMS_API_KEY_ID: "base-key",
    BCMS_API_KEY_SECRET: "base-key-secret",
    FORMS_WEBHOOK_URL: "https://crm.example/hook",
    FORMS_WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 1).toString("base64")}`,
    FORMS_SIGNING_SECRET: "the-base-signing-secret",
  },
];
/** Values tried in turn for a variable: the first the parser takes is its other value. */
const OTHER_VALUES = [
  "https://other.example",
  "GTM-OTHER1",
  "debug",
  "5",
  "100",
  "postgres://other@db.example:5432/other",
  `whsec_${Buffer.alloc(32, 2).toString("base64")}`,
  "another-value-0123456789abcdef0123456789abcdef",
];

/** What the start compares with the build's stamp for this environment. */
function stamped(source: Record<string, string>): string {
  const env = parseEnv(source);
  return JSON.stringify(buildSettings(env, env.buildId));
}

/** The environment with `name` given another value the parser takes; undefined if none. */
function withOtherValue(base: Record<string, string>, name: string) {
  for (const value of OTHER_VALUES) {
    if (base[name] === value) continue;
    const changed = { ...base, [name]: value };
    try {
      parseEnv(changed);
      return changed;
    } catch {}
  }
  return undefined;
}

/** Every operator variable whose other value changes what the start compares with the stamp. */
function buildSettingVariables(): { found: string[]; unvaried: string[] } {
  const found = new Set<string>();
  const varied = new Set<string>();
  for (const base of BASES) {
    for (const name of OPERATOR_VARIABLES) {
      const changed = withOtherValue(base, name);
      if (!changed) continue;
      varied.add(name);
      if (stamped(changed) !== stamped(base)) found.add(name);
    }
  }
  const unvaried = OPERATOR_VARIABLES.filter((name) => !varied.has(name));
  return { found: [...found].sort(), unvaried };
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

  it("marks as build settings exactly the variables the start compares with the build's stamp", () => {
    const { found, unvaried } = buildSettingVariables();
    // Every variable was given another value (a new one of another shape: add a value above).
    expect(unvaried).toEqual([]);
    expect(found.length).toBeGreaterThan(3);
    const marked = documentedRows(README)
      .filter((row) => row.meaning.startsWith(BUILD_SETTING_MARK))
      .map((row) => row.name)
      .sort();
    expect(marked).toEqual(found);
  });
});
