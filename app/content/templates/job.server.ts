// `job` entries → JobModel, listed on /jobs. A job needs a title and a link to apply.
import { withContent } from "../content-errors.server";
import {
  entryModifiedAt,
  entrySlug,
  getPublishedEntries,
  type LocalEntry,
  TEMPLATES,
} from "../entries.server";
import { entrySource } from "../entry-source.server";
import type { JobModel } from "../models";
import { readString } from "../read.server";
import { CONTENT_URL_PATTERNS } from "../urls";

const DEFAULT_EMPLOYMENT_TYPE = "full-time";

export function toJob(entry: LocalEntry<"job">): JobModel | undefined {
  const m = entry.meta;
  const title = readString(m.title);
  const applyUrl = readString(m.apply_url);
  if (!title || !applyUrl) return undefined;
  const modifiedAt = entryModifiedAt(entry);
  return {
    slug: entrySlug(entry),
    title,
    department: readString(m.department) ?? "",
    location: readString(m.location) ?? "",
    employmentType: readString(m.employment_type) ?? DEFAULT_EMPLOYMENT_TYPE,
    applyUrl,
    description: readString(m.description) ?? "",
    ...(modifiedAt ? { modifiedAt } : {}),
    ...entrySource(entry),
  };
}

export function loadJobs(): Promise<JobModel[]> {
  return withContent(CONTENT_URL_PATTERNS.jobs, async () =>
    (await getPublishedEntries(TEMPLATES.job))
      .map(toJob)
      .filter((job): job is JobModel => job !== undefined),
  );
}
