// The content model part of `content:check`: the snapshot's templates, groups, widgets and
// statuses compared with the model the site expects (app/content/model/), as
// `content:schema` compares a CMS. A prop the site reads that a template, group or widget of
// the snapshot lacks, or has as another type, is a problem; a whole template, group, widget
// or status missing, and other differences, are warnings (the site runs without them,
// showing none of it: a snapshot for a test may hold only part of the model); what the
// model does not know is left alone.
import { CONTENT_MODEL } from "../app/content/model";
import { readSnapshot } from "../content-server/snapshot-files";
import { type Finding, type InstanceModel, planSchema } from "./content-schema/plan";

export async function snapshotModel(dir: string): Promise<InstanceModel> {
  const snapshot = await readSnapshot(dir);
  return {
    statuses: [...snapshot.statuses.values()],
    groups: [...snapshot.groups.values()],
    widgets: [...snapshot.widgets.values()],
    templates: [...snapshot.templates.values()],
  };
}

export async function checkModel(dir: string): Promise<{ problems: string[]; warnings: string[] }> {
  const { findings } = planSchema(CONTENT_MODEL, await snapshotModel(dir));
  const line = (finding: Finding) =>
    `content model: ${finding.subject} ${finding.kind === "missing" ? "is missing" : finding.detail}`;
  const isProblem = (finding: Finding) =>
    finding.kind === "conflict" || (finding.kind === "missing" && finding.prop !== undefined);
  // A missing template, group or widget is one warning, not one more per prop it would have.
  const missingOwners = findings
    .filter((finding) => finding.kind === "missing" && finding.prop === undefined)
    .map((finding) => `${finding.subject} prop `);
  const ofMissingOwner = (finding: Finding) =>
    missingOwners.some((owner) => finding.subject.startsWith(owner));
  return {
    problems: findings.filter(isProblem).map(line),
    warnings: findings
      .filter((finding) => !isProblem(finding) && finding.kind !== "extra")
      .filter((finding) => !ofMissingOwner(finding))
      .map(line),
  };
}
