// The schedule part of `content:check`: every page-like entry's publish_at and unpublish_at
// are read the way the site reads them (app/content/schedule.server.ts), so a time the site
// would refuse (an unpublish_at not after publish_at, a DATE without a usable timestamp) is
// reported before it leaves an entry as it was.
import { TEMPLATES } from "../app/content/entries.server";
import { readString } from "../app/content/read.server";
import { readWindow } from "../app/content/schedule.server";
import { openSnapshotEntries } from "./snapshot-entries";

export interface ScheduleProblem {
  template: string;
  entry: string;
  message: string;
}

export async function checkSchedules(
  dir: string,
): Promise<{ entries: number; problems: ScheduleProblem[] }> {
  const { entriesOf } = await openSnapshotEntries(dir);
  const problems: ScheduleProblem[] = [];
  let entries = 0;
  for (const template of Object.values(TEMPLATES)) {
    for (const { id, local } of entriesOf(template)) {
      entries += 1;
      const reading = readWindow(local?.meta);
      if (reading.ok) continue;
      const entry = (local && readString(local.meta.slug)) ?? id;
      problems.push({ template, entry, message: reading.problem });
    }
  }
  return { entries, problems };
}
