/**
 * Live edits of the snapshot folder: when a file is changed by someone other
 * than this server (an editor, a script), the store re-reads it and the change
 * is announced on the socket like any write, so the site refreshes without a
 * restart. The server's own writes are recognised (same content) and not
 * announced twice. Replacing the whole folder (content:pull) needs a restart.
 */
import { type FSWatcher, watch } from "node:fs";
import { join } from "node:path";
import type { SiteLogger } from "../app/logging/logger.server";
import { ENTITY_KINDS, type EntityKind, MEDIA_FILES_DIR } from "./snapshot-files";
import type { ContentStore } from "./snapshot-store";
import { eventFor, type SocketEventMessage } from "./socket";

const DEBOUNCE_MS = 50;
const ENTITY_FILE = /^([0-9a-f]{24})\.json$/;
const MEDIA_FILE = /^([0-9a-f]{24})(\.[A-Za-z0-9]{1,16})?$/;

export class SnapshotWatcher {
  private readonly watchers = new Map<string, FSWatcher>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private closed = false;

  constructor(
    private readonly store: ContentStore,
    private readonly announce: (event: SocketEventMessage) => void,
    private readonly logger: SiteLogger,
  ) {}

  start(): void {
    this.watchDir(".", (name) => {
      // A kind folder created after start (e.g. the first entry) gets watched too.
      if ((ENTITY_KINDS as readonly string[]).includes(name) || name === MEDIA_FILES_DIR)
        this.watchAll();
    });
    this.watchAll();
  }

  close(): void {
    this.closed = true;
    for (const watcher of this.watchers.values()) watcher.close();
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.watchers.clear();
    this.timers.clear();
  }

  private watchAll(): void {
    for (const kind of ENTITY_KINDS) {
      this.watchDir(kind, (name) => {
        const id = ENTITY_FILE.exec(name)?.[1];
        if (id) this.schedule(`${kind}/${id}`, () => this.reloadEntity(kind, id));
      });
    }
    this.watchDir(MEDIA_FILES_DIR, (name) => {
      const id = MEDIA_FILE.exec(name)?.[1];
      if (id) this.schedule(`${MEDIA_FILES_DIR}/${id}`, () => this.reloadBinary(id));
    });
  }

  private watchDir(sub: string, onName: (name: string) => void): void {
    if (this.closed || this.watchers.has(sub)) return;
    try {
      const watcher = watch(join(this.store.dir, sub), (_event, name) => {
        if (typeof name === "string") onName(name);
      });
      watcher.on("error", () => {
        watcher.close();
        this.watchers.delete(sub);
      });
      this.watchers.set(sub, watcher);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== "ENOENT")
        this.logger.warn(`content: cannot watch ${sub}: ${(error as Error).message}`);
    }
  }

  private schedule(key: string, task: () => Promise<void>): void {
    const existing = this.timers.get(key);
    if (existing) clearTimeout(existing);
    this.timers.set(
      key,
      setTimeout(() => {
        this.timers.delete(key);
        // Queued behind writes in progress, so a write of ours is finished (and in memory) first.
        this.store
          .exclusive(task)
          .catch((error) =>
            this.logger.warn(`content: reloading ${key} failed: ${(error as Error).message}`),
          );
      }, DEBOUNCE_MS),
    );
  }

  private async reloadEntity(kind: EntityKind, id: string): Promise<void> {
    if (this.closed) return;
    const change = await this.store.reload(kind, id);
    const entity = change?.after ?? change?.before;
    if (!change || !entity) return;
    this.logger.info(`content: ${kind}/${id}.json changed on disk (${change.type})`);
    this.announce(eventFor(kind, change.type, entity as { _id: string; templateId?: string }));
  }

  private async reloadBinary(id: string): Promise<void> {
    if (this.closed) return;
    await this.store.reloadMediaFiles();
    if (this.store.get("media", id)) this.announce(eventFor("media", "update", { _id: id }));
  }
}
