// `npm run schedule`: what goes live or leaves, and when. Reads the CMS the site reads (with
// BCMS_ORIGIN unset, the embedded content service over CONTENT_DIR, started for the moment)
// and lists, soonest first, every publish_at and unpublish_at still to come of the page-like
// entries, in UTC and at the offset the editor saved it with; then every entry whose times
// the site refuses (it stays as visitors saw it). Exits 1 when there is such a problem.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { installEnv, type SiteEnv, withEmbeddedContentPort } from "../app/config/env.server";
import { readEnvOrReport } from "../app/config/read-env";
import { isRec, readString } from "../app/content/read.server";
import { offsetLabel, readWindow, timesAfter, utcLabel } from "../app/content/schedule.server";
import { createJsonLogger } from "../app/logging/logger.server";
import type { RunningContentServer } from "../content-server/server";
import { startEmbeddedContent } from "../server/running/embedded-content";

export interface ScheduleRow {
  at: number;
  /** At the editor's offset (schedule.server.ts offsetLabel). */
  editor: string;
  kind: "publish" | "unpublish";
  template: string;
  entry: string;
  /** False: the entry is not in the public status, so the time changes nothing yet. */
  isPublic: boolean;
}

export interface ScheduleListing {
  rows: ScheduleRow[];
  problems: { template: string; entry: string; problem: string }[];
}

/**
 * Reads every page-like entry of the configured CMS (the environment must be installed
 * first: the content layer is loaded after it).
 */
export async function readScheduleListing(now: number): Promise<ScheduleListing> {
  const { getContentClient } = await import("../app/content/content-client.server");
  const { getDefaultLanguage, TEMPLATES } = await import("../app/content/entries.server");
  const { isPublicEntry, publicStatus } = await import("../app/content/public-status.server");
  const lng = await getDefaultLanguage();
  const listing: ScheduleListing = { rows: [], problems: [] };
  for (const template of Object.values(TEMPLATES)) {
    for (const entry of await getContentClient().entry.getAllParsed(template)) {
      const meta = isRec(entry.meta) && isRec(entry.meta[lng]) ? entry.meta[lng] : undefined;
      const name = readString(meta?.slug) ?? entry._id;
      const reading = readWindow(meta);
      if (!reading.ok) {
        listing.problems.push({ template, entry: name, problem: reading.problem });
        continue;
      }
      const isPublic = isPublicEntry(entry, lng, publicStatus());
      for (const time of timesAfter(reading.window, now, {
        entryId: entry._id,
        templateName: template,
      })) {
        listing.rows.push({
          at: time.at,
          editor: offsetLabel(time),
          kind: time.kind,
          template,
          entry: name,
          isPublic,
        });
      }
    }
  }
  listing.rows.sort((a, b) => a.at - b.at || a.entry.localeCompare(b.entry));
  return listing;
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
  let siteEnv: SiteEnv = env;
  try {
    if (env.embeddedContent) {
      const logger = createJsonLogger({ secrets: [env.bcms.apiKey.secret], level: "error" });
      content = await startEmbeddedContent(env, { port: 0, logger, watch: false });
      siteEnv = withEmbeddedContentPort(env, content.port);
    }
    installEnv(siteEnv);
    const listing = await readScheduleListing(Date.now());
    for (const line of formatScheduleListing(listing)) console.log(line);
    return listing.problems.length > 0 ? 1 : 0;
  } finally {
    await content?.close();
  }
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
