// The record, beside the pages in build/, of what they were rendered from: the content
// versions (app/content/content-versions.ts), which pages exist (prerendered.json) and what
// each read (content-tags.json). The build writes the first record; the server moves it
// forward only once the pages a change touched are written again, all of them, so a process
// stopped (or killed) half-way finds at its next start what its pages still miss.
import { randomUUID } from "node:crypto";
import { readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { EVERYTHING } from "../../app/content/content-tags.server";
import {
  advanceContentVersions,
  type ContentVersions,
  parseContentVersions,
} from "../../app/content/content-versions";
import type { SiteLogger } from "../../app/logging/logger.server";
import { describeError } from "../../app/logging/logger.server";
import { PRERENDER_MANIFEST_FILE, type PrerenderManifest } from "../serving/prerendered";
import { CONTENT_TAGS_MANIFEST_FILE, type ContentTagsManifest } from "./content-dependencies";

/** Written by the build (scripts/build.ts) and rewritten by the server, beside client/. */
export const CONTENT_VERSIONS_FILE = "content-versions.json";

/** What the ledger writes with the versions: the pages as they are on disk now. */
export interface PageRecords {
  prerendered(): PrerenderManifest;
  dependencies(): ContentTagsManifest;
}

export class ContentLedger {
  /** Changes told since the last write, with what the CMS held when each was told. */
  private pending: { tags: readonly string[]; versions: ContentVersions }[] = [];
  private writing: Promise<void> = Promise.resolve();
  private writes = 0;

  private constructor(
    private readonly buildDir: string,
    private readonly pages: PageRecords,
    private readonly logger: SiteLogger,
    /** Undefined: the build recorded none (an older build): every page is suspect. */
    private current: ContentVersions | undefined,
  ) {}

  static async load(
    buildDir: string,
    pages: PageRecords,
    logger: SiteLogger,
  ): Promise<ContentLedger> {
    let recorded: ContentVersions | undefined;
    try {
      const text = await readFile(path.join(buildDir, CONTENT_VERSIONS_FILE), "utf8");
      recorded = parseContentVersions(JSON.parse(text));
      if (!recorded) logger.warn("content versions: unknown format, every page is checked");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") {
        logger.warn("content versions unreadable: every page is checked", {
          error: describeError(error),
        });
      }
    }
    return new ContentLedger(buildDir, pages, logger, recorded);
  }

  /** The versions the pages on disk were rendered from (at least as new). */
  get recorded(): ContentVersions | undefined {
    return this.current;
  }

  get writeCount(): number {
    return this.writes;
  }

  /** A change whose pages are queued: recorded once they are all written (`settle`). */
  note(tags: readonly string[], versions: ContentVersions | undefined): void {
    // Without the versions, the change cannot be recorded: the next start finds it again.
    if (versions) this.pending.push({ tags, versions });
  }

  /**
   * The refresher has nothing left to do. `clean`: every page it was given was written or
   * removed, so the changes told so far are recorded; otherwise (a page could not be
   * rendered, the refresher was stopped) they are forgotten, and the next start finds them.
   */
  settle(clean: boolean): Promise<void> {
    const told = this.pending;
    this.pending = [];
    if (!clean || told.length === 0) return this.writing;
    let next = this.current;
    for (const change of told) {
      // No record to move forward from: only a change of everything makes one.
      next = next
        ? advanceContentVersions(next, change.versions, change.tags)
        : change.tags.includes(EVERYTHING)
          ? change.versions
          : undefined;
    }
    if (!next) return this.writing;
    this.current = next;
    this.writing = this.writing.then(() => this.write(next));
    return this.writing;
  }

  flushed(): Promise<void> {
    return this.writing;
  }

  private async write(versions: ContentVersions): Promise<void> {
    try {
      // The versions last: a stop between the writes leaves pages newer than their record,
      // never a record newer than its pages.
      await writeAtomically(
        path.join(this.buildDir, PRERENDER_MANIFEST_FILE),
        this.pages.prerendered(),
      );
      await writeAtomically(
        path.join(this.buildDir, CONTENT_TAGS_MANIFEST_FILE),
        this.pages.dependencies(),
      );
      await writeAtomically(path.join(this.buildDir, CONTENT_VERSIONS_FILE), versions);
      this.writes += 1;
    } catch (error) {
      this.logger.error("content versions not recorded: the next start checks again", {
        error: describeError(error),
      });
    }
  }
}

/** Writes JSON beside the target and renames it over, so a reader never sees half a file. */
async function writeAtomically(file: string, value: unknown): Promise<void> {
  const temporary = `${file}.${randomUUID()}.tmp`;
  try {
    await writeFile(temporary, `${JSON.stringify(value)}\n`);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
