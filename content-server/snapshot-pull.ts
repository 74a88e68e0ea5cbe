/**
 * `content:pull`: copies a BCMS instance into a snapshot folder through the BCMS
 * library's client (template/all, group/all, widget/all, language/all, entry-status/all,
 * media/all + each binary, each template's entry/all). Everything is written
 * into a temporary folder next to the target, which is swapped in only when the
 * copy is complete: a failed pull leaves the old snapshot as it was.
 */

import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, open, rename, rm, stat } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import type { Entry, Media } from "@thebcms/types";
import type { SiteLogger as ContentLogger } from "../app/logging/logger.server";
import {
  type BcmsClient,
  BcmsError,
  type BcmsInstance,
  createBcmsClient,
  instanceConfig,
  silentLogger,
} from "../bcms";
import { ensureDir, syncDir, toSnapshotJson, writeFileDurably } from "./fs-durable";
import { isObjectId } from "./ids";
import {
  type AnyEntity,
  type EntityKind,
  MEDIA_FILES_DIR,
  mediaFileName,
  SNAPSHOT_INFO_FILE,
} from "./snapshot-files";

/** The instance to copy, where to and how. */
export interface PullOptions extends BcmsInstance {
  /** The snapshot folder to replace (created if missing). */
  dest: string;
  logger?: ContentLogger;
  /** Parallel binary downloads. */
  concurrency?: number;
  timeoutMs?: number;
}

export type PullCounts = Record<EntityKind, number> & { mediaFiles: number };

/** Copying needs every entity as stored; a pull waits at most this long for one answer. */
const PULL_TIMEOUT_MS = 60_000;

/**
 * One read from the CMS, its failure told in the pull's words (`GET template/all answered 401:
 * Invalid API Key`) rather than with the instance path.
 */
async function read<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof BcmsError)) throw error;
    const outcome =
      error.kind === "http"
        ? `answered ${error.status}${error.serverMessage ? `: ${error.serverMessage}` : ""}`
        : `failed: ${error.message}`;
    throw new Error(`GET ${what} ${outcome}`, { cause: error });
  }
}

/** Entities are written to files named by their id: only ObjectIds may name a file. */
function checkIds<T extends AnyEntity>(what: string, items: T[]): T[] {
  for (const item of items) {
    if (!isObjectId(item._id)) {
      throw new Error(
        `GET ${what} returned an item with an invalid _id ${JSON.stringify(item._id)}`,
      );
    }
  }
  return items;
}

async function readAll<T extends AnyEntity>(what: string, call: () => Promise<T[]>) {
  return checkIds(what, await read(what, call));
}

async function download(cms: BcmsClient, media: Media, file: string): Promise<void> {
  const what = `media/${media._id}/bin2/${media.name}`;
  const response = await read(what, () => cms.media.fetchBin(media._id, media.name));
  if (!response.body) throw new Error(`GET ${what} returned no body`);
  await read(what, () =>
    pipeline(
      Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
      createWriteStream(file),
    ),
  );
  const handle = await open(file, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function runLimited<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
}

export async function pullSnapshot(options: PullOptions): Promise<PullCounts> {
  const log = options.logger;
  const cms = createBcmsClient(
    instanceConfig(options, {
      timeoutMs: options.timeoutMs ?? PULL_TIMEOUT_MS,
      logger: silentLogger,
    }),
  );
  const dest = resolve(options.dest);
  const parent = dirname(dest);
  await ensureDir(parent);
  const temp = join(parent, `.${basename(dest)}.pull-${randomBytes(6).toString("hex")}`);
  await mkdir(temp);
  try {
    const lists = {
      templates: await readAll("template/all", () => cms.template.getAll()),
      groups: await readAll("group/all", () => cms.group.getAll()),
      widgets: await readAll("widget/all", () => cms.widget.getAll()),
      languages: await readAll("language/all", () => cms.language.getAll()),
      statuses: await readAll("entry-status/all", () => cms.entryStatus.getAll()),
      media: await readAll("media/all", () => cms.media.getAll()),
      entries: [] as Entry[],
    } satisfies Record<EntityKind, AnyEntity[]>;
    for (const template of lists.templates) {
      const what = `template/${template._id}/entry/all`;
      lists.entries.push(...(await readAll(what, () => cms.entry.getAll(template._id))));
    }
    log?.info(
      `content:pull: ${lists.templates.length} templates, ${lists.entries.length} entries, ${lists.media.length} media items`,
    );
    for (const [kind, items] of Object.entries(lists)) {
      for (const item of items)
        await writeFileDurably(join(temp, kind, `${item._id}.json`), toSnapshotJson(item));
    }
    await writeFileDurably(
      join(temp, SNAPSHOT_INFO_FILE),
      toSnapshotJson({
        format: 1,
        orgId: options.orgId,
        instanceId: options.instanceId,
        pulledFrom: options.origin,
        pulledAt: new Date().toISOString(),
      }),
    );
    const files = lists.media.filter((media) => media.type !== "DIR");
    await ensureDir(join(temp, MEDIA_FILES_DIR));
    await runLimited(files, options.concurrency ?? 4, (media) =>
      download(cms, media, join(temp, MEDIA_FILES_DIR, mediaFileName(media))),
    );
    await syncDir(join(temp, MEDIA_FILES_DIR));
    await swapIn(temp, dest);
    log?.info(`content:pull: wrote ${dest}`);
    return {
      templates: lists.templates.length,
      groups: lists.groups.length,
      widgets: lists.widgets.length,
      languages: lists.languages.length,
      statuses: lists.statuses.length,
      entries: lists.entries.length,
      media: lists.media.length,
      mediaFiles: files.length,
    };
  } catch (error) {
    await rm(temp, { recursive: true, force: true });
    throw error;
  } finally {
    cms.close();
  }
}

/** Replaces `dest` by `temp` with two renames; the old snapshot is removed only afterwards. */
async function swapIn(temp: string, dest: string): Promise<void> {
  const existing = await stat(dest).catch(() => undefined);
  if (!existing) {
    await rename(temp, dest);
    await syncDir(dirname(dest));
    return;
  }
  const old = join(dirname(dest), `.${basename(dest)}.old-${randomBytes(6).toString("hex")}`);
  await rename(dest, old);
  await rename(temp, dest);
  await syncDir(dirname(dest));
  await rm(old, { recursive: true, force: true });
}
