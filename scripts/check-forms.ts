// The forms part of `content:check`: every `form` entry of a snapshot is read the way the
// site reads it (app/content/forms.server.ts), so a form the site would refuse (a reserved
// or repeated field name, a choice without options, no submit label...) is reported before
// it is published, and so is a redirect to a path no page of the snapshot has.
import { FORM_TEMPLATE, localise, TEMPLATES } from "../app/content/entries.server";
import { readFormEntry } from "../app/content/forms.server";
import { readString } from "../app/content/read.server";
import { silentLogger } from "../content-server/logger";
import { EntryParser } from "../content-server/parser";
import { ContentStore } from "../content-server/store";

/** Site paths of `page` entries are where a form may send the visitor. */
const PAGE_TEMPLATE = TEMPLATES.page;

export interface FormProblem {
  form: string;
  message: string;
}

export async function checkForms(dir: string): Promise<{ forms: number; problems: FormProblem[] }> {
  const store = await ContentStore.open(dir, silentLogger);
  const parser = new EntryParser(store, "");
  const lng = store.defaultLanguage()?.code ?? "en";
  const template = (name: string) => store.list("templates").find((t) => t.name === name);
  const entriesOf = (name: string) => {
    const found = template(name);
    return found ? store.entriesOf(found._id) : [];
  };
  const pagePaths = new Set(
    entriesOf(PAGE_TEMPLATE).flatMap((entry) => {
      const parsed = parser.parseEntry(entry);
      const local = parsed && localise(parsed, lng);
      const path = local && readString(local.meta.path);
      return path ? [path] : [];
    }),
  );
  const problems: FormProblem[] = [];
  const forms = entriesOf(FORM_TEMPLATE);
  for (const entry of forms) {
    const parsed = parser.parseEntry(entry);
    const local = parsed && localise(parsed, lng);
    const name = (local && readString(local.meta.slug)) ?? entry._id;
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
