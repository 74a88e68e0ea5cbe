// The consent-banner part of `content:check`: every `consent-banner` entry of a snapshot is
// read the way the site reads it (app/content/consent.server.ts), so a wording the site would
// refuse (no version, a missing label, a policy page that is not a published page) is
// reported before it is published. No published entry at all is a warning: the site then
// shows its built-in wording.
import { CONSENT_BANNER_TEMPLATE, readConsentWording } from "../app/content/consent.server";
import { entryPath, type LocalEntry, TEMPLATES } from "../app/content/entries.server";
import { readString } from "../app/content/read.server";
import { openSnapshotEntries } from "./snapshot-entries";

export interface ConsentProblem {
  /** The entry's slug (its id when it has none). */
  entry: string;
  message: string;
}

export interface ConsentCheck {
  /** consent-banner entries checked (published or not). */
  banners: number;
  problems: ConsentProblem[];
  warnings: string[];
}

export const NO_PUBLISHED_BANNER_WARNING = `no published ${CONSENT_BANNER_TEMPLATE} entry: the site shows its built-in banner wording`;

export async function checkConsentBanners(dir: string): Promise<ConsentCheck> {
  const { lng, entriesOf } = await openSnapshotEntries(dir);

  // The site resolves the policy page through the paths of published entries (entries.server.ts).
  const paths = new Map<string, string>();
  for (const name of Object.values(TEMPLATES)) {
    for (const { id, local, published } of entriesOf(name)) {
      const path = published && local ? entryPath(local) : undefined;
      if (path) paths.set(id, path);
    }
  }

  const problems: ConsentProblem[] = [];
  const banners = entriesOf(CONSENT_BANNER_TEMPLATE);
  const published: LocalEntry[] = [];
  for (const { id, local, published: isLive } of banners) {
    const name = (local && readString(local.meta.slug)) ?? id;
    if (!local) {
      problems.push({ entry: name, message: `no meta in the default language (${lng})` });
      continue;
    }
    if (isLive) published.push(local);
    const reading = readConsentWording(local, { resolveEntryPath: (eid) => paths.get(eid) });
    if ("problems" in reading) {
      for (const message of reading.problems) problems.push({ entry: name, message });
    }
  }
  const warnings = published.length === 0 ? [NO_PUBLISHED_BANNER_WARNING] : [];
  return { banners: banners.length, problems, warnings };
}
