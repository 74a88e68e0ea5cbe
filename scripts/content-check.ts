/**
 * `npm run content:check [folder]`: validates a snapshot (the argument, else
 * CONTENT_DIR, else content/) against its templates. Prints one line per
 * problem and exits 1 when there is any; otherwise prints the summary.
 */
import { checkSnapshot, summarize } from "../content-server/snapshot-check";
import { checkForms } from "./check-forms";

async function main(): Promise<number> {
  const dir = process.argv[2] || process.env.CONTENT_DIR || "content";
  const report = await checkSnapshot(dir);
  for (const problem of report.problems) console.error(problem.text);
  // Forms are read the way the site reads them, once the snapshot itself is sound.
  const forms = report.problems.length === 0 ? await checkForms(dir) : { forms: 0, problems: [] };
  for (const problem of forms.problems) console.error(`form ${problem.form}: ${problem.message}`);
  const summary = `${summarize(report)}; ${forms.forms} forms checked`;
  if (report.problems.length > 0 || forms.problems.length > 0) {
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
