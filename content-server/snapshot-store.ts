/**
 * The content store: the snapshot folder held in memory, written through to
 * disk. Writes run one at a time (a promise queue), are durable before they
 * are visible (fsync + rename + fsync dir), and writes touching several files
 * go through a journal that is rolled forward on the next start, so a crash
 * at any instant leaves either the old or the new state.
 */

import { readdir, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import type { Entry, EntryStatus, Language, Media } from "@thebcms/types";
import sharp from "sharp";
import type { SiteLogger } from "../app/logging/logger.server";
import { isErrno, isTempFileName, removeFileDurably, writeFileDurably } from "./fs-durable";
import { computeSizeTransforms, hasValidSizeTransforms } from "./size-transforms";
import {
  type AnyEntity,
  applyChanges,
  ENTITY_KINDS,
  type EntityByKind,
  type EntityChange,
  type EntityKind,
  type EntityMaps,
  entityPath,
  JOURNAL_FILE,
  listMediaFiles,
  MEDIA_FILES_DIR,
  readEntityFile,
  readJournal,
  readSnapshot,
  type SnapshotProblem,
  writeEntityFile,
} from "./snapshot-files";

export class StoreUnavailableError extends Error {}

interface Dimensions {
  width: number;
  height: number;
}

export class ContentStore {
  private queue: Promise<unknown> = Promise.resolve();
  private failure: Error | undefined;
  /** Pixel sizes read from the binary for IMG items whose JSON lacks them. */
  private readonly probed = new Map<string, Dimensions>();
  private readonly mediaViews = new WeakMap<Media, Media>();

  private constructor(
    readonly dir: string,
    private readonly maps: EntityMaps,
    private readonly mediaFiles: Map<string, string>,
    readonly loadProblems: readonly SnapshotProblem[],
    private readonly logger: SiteLogger,
  ) {}

  /** Loads a snapshot folder: finishes an interrupted write, removes stray temp files, reports bad files. */
  static async open(dir: string, logger: SiteLogger): Promise<ContentStore> {
    await removeTempFiles(dir);
    await rollForwardJournal(dir, logger);
    const data = await readSnapshot(dir);
    for (const problem of data.problems) {
      logger.warn(`content: skipped ${problem.file}: ${problem.message}`);
    }
    const store = new ContentStore(dir, data, data.mediaFiles, data.problems, logger);
    await Promise.all([...data.media.values()].map((media) => store.probeMedia(media)));
    return store;
  }

  get<K extends EntityKind>(kind: K, id: string): EntityByKind[K] | undefined {
    return this.maps[kind].get(id);
  }

  /** All items of a kind, oldest first (ties by id), so listings are stable. */
  list<K extends EntityKind>(kind: K): EntityByKind[K][] {
    return [...this.maps[kind].values()].sort(byCreation);
  }

  entriesOf(templateId: string): Entry[] {
    return this.list("entries").filter((entry) => entry.templateId === templateId);
  }

  /** Languages with the default one first: parsed output lists it first. */
  languages(): Language[] {
    return this.list("languages").sort((a, b) => Number(b.default) - Number(a.default));
  }

  defaultLanguage(): Language | undefined {
    return this.languages()[0];
  }

  findStatus(idOrLabel: string): EntryStatus | undefined {
    const statuses = this.list("statuses");
    return (
      statuses.find((status) => status._id === idOrLabel) ??
      statuses.find((status) => status.label === idOrLabel) ??
      statuses.find((status) => status.label.toLowerCase() === idOrLabel.toLowerCase())
    );
  }

  /** Absolute path of a media binary, resolved by id only (never by the media's name). */
  mediaFilePath(id: string): string | undefined {
    const name = this.mediaFiles.get(id);
    return name ? join(this.dir, MEDIA_FILES_DIR, name) : undefined;
  }

  /** A media item as served: IMG items lacking size transforms get them computed (never written back). */
  mediaView(media: Media): Media {
    if (media.type !== "IMG" || hasValidSizeTransforms(media.sizeTransforms)) return media;
    const cached = this.mediaViews.get(media);
    if (cached) return cached;
    const known = media.width > 0 && media.height > 0 ? media : this.probed.get(media._id);
    const view: Media = known
      ? {
          ...media,
          width: known.width,
          height: known.height,
          sizeTransforms: computeSizeTransforms(known.width, known.height),
        }
      : media;
    this.mediaViews.set(media, view);
    return view;
  }

  /** Runs `task` after every earlier write finished: one write at a time. */
  exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => {});
    return run;
  }

  /** Durably writes the changes, then makes them visible. Call inside `exclusive`. */
  async commit(changes: readonly EntityChange[]): Promise<void> {
    if (this.failure) {
      throw new StoreUnavailableError(
        `The content store stopped accepting writes after a failed write (${this.failure.message}); restart it`,
      );
    }
    if (changes.length === 0) return;
    if (changes.length === 1 && changes[0]) {
      await writeChange(this.dir, changes[0]);
    } else {
      const journal = join(this.dir, JOURNAL_FILE);
      await writeFileDurably(journal, JSON.stringify({ changes }));
      try {
        for (const change of changes) await writeChange(this.dir, change);
        await removeFileDurably(journal);
      } catch (error) {
        // The journal is durable and will be rolled forward on the next start; a later
        // write must not overwrite it, so writes stop until then.
        this.failure = error as Error;
        throw error;
      }
    }
    applyChanges(this.maps, changes);
  }

  /**
   * Re-reads one entity file changed on disk by someone else (an editor, content:pull).
   * Returns what changed in memory, or undefined when nothing did (e.g. our own write).
   */
  async reload<K extends EntityKind>(
    kind: K,
    id: string,
  ): Promise<
    { type: "update" | "delete"; before?: EntityByKind[K]; after?: EntityByKind[K] } | undefined
  > {
    const map = this.maps[kind];
    const before = map.get(id);
    const result = await readEntityFile(this.dir, kind, id);
    if (result.missing) {
      if (!before) return undefined;
      map.delete(id);
      return { type: "delete", before };
    }
    if (!result.value) {
      this.logger.warn(`content: ignored change of ${kind}/${id}.json: ${result.problem}`);
      return undefined;
    }
    if (before && JSON.stringify(before) === JSON.stringify(result.value)) return undefined;
    map.set(id, result.value);
    if (kind === "media") await this.probeMedia(result.value as Media);
    return { type: "update", before, after: result.value };
  }

  /** Re-scans media-files/ after a binary changed on disk. */
  async reloadMediaFiles(): Promise<void> {
    const fresh = await readSnapshotMediaFiles(this.dir);
    this.mediaFiles.clear();
    for (const [id, name] of fresh) this.mediaFiles.set(id, name);
  }

  /** Resolves when every queued write has finished. */
  async drain(): Promise<void> {
    await this.exclusive(async () => {});
  }

  private async probeMedia(media: Media): Promise<void> {
    if (media.type !== "IMG" || (media.width > 0 && media.height > 0)) return;
    if (hasValidSizeTransforms(media.sizeTransforms)) return;
    const file = this.mediaFilePath(media._id);
    if (!file) return;
    try {
      const metadata = await sharp(file).metadata();
      if (metadata.width && metadata.height) {
        this.probed.set(media._id, { width: metadata.width, height: metadata.height });
      }
    } catch (error) {
      this.logger.warn(
        `content: cannot read image size of media ${media._id}: ${(error as Error).message}`,
      );
    }
  }
}

function byCreation(a: AnyEntity, b: AnyEntity): number {
  const created = (a.createdAt ?? 0) - (b.createdAt ?? 0);
  if (created !== 0 && Number.isFinite(created)) return created;
  return a._id < b._id ? -1 : a._id > b._id ? 1 : 0;
}

async function writeChange(dir: string, change: EntityChange): Promise<void> {
  if (change.value) await writeEntityFile(dir, change.kind, change.id, change.value);
  else await removeFileDurably(entityPath(dir, change.kind, change.id));
}

async function rollForwardJournal(dir: string, logger: SiteLogger): Promise<void> {
  let journal: Awaited<ReturnType<typeof readJournal>>;
  try {
    journal = await readJournal(dir);
  } catch (error) {
    // Written atomically, so this only happens when someone edited it: keep it for inspection.
    const aside = join(dir, `.journal.broken-${Date.now()}.json`);
    await rename(join(dir, JOURNAL_FILE), aside);
    logger.error(
      `content: moved unreadable write journal to ${aside}: ${(error as Error).message}`,
    );
    return;
  }
  if (!journal) return;
  for (const change of journal.changes) await writeChange(dir, change);
  await removeFileDurably(join(dir, JOURNAL_FILE));
  logger.warn(`content: completed an interrupted write of ${journal.changes.length} files`);
}

async function removeTempFiles(dir: string): Promise<void> {
  for (const sub of [...ENTITY_KINDS, MEDIA_FILES_DIR, "."]) {
    let names: string[];
    try {
      names = await readdir(join(dir, sub));
    } catch (error) {
      if (isErrno(error, "ENOENT")) continue;
      throw error;
    }
    for (const name of names) {
      if (isTempFileName(name)) await rm(join(dir, sub, name), { force: true });
    }
  }
}

/** Media id → binary name; the first regular file of each id wins. */
async function readSnapshotMediaFiles(dir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const { name, id } of await listMediaFiles(dir)) {
    if (id && !files.has(id)) {
      const info = await stat(join(dir, MEDIA_FILES_DIR, name)).catch(() => undefined);
      if (info?.isFile()) files.set(id, name);
    }
  }
  return files;
}
