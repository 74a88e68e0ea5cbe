/**
 * One run of `content:schema`: compare the content model with the CMS, print the
 * difference, and with `apply` make the changes. The exit code: 0 when nothing is in the way
 * (in a dry run, changes may remain to be made), 1 when a conflict or an error of the CMS
 * stopped something.
 */
import type { ContentModel } from "../../app/content/model";
import type { BcmsClient } from "../../bcms";
import { applySchemaChanges, readInstanceModel } from "./apply";
import { describeChange, type Finding, type FindingKind, planSchema } from "./plan";

export interface SchemaRunOptions {
  client: BcmsClient;
  model: ContentModel;
  apply: boolean;
  /** One line of output (stdout) and one line of trouble (stderr). */
  print(line: string): void;
  warn(line: string): void;
}

const SECTIONS: readonly { kind: FindingKind; title: string }[] = [
  { kind: "missing", title: "missing (the site expects it; created by --apply)" },
  { kind: "differs", title: "differs (reported only: change it in the CMS if the site needs it)" },
  { kind: "extra", title: "extra (not in the content model; left as it is)" },
  { kind: "conflict", title: "conflicts (nothing is written for them)" },
];

export function formatFindings(findings: readonly Finding[]): string[] {
  const lines: string[] = [];
  for (const section of SECTIONS) {
    const found = findings.filter((finding) => finding.kind === section.kind);
    if (found.length === 0) continue;
    lines.push(`${section.title}:`);
    for (const finding of found) lines.push(`  ${finding.subject}: ${finding.detail}`);
  }
  return lines;
}

export async function runContentSchema(options: SchemaRunOptions): Promise<number> {
  const { client, print, warn } = options;
  const instance = await readInstanceModel(client);
  const plan = planSchema(options.model, instance);
  for (const line of formatFindings(plan.findings)) print(line);
  const conflicts = plan.findings.filter((finding) => finding.kind === "conflict").length;
  const conflictNote =
    conflicts > 0 ? `; ${conflicts} conflict(s) left for a person to resolve in the CMS` : "";
  if (plan.changes.length === 0) {
    print(
      `nothing to do: the CMS has every template, group, widget, prop and status the site expects${conflictNote}`,
    );
    return conflicts > 0 ? 1 : 0;
  }
  if (!options.apply) {
    print(`${plan.changes.length} change(s) to make:`);
    for (const change of plan.changes) print(`  ${describeChange(change)}`);
    print(
      `dry run: nothing written; run \`npm run content:schema -- --apply\` to make them${conflictNote}`,
    );
    return conflicts > 0 ? 1 : 0;
  }
  const report = await applySchemaChanges(client, instance, plan.changes, (change) =>
    print(`applied: ${describeChange(change)}`),
  );
  if (report.failed) {
    warn(`failed: ${describeChange(report.failed.change)}: ${report.failed.error.message}`);
    warn(
      report.applied.length > 0
        ? `applied before the failure: ${report.applied.map(describeChange).join("; ")}`
        : "nothing was applied",
    );
    for (const change of report.notTried) warn(`not tried: ${describeChange(change)}`);
    warn("run the command again once the cause is fixed: it starts from what the CMS has then");
    return 1;
  }
  print(`done: ${report.applied.length} change(s) applied${conflictNote}`);
  return conflicts > 0 ? 1 : 0;
}
