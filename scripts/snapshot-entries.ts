// A snapshot's entries as the site reads them, for the parts of `content:check` that run
// the site's own readers: parsed, localised to the default language, and marked published
// (public now, its schedule included) or not.
import { isPublished, type LocalEntry, localise } from "../app/content/entries.server";
import { readWindow, windowIncludes } from "../app/content/schedule.server";
import { silentLogger } from "../app/logging/logger.server";
import { EntryParser } from "../content-server/parser";
import { ContentStore } from "../content-server/snapshot-store";

export interface SnapshotEntry {
  id: string;
  /** Undefined when the entry has no meta in the default language. */
  local: LocalEntry | undefined;
  /** Public now: in the public status, and inside its publish_at / unpublish_at. */
  published: boolean;
}

export async function openSnapshotEntries(dir: string): Promise<{
  /** The default language's code. */
  lng: string;
  /** Every entry of the template called `name` (none when there is no such template). */
  entriesOf(name: string): SnapshotEntry[];
}> {
  const store = await ContentStore.open(dir, silentLogger);
  const parser = new EntryParser(store, "");
  const lng = store.defaultLanguage()?.code ?? "en";
  return {
    lng,
    entriesOf(name) {
      const template = store.list("templates").find((t) => t.name === name);
      return (template ? store.entriesOf(template._id) : []).map((raw) => {
        const parsed = parser.parseEntry(raw);
        const local = parsed ? localise(parsed, lng) : undefined;
        const reading = readWindow(local?.meta);
        return {
          id: raw._id,
          local,
          published:
            parsed !== undefined &&
            isPublished(parsed, lng) &&
            reading.ok &&
            windowIncludes(reading.window, Date.now()),
        };
      });
    },
  };
}
