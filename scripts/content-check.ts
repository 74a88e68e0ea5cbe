/**
 * `npm run content:check [folder]`: validates a snapshot (the argument, else
 * CONTENT_DIR, else content/) against its templates. Prints one line per
 * problem and exits 1 when there is any; otherwise prints the summary.
 */
import { checkSnapshot, summarize } from "../content-server/snapshot-check";

async function main(): Promise<number> {
  const dir = process.argv[2] || process.env.CONTENT_DIR || "content";
  const report = await checkSnapshot(dir);
  for (const problem of report.problems) console.error(problem.text);
  const summary = summarize(report);
  if (report.problems.length > 0) {
    console.error(summary);
    return 1;
  }
  console.log(summary);
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`content:check failed: ${(error as Error).message}`);
    process.exitCode = 2;
  },
);
