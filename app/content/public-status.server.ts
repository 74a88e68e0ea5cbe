// Which entries visitors may see. BCMS keeps one copy of an entry and treats statuses as
// labels, so "public" is the site's rule: the entry's status in the language is the
// configured public status (PUBLIC_STATUS: an id or a label, any case). An entry with no
// status at all is public, for instances that do not use statuses.
import type { EntryParsed } from "@thebcms/types";
import { getEnv } from "~/config/env.server";
import { isRec, readString } from "./read.server";

/** The entry's status in `lng`: its id and label, or undefined when it has none there. */
export function entryStatus(
  entry: Pick<EntryParsed, "statuses">,
  lng: string,
): { id?: string; label?: string } | undefined {
  const statuses = Array.isArray(entry.statuses) ? entry.statuses : [];
  const status = statuses.find((s) => isRec(s) && s.lng === lng);
  if (!isRec(status)) return undefined;
  return { id: readString(status.id), label: readString(status.label) };
}

/** The entry's status as an editor reads it: its label, else its id, else "none". */
export function entryStatusLabel(entry: Pick<EntryParsed, "statuses">, lng: string): string {
  const status = entryStatus(entry, lng);
  return status?.label ?? status?.id ?? "none";
}

/** True when the entry is public in `lng` under the public status `publicStatus`. */
export function isPublicEntry(
  entry: Pick<EntryParsed, "statuses">,
  lng: string,
  publicStatus: string,
): boolean {
  const statuses = Array.isArray(entry.statuses) ? entry.statuses : [];
  if (statuses.length === 0) return true;
  const status = entryStatus(entry, lng);
  const wanted = publicStatus.trim().toLowerCase();
  return status?.id?.toLowerCase() === wanted || status?.label?.toLowerCase() === wanted;
}

/** The configured public status (PUBLIC_STATUS, default `Published`). */
export function publicStatus(): string {
  return getEnv().publicStatus;
}
