// The size rule `npm run lint` keeps: no function outside the tests runs past
// MAX_FUNCTION_LINES lines (measured as scripts/shape.ts measures, nested functions on their
// own too). A longer one is a module waiting to be named: split it into pieces that say what
// they do. It prints one line per function over the limit and exits non-zero on any.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { PROJECT_DIR } from "../server/running/build-stamp";
import { type FolderShape, measureProject } from "./shape";

export const MAX_FUNCTION_LINES = 150;

export function checkShape(folders: readonly FolderShape[]): string[] {
  return folders.flatMap((shape) =>
    shape.functions
      .filter((fn) => fn.lines > MAX_FUNCTION_LINES)
      .map(
        (fn) =>
          `${fn.file}:${fn.line} ${fn.name} is ${fn.lines} lines (at most ${MAX_FUNCTION_LINES})`,
      ),
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const problems = checkShape(measureProject(PROJECT_DIR));
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) process.exit(1);
  console.log(`shape: no function outside the tests is over ${MAX_FUNCTION_LINES} lines`);
}
