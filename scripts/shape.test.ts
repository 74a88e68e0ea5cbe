import { describe, expect, it } from "vitest";
import { checkShape, MAX_FUNCTION_LINES } from "./check-shape";
import { commentShare, type FolderShape, isTestCode, measureSource } from "./shape";

const SOURCE = `// A header comment.
/**
 * A JSDoc block.
 */
export function outer(a: number): number {
  const inner = (b: number) => {
    return b + 1; // a trailing comment is code's line
  };
  /* one more */
  return inner(a);
}

class Box {
  constructor() {}
  open() {
    return [1, 2].map((n) => n * 2);
  }
}

export default function () {
  const url = "http://not-a-comment"; const re = /\\/\\//;
  return { run() { return url + re.source; } };
}
`;

describe("measuring the code's shape", () => {
  it("measures each function first to last line, nested ones on their own, by a reader's name", () => {
    const { functions } = measureSource("x.ts", SOURCE);
    expect(functions.map(({ name, line, lines }) => ({ name, line, lines }))).toEqual([
      { name: "outer", line: 5, lines: 7 },
      { name: "inner", line: 6, lines: 3 },
      { name: "Box.constructor", line: 14, lines: 1 },
      { name: "Box.open", line: 15, lines: 3 },
      { name: "[1,2].map callback", line: 16, lines: 1 },
      { name: "default export", line: 20, lines: 4 },
      { name: "run", line: 22, lines: 1 },
    ]);
  });

  it("counts the lines that hold a comment and no code, JSDoc included", () => {
    const shape = measureSource("x.ts", SOURCE);
    // The header, the three JSDoc lines and `/* one more */`; not the trailing comment, not
    // the `//` inside a string or a regular expression.
    expect(shape.commentLines).toBe(5);
    expect(shape.nonBlankLines).toBe(21);
    expect(commentShare(shape)).toBeCloseTo(5 / 21);
  });

  it("counts JSX text as code and leaves out white space between elements", () => {
    const shape = measureSource(
      "x.tsx",
      "export const A = () => (\n  <p>\n    {/* a note */}\n    Hello\n  </p>\n);\n",
    );
    expect(shape.functions).toEqual([{ name: "A", file: "x.tsx", line: 1, lines: 6 }]);
    // `{/* a note */}` is braces around a comment: code by its braces.
    expect(shape.commentLines).toBe(0);
    expect(shape.nonBlankLines).toBe(6);
  });

  it("leaves tests and the test kits out", () => {
    expect(isTestCode("bcms/http.test.ts")).toBe(true);
    expect(isTestCode("app/forms/form-view.test.tsx")).toBe(true);
    expect(isTestCode("tests/support/site-build.ts")).toBe(true);
    expect(isTestCode("tests/e2e/forms.spec.ts")).toBe(true);
    expect(isTestCode("bcms/http.ts")).toBe(false);
  });

  it("names each function over the limit, and none at it", () => {
    const at = MAX_FUNCTION_LINES;
    const folder: FolderShape = {
      folder: "bcms",
      files: 1,
      commentLines: 0,
      nonBlankLines: 400,
      functions: [
        { name: "long", file: "bcms/a.ts", line: 3, lines: at + 1 },
        { name: "fits", file: "bcms/a.ts", line: 200, lines: at },
      ],
    };
    expect(checkShape([folder])).toEqual([`bcms/a.ts:3 long is ${at + 1} lines (at most ${at})`]);
  });
});
