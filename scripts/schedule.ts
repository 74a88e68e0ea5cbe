// `npm run schedule`: what goes live or leaves, and when. Reads the CMS the site reads (with
// BCMS_ORIGIN unset, the embedded content service over CONTENT_DIR, started for the moment)
// and lists, soonest first, every publish_at and unpublish_at still to come of the page-like
// entries, in UTC and at the offset the editor saved it with; then every entry whose times
// the site refuses (it stays as visitors saw it). The last public version the site keeps of
// a reworked entry has times of its own (its unpublish_at ends it too): with the site's store
// (DATABASE_URL, or DATA_DIR holding it) they are listed as well. Exits 1 when there is a problem.
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { installEnv, type SiteEnv, withEmbeddedContentPort } from "../app/config/env.server";
import { readEnvOrReport } from "../app/config/read-env";
import type { PublishedVersionStore } from "../app/content/last-public-versions";
import { isRec, readString } from "../app/content/read.server";
import {
  offsetLabel,
  type PublicationWindow,
  readWindow,
  timesAfter,
  utcLabel,
} from "../app/content/schedule.server";
import { createJsonLogger } from "../app/logging/logger.server";
import type { RunningContentServer } from "../content-server/server";
import { startEmbeddedContent } from "../server/running/embedded-content";
import { openStore } from "../server/store/open-store";
import { SQLITE_FILE } from "../server/store/sqlite-store";
import type { SiteStore } from "../server/store/store";

export interface ScheduleRow {
  at: number;
  /** At the editor's offset (schedule.server.ts offsetLabel). */
  editor: string;
  kind: "publish" | "unpublish";
  template: string;
  entry: string;
  /** False: the entry is not in the public status, so the time changes nothing yet. */
  isPublic: boolean;
  /** The time is the kept last public version's (the entry is being reworked). */
  kept?: boolean;
}

export interface ScheduleListing {
  rows: ScheduleRow[];
  problems: { template: string; entry: string; problem: string }[];
}

/**
 * Reads every page-like entry of the configured CMS (the environment must be installed
 * first: the content layer is loaded after it), and the kept versions `store` holds of them.
 */
export async function readScheduleListing(
  now: number,
  store?: PublishedVersionStore,
): Promise<ScheduleListing> {
  const { getContentClient } = await import("../app/content/content-client.server");
  const { getDefaultLanguage, TEMPLATES } = await import("../app/content/entries.server");
  const { isPublicEntry, publicStatus } = await import("../app/content/public-status.server");
  const lng = await getDefaultLanguage();
  const listing: ScheduleListing = { rows: [], problems: [] };
  for (const template of Object.values(TEMPLATES)) {
    const entries = await getContentClient().entry.getAllParsed(template);
    const kept = new Map(
      store
        ? (await store.getPublishedVersions(entries.map((e) => e._id))).map((v) => [v.entryId, v])
        : [],
    );
    for (const entry of entries) {
      const name = nameOf(entry, lng);
      const reading = readWindow(localMeta(entry, lng));
      if (!reading.ok) {
        listing.problems.push({ template, entry: name, problem: reading.problem });
      } else {
        const isPublic = isPublicEntry(entry, lng, publicStatus());
        listing.rows.push(
          ...rowsOfWindow(reading.window, now, entry._id, template, name, isPublic),
        );
      }
      const version = kept.get(entry._id)?.entry;
      const keptReading = isRec(version) ? readWindow(localMeta(version, lng)) : undefined;
      if (!keptReading?.ok) continue;
      for (const row of rowsOfWindow(keptReading.window, now, entry._id, template, name, true)) {
        const same = listing.rows.some(
          (r) =>
            r.entry === name && r.template === template && r.kind === row.kind && r.at === row.at,
        );
        if (!same) listing.rows.push({ ...row, kept: true });
      }
    }
  }
  listing.rows.sort((a, b) => a.at - b.at || a.entry.localeCompare(b.entry));
  return listing;
}

function localMeta(entry: { meta?: unknown }, lng: string) {
  const meta = isRec(entry.meta) ? entry.meta[lng] : undefined;
  return isRec(meta) ? meta : undefined;
}

function nameOf(entry: { _id: string; meta?: unknown }, lng: string): string {
  return readString(localMeta(entry, lng)?.slug) ?? entry._id;
}

function rowsOfWindow(
  window: PublicationWindow,
  now: number,
  entryId: string,
  template: string,
  name: string,
  isPublic: boolean,
): ScheduleRow[] {
  return timesAfter(window, now, { entryId, templateName: template }).map((time) => ({
    at: time.at,
    editor: offsetLabel(time),
    kind: time.kind,
    template,
    entry: name,
    isPublic,
  }));
}

/** The listing as the command prints it: one line per time, then the problems. */
export function formatScheduleListing(listing: ScheduleListing): string[] {
  const lines = listing.rows.map((row) =>
    [
      utcLabel(row.at),
      `(${row.editor})`,
      row.kind === "publish" ? "goes live" : "leaves   ",
      row.template,
      row.entry,
      ...(row.isPublic ? [] : ["(not in the public status: nothing changes until it is)"]),
      ...(row.kept ? ["(its last public version, which visitors see while it is reworked)"] : []),
    ].join("  "),
  );
  if (lines.length === 0) lines.push("nothing is scheduled");
  for (const { template, entry, problem } of listing.problems) {
    lines.push(`problem: ${template} ${entry}: ${problem} (the entry stays as visitors saw it)`);
  }
  return lines;
}

async function main(): Promise<number> {
  const env = readEnvOrReport(process.env);
  if (!env) return 1;
  let content: RunningContentServer | undefined;
  let store: SiteStore | undefined;
  let siteEnv: SiteEnv = env;
  try {
    if (env.embeddedContent) {
      const logger = createJsonLogger({ secrets: [env.bcms.apiKey.secret], level: "error" });
      content = await startEmbeddedContent(env, { port: 0, logger, watch: false });
      siteEnv = withEmbeddedContentPort(env, content.port);
    }
    installEnv(siteEnv);
    store = await openSiteStore(env);
    if (!store) console.log(`(no site store here: ${NO_STORE_NOTE})`);
    const listing = await readScheduleListing(Date.now(), store?.publishedVersions);
    for (const line of formatScheduleListing(listing)) console.log(line);
    return listing.problems.length > 0 ? 1 : 0;
  } finally {
    await store?.close();
    await content?.close();
  }
}

const NO_STORE_NOTE =
  "the times of kept versions of reworked entries are not listed; run it with DATABASE_URL or the site's DATA_DIR";

/** The site's store when this machine has it (never a new one made for the moment). */
async function openSiteStore(env: SiteEnv): Promise<SiteStore | undefined> {
  const dataDir = path.resolve(env.dataDir);
  if (!env.databaseUrl && !existsSync(path.join(dataDir, SQLITE_FILE))) return undefined;
  return openStore({ databaseUrl: env.databaseUrl, dataDir });
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`schedule: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
