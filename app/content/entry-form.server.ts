// The form of the entry behind a page, for the page's action: the entry is found as the
// page's loader finds it, but no page model is built (a submission needs the form only).
import type { FormDefinition } from "~/forms/model";
import { notFound, withContent } from "./content-errors.server";
import { type LocalEntry, loadLinkContext } from "./entries.server";
import { loadPointedForm } from "./forms.server";

export function loadEntryForm(
  path: string,
  find: () => Promise<LocalEntry | undefined>,
): Promise<FormDefinition | undefined> {
  return withContent(path, async () => {
    const entry = await find();
    if (!entry) notFound(path);
    return loadPointedForm(entry.meta.form, await loadLinkContext(`form of ${path}`));
  });
}
