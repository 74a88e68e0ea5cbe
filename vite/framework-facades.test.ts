import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { facadeExports, missingFacadeImports } from "./framework-facades";

const reactFacade = facadeExports(
  readFileSync(new URL("./facades/react.ts", import.meta.url), "utf8"),
);
const exportsOf = (module: string) => (module === "react" ? reactFacade : undefined);

describe("framework facades", () => {
  it("reads the names the React facade exports", () => {
    expect(reactFacade.has("useState")).toBe(true);
    expect(reactFacade.has("useEffect")).toBe(true);
    expect(reactFacade.has("useReducer")).toBe(false);
  });

  it("names a React API an app module imports that the facade lacks", () => {
    const code = `import { useState, useReducer as reduce } from "react";\nimport { Link } from "react-router";`;
    expect(missingFacadeImports(code, exportsOf)).toEqual([
      { module: "react", name: "useReducer" },
    ]);
  });

  it("passes type-only imports, default-plus-named imports the facade covers, and other modules", () => {
    const code = [
      `import type { ReactNode, ComponentType } from "react";`,
      `import { type CSSProperties, useId } from "react";`,
      `import React, { useRef } from "react";`,
      `import { useMemo } from "preact";`,
    ].join("\n");
    expect(missingFacadeImports(code, exportsOf)).toEqual([]);
  });
});
