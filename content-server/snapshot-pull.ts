/**
 * `content:pull`: copies a BCMS instance into a snapshot folder through the raw
 * API (template/all, group/all, widget/all, language/all, entry-status/all,
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
import type { Entry, EntryStatus, Group, Language, Media, Template, Widget } from "@thebcms/types";
import type { SiteLogger as ContentLogger } from "../app/logging/logger.server";
import { ensureDir, syncDir, toSnapshotJson, writeFileDurably } from "./fs-durable";
import { isObjectId } from "./ids";
import {
  type AnyEntity,
  type EntityKind,
  MEDIA_FILES_DIR,
  mediaFileName,
  SNAPSHOT_INFO_FILE,
} from "./snapshot-files";

export interface PullConfig {
  origin: string;
  orgId: string;
  instanceId: string;
  apiKey: { id: string; secret: string };
}

export interface PullOptions extends PullConfig {
  /** The snapshot folder to replace (created if missing). */
  dest: string;
  logger?: ContentLogger;
  /** Parallel binary downloads. */
  concurrency?: number;
  timeoutMs?: number;
}

export type PullCounts = Record<EntityKind, number> & { mediaFiles: number };

const ENV_HELP: Record<string, string> = {
  BCMS_ORIGIN: "the origin of the BCMS to copy, e.g. https://app.thebcms.com",
  BCMS_ORG_ID: "the organisation id",
  BCMS_INSTANCE_ID: "the instance id",
  BCMS_API_KEY_ID: "the id of an API key that can read every template and media",
  BCMS_API_KEY_SECRET: "the secret of that API key",
};

/** Reads the pull configuration; one clear message per missing or bad variable. */
export function pullConfigFromEnv(env: NodeJS.ProcessEnv): {
  config?: PullConfig;
  errors: string[];
} {
  const errors = Object.entries(ENV_HELP)
    .filter(([name]) => !env[name])
    .map(([name, help]) => `${name} is not set: ${help}`);
  if (env.BCMS_ORIGIN && !/^https?:\/\/[^/]+/.test(env.BCMS_ORIGIN)) {
    errors.push(`BCMS_ORIGIN must be an http(s) origin, got "${env.BCMS_ORIGIN}"`);
  }
  if (errors.length > 0) return { errors };
  return {
    errors,
    config: {
      origin: (env.BCMS_ORIGIN ?? "").replace(/\/+$/, ""),
      orgId: env.BCMS_ORG_ID ?? "",
      instanceId: env.BCMS_INSTANCE_ID ?? "",
      apiKey: { id: env.BCMS_API_KEY_ID ?? "", secret: env.BCMS_API_KEY_SECRET ?? "" },
    },
  };
}

class PullClient {
  private readonly base: string;
  private readonly binaryBase: string;

  constructor(
    private readonly config: PullConfig,
    private readonly timeoutMs: number,
  ) {
    const path = `/api/v3/org/${encodeURIComponent(config.orgId)}/instance/${encodeURIComponent(config.instanceId)}`;
    this.base = `${config.origin}${path}`;
    // BCMS Cloud serves binaries from its CDN host, with the same path.
    const binaryOrigin = config.origin.startsWith("https://app.thebcms.com")
      ? "https://cdn.thebcms.com"
      : config.origin;
    this.binaryBase = `${binaryOrigin}${path}`;
  }

  private async request(url: string, what: string): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { Authorization: `ApiKey ${this.config.apiKey.id}.${this.config.apiKey.secret}` },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new Error(`GET ${what} failed: ${(error as Error).message}`);
    }
    if (!response.ok) {
      const text = await response.text().catch(() => "");
      let message = text.slice(0, 300);
      try {
        const body = JSON.parse(text) as { message?: unknown };
        if (typeof body.message === "string") message = body.message;
      } catch {
        // Not JSON: keep the text.
      }
      throw new Error(`GET ${what} answered ${response.status}${message ? `: ${message}` : ""}`);
    }
    return response;
  }

  async items<T extends AnyEntity>(path: string): Promise<T[]> {
    const response = await this.request(`${this.base}/${path}`, path);
    const body = (await response.json()) as { items?: unknown };
    if (!Array.isArray(body.items)) throw new Error(`GET ${path} did not return {items: [...]}`);
    for (const item of body.items) {
      const id = (item as { _id?: unknown })?._id;
      if (!isObjectId(id))
        throw new Error(`GET ${path} returned an item with an invalid _id ${JSON.stringify(id)}`);
    }
    return body.items as T[];
  }

  async download(mediaId: string, name: string, file: string): Promise<void> {
    const what = `media/${mediaId}/bin2/${name}`;
    const response = await this.request(
      `${this.binaryBase}/media/${mediaId}/bin2/${encodeURIComponent(name)}`,
      what,
    );
    if (!response.body) throw new Error(`GET ${what} returned no body`);
    await pipeline(
      Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
      createWriteStream(file),
    );
    const handle = await open(file, "r");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
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
  const client = new PullClient(options, options.timeoutMs ?? 60_000);
  const dest = resolve(options.dest);
  const parent = dirname(dest);
  await ensureDir(parent);
  const temp = join(parent, `.${basename(dest)}.pull-${randomBytes(6).toString("hex")}`);
  await mkdir(temp);
  try {
    const lists = {
      templates: await client.items<Template>("template/all"),
      groups: await client.items<Group>("group/all"),
      widgets: await client.items<Widget>("widget/all"),
      languages: await client.items<Language>("language/all"),
      statuses: await client.items<EntryStatus>("entry-status/all"),
      media: await client.items<Media>("media/all"),
      entries: [] as Entry[],
    } satisfies Record<EntityKind, AnyEntity[]>;
    for (const template of lists.templates) {
      lists.entries.push(...(await client.items<Entry>(`template/${template._id}/entry/all`)));
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
      client.download(media._id, media.name, join(temp, MEDIA_FILES_DIR, mediaFileName(media))),
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
