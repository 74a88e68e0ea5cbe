import { describe, expect, it } from "vitest";
import { PROJECT_DIR } from "../server/running/build-stamp";
import {
  checkImports,
  findCycles,
  isAllowed,
  readsEnvironment,
  subfolderCycles,
} from "./check-imports";

describe("import rules", () => {
  it("lets each folder import only in its direction", () => {
    expect(isAllowed("server/site-server.ts", "app/config/env.server.ts")).toBe(true);
    expect(isAllowed("app/root.tsx", "bcms/index.ts")).toBe(true);
    expect(isAllowed("app/root.tsx", "app/config/env.server.ts")).toBe(true);
    expect(isAllowed("app/config/env.server.ts", "server/site-server.ts")).toBe(false);
    expect(isAllowed("app/content/pages.server.ts", "content-server/server.ts")).toBe(false);
    expect(isAllowed("app/content/pages.server.ts", "scripts/build.ts")).toBe(false);
    expect(isAllowed("bcms/http.ts", "app/config/env.server.ts")).toBe(false);
    expect(isAllowed("content-server/main.ts", "app/config/env.server.ts")).toBe(true);
    expect(isAllowed("content-server/main.ts", "app/content/read.server.ts")).toBe(false);
    expect(isAllowed("app/config/env.server.ts", "app/content/read.server.ts")).toBe(false);
    expect(isAllowed("server/main.ts", "scripts/build.ts")).toBe(false);
  });

  it("lets test files use the shared test kits, and nothing else of tests/", () => {
    expect(isAllowed("app/widgets/cta/cta-widget.test.tsx", "tests/support/markup.tsx")).toBe(true);
    expect(isAllowed("app/widgets/cta/cta-widget.tsx", "tests/support/markup.tsx")).toBe(false);
    expect(isAllowed("server/forms/store.test.ts", "tests/e2e/forms.spec.ts")).toBe(false);
  });

  it("finds cycles, type-only ones included, and nothing in a tree", () => {
    const graph = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts"]],
      ["c.ts", ["a.ts", "d.ts"]],
      ["d.ts", []],
      ["e.ts", ["e.ts"]],
    ]);
    expect(findCycles(graph)).toEqual([["a.ts", "b.ts", "c.ts"], ["e.ts"]]);
    expect(
      findCycles(
        new Map([
          ["a.ts", ["b.ts"]],
          ["b.ts", []],
        ]),
      ),
    ).toEqual([]);
  });

  it("finds server/ subfolders that import each other, through any number of steps", () => {
    const oneWay = new Map([
      ["server/site-server.ts", ["server/serving/a.ts", "server/security/b.ts"]],
      ["server/serving/a.ts", ["server/security/b.ts", "server/serving/c.ts"]],
      ["server/serving/c.ts", []],
      ["server/security/b.ts", ["app/x.ts"]],
    ]);
    expect(subfolderCycles(oneWay, "server")).toEqual([]);
    const circle = new Map([
      ...oneWay,
      ["server/security/b.ts", ["server/running/d.ts"]],
      ["server/running/d.ts", ["server/serving/c.ts"]],
    ]);
    expect(subfolderCycles(circle, "server")).toEqual([
      "server/running/ and server/security/ and server/serving/ import each other: " +
        "server/serving/a.ts imports server/security/b.ts; " +
        "server/security/b.ts imports server/running/d.ts; " +
        "server/running/d.ts imports server/serving/c.ts",
    ]);
    // A subfolder importing the folder's own files (the composition) is a cycle too.
    const upward = new Map([...oneWay, ["server/serving/c.ts", ["server/site-server.ts"]]]);
    expect(subfolderCycles(upward, "server")[0]).toMatch(/^server\/ and server\/serving\/ /);
  });

  it("finds process.env outside app/config in app/, NODE_ENV aside", () => {
    expect(readsEnvironment("app/content/x.server.ts", "const p = process.env.PORT;")).toBe(true);
    expect(readsEnvironment("app/content/x.server.ts", "process.env.NODE_ENV === 'x'")).toBe(false);
    expect(readsEnvironment("app/config/env.server.ts", "parseEnv(process.env)")).toBe(false);
    expect(readsEnvironment("server/main.ts", "process.env.PORT")).toBe(false);
  });

  it("holds for the project's own source", () => {
    expect(checkImports(PROJECT_DIR)).toEqual([]);
  });
});
