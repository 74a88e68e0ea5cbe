// The forms part of `content:check`: every `form` entry of a snapshot is read the way the
// site reads it (app/content/forms.server.ts), so a form the site would refuse (a reserved
// or repeated field name, a choice without options, no submit label...) is reported before
// it is published, and so is a redirect to a path no page of the snapshot has.
import { FORM_TEMPLATE, TEMPLATES } from "../app/content/entries.server";
import { readFormEntry } from "../app/content/forms.server";
import { readString } from "../app/content/read.server";
import { openSnapshotEntries } from "./snapshot-entries";

/** Site paths of `page` entries are where a form may send the visitor. */
const PAGE_TEMPLATE = TEMPLATES.page;

export interface FormProblem {
  form: string;
  message: string;
}

export async function checkForms(dir: string): Promise<{ forms: number; problems: FormProblem[] }> {
  const { lng, entriesOf } = await openSnapshotEntries(dir);
  const pagePaths = new Set(
    entriesOf(PAGE_TEMPLATE).flatMap(({ local }) => {
      const path = local && readString(local.meta.path);
      return path ? [path] : [];
    }),
  );
  const problems: FormProblem[] = [];
  const forms = entriesOf(FORM_TEMPLATE);
  for (const { id, local } of forms) {
    const name = (local && readString(local.meta.slug)) ?? id;
    if (!local) {
      problems.push({ form: name, message: `no meta in the default language (${lng})` });
      continue;
    }
    const reading = readFormEntry(local, { resolveInternalHref: () => undefined });
    if (!reading.ok) {
      for (const message of reading.problems) problems.push({ form: name, message });
      continue;
    }
    const outcome = reading.definition.outcome;
    if (outcome.kind === "redirect" && !pagePaths.has(outcome.path)) {
      problems.push({
        form: name,
        message: `redirect_path ${outcome.path} is not the path of any page entry`,
      });
    }
  }
  return { forms: forms.length, problems };
}
