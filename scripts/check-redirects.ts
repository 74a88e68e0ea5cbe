// The redirects part of `content:check`: every public `redirect` entry of a snapshot is
// merged the way the server merges them (app/redirects/cms-redirects.ts), so a `from` that
// is not a path, a target that is neither a path nor an https URL, or a loop (through the
// code's table too) is reported before it is published. A redirect a page hides is a warning:
// the site serves the page, as it should, but the editor may not expect it.
import { entryPath, TEMPLATES } from "../app/content/entries.server";
import { readString } from "../app/content/read.server";
import { mergeRedirects, REDIRECT_TEMPLATE } from "../app/redirects/cms-redirects";
import { REDIRECTS } from "../app/redirects/redirect-table";
import { openSnapshotEntries } from "./snapshot-entries";

/** Any origin does: the code's host rules never take part in a chain. */
const CHECK_ORIGIN = "https://site.invalid";

export interface RedirectProblem {
  entry: string;
  message: string;
}

export async function checkRedirects(dir: string): Promise<{
  redirects: number;
  problems: RedirectProblem[];
  warnings: RedirectProblem[];
}> {
  const { entriesOf } = await openSnapshotEntries(dir);
  const pages = new Map<string, string>();
  for (const template of Object.values(TEMPLATES)) {
    for (const { id, local, published } of entriesOf(template)) {
      const path = published && local ? entryPath(local) : undefined;
      if (path) pages.set(path, id);
    }
  }
  const entries = entriesOf(REDIRECT_TEMPLATE).filter((entry) => entry.published);
  const merged = mergeRedirects(
    {
      redirects: entries.map(({ id, local }) => ({
        entryId: id,
        from: local && readString(local.meta.from),
        to: local && readString(local.meta.to),
        status: local && readString(local.meta.status),
      })),
      pages,
      past: [],
    },
    REDIRECTS,
    CHECK_ORIGIN,
  );
  const problems: RedirectProblem[] = [];
  const warnings: RedirectProblem[] = [];
  for (const notice of merged.notices) {
    (notice.kind === "refused" ? problems : warnings).push({
      entry: notice.entryId,
      message: notice.problem,
    });
  }
  return { redirects: entries.length, problems, warnings };
}
