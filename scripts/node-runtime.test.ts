import { describe, expect, it } from "vitest";
import { nodeVersionProblem, PROJECT_NODE } from "./node-runtime.mjs";

describe("the project's Node", () => {
  it("is one major, named by package.json's engines", () => {
    expect(PROJECT_NODE.major).toBe(26);
    expect(PROJECT_NODE.range).toMatch(/^\^26\.\d+\.\d+$/);
  });

  it("runs on the Node it brings and on a later release of the same major", () => {
    expect(nodeVersionProblem(process.versions.node)).toBeUndefined();
    expect(nodeVersionProblem(`${PROJECT_NODE.major}.99.0`)).toBeUndefined();
  });

  it("names an older or newer major in one line saying how to get the right one", () => {
    for (const version of ["20.20.2", "24.11.0", `${PROJECT_NODE.major + 1}.0.0`]) {
      const problem = nodeVersionProblem(version);
      expect(problem).toContain(`runs on Node ${PROJECT_NODE.range}, not ${version}`);
      expect(problem).toContain("node_modules/.bin");
      expect(problem).not.toContain("\n");
    }
    expect(nodeVersionProblem(`${PROJECT_NODE.major}.0.0`)).toMatch(/not 26\.0\.0/);
  });
});
