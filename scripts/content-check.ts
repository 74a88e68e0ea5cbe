/**
 * `npm run content:check [folder]`: validates a snapshot (the argument, else
 * CONTENT_DIR, else content/) against its templates and the content model the site
 * expects (app/content/model/), then reads its forms, consent banners and redirects the
 * way the site does, and page-like entries' publish_at and unpublish_at as the site reads
 * them. Prints one line per problem and exits 1 when there is any; otherwise prints the
 * summary. Warnings (no published consent
 * banner) are printed but do not fail the check.
 */

import { readEnvOrReport } from "../app/config/read-env";
import { checkSnapshot, summarize } from "../content-server/snapshot-check";
import { checkConsentBanners } from "./check-consent";
import { checkForms } from "./check-forms";
import { checkModel } from "./check-model";
import { checkRedirects } from "./check-redirects";
import { checkSchedules } from "./check-schedule";

async function main(): Promise<number> {
  const env = readEnvOrReport(process.env);
  if (!env) return 1;
  const dir = process.argv[2] || env.contentDir;
  const report = await checkSnapshot(dir);
  for (const problem of report.problems) console.error(problem.text);
  // The model the site expects (app/content/model/): what it reads must be there.
  const model = await checkModel(dir);
  for (const problem of model.problems) console.error(problem);
  for (const warning of model.warnings) console.warn(`warning: ${warning}`);
  // Forms and the consent banner are read the way the site reads them, once the snapshot
  // itself is sound.
  const sound = report.problems.length === 0;
  const forms = sound ? await checkForms(dir) : { forms: 0, problems: [] };
  for (const problem of forms.problems) console.error(`form ${problem.form}: ${problem.message}`);
  const consent = sound
    ? await checkConsentBanners(dir)
    : { banners: 0, problems: [], warnings: [] };
  for (const problem of consent.problems) {
    console.error(`consent-banner ${problem.entry}: ${problem.message}`);
  }
  for (const warning of consent.warnings) console.warn(`warning: ${warning}`);
  const redirects = sound
    ? await checkRedirects(dir)
    : { redirects: 0, problems: [], warnings: [] };
  for (const problem of redirects.problems) {
    console.error(`redirect ${problem.entry}: ${problem.message}`);
  }
  for (const warning of redirects.warnings) {
    console.warn(`warning: redirect ${warning.entry}: ${warning.message}`);
  }
  const schedules = sound ? await checkSchedules(dir) : { entries: 0, problems: [] };
  for (const problem of schedules.problems) {
    console.error(`${problem.template} ${problem.entry}: ${problem.message}`);
  }
  const modelProblems =
    model.problems.length === 1 ? "1 problem" : `${model.problems.length} problems`;
  const summary = `${summarize(report)}; content model: ${modelProblems}; ${forms.forms} forms checked; ${consent.banners} consent banners checked; ${redirects.redirects} redirects checked; ${schedules.entries} schedules checked`;
  const failed = [
    report.problems,
    model.problems,
    forms.problems,
    consent.problems,
    redirects.problems,
    schedules.problems,
  ];
  if (failed.some((problems) => problems.length > 0)) {
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
