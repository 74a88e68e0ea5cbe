// A CMS event, told in the tags renderings record (content-tags.server.ts), so the server can
// retire exactly the pages that read what changed:
//   entry X of template T   entry:X, template:T; path:X when X's address changed, appeared or
//                           went; order:T when the order T's lists show changed
//   media X                 media:X, media
//   anything else           * (a template's fields, a group, a widget, a language, a
//                           reconnect after events may have been missed)
// Addresses and list orders are compared with a snapshot taken before the change, so a new or
// deleted article's page is named, and a title edit retires the list page that shows the
// article, not every page of the list.
import { CONTENT_EVENT_NAMES, type ContentEvent, parseContentEvent } from "../../bcms";
import { getContentClient } from "./content-client.server";
import { contentTag, EVERYTHING } from "./content-tags.server";
import type { ContentVersions } from "./content-versions";
import { readContentVersions } from "./content-versions.server";
import { type EntryAddress, getEntryAddresses, getListOrders } from "./entries.server";
import { logger } from "./log.server";

/** A CMS event classified: what it reaches, as renderings record it, and what the CMS held. */
export interface ClassifiedChange {
  event: ContentEvent;
  /** What changed, as renderings record it; `["*"]` when its reach is unknown. */
  tags: string[];
  /** Site paths that now have an entry and had none before this change. */
  addedPaths: string[];
  /** Site paths whose entry is gone (deleted, unpublished or moved elsewhere). */
  removedPaths: string[];
  /**
   * What the CMS held once the change was told, read before any page is rendered for it:
   * the server records it when those pages are written (server/refresh/content-ledger.ts).
   * Absent when it could not be read.
   */
  versions?: ContentVersions;
  /** When the CMS's event reached the site (Date.now()): the publish lag counts from here. */
  receivedAt?: number;
}

export class ChangeClassifier {
  private addresses: ReadonlyMap<string, EntryAddress> | undefined;
  private orders: ReadonlyMap<string, string> | undefined;
  private templateNames: Map<string, string> | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly readAddresses: () => Promise<
      ReadonlyMap<string, EntryAddress>
    > = getEntryAddresses,
    private readonly readTemplateNames: () => Promise<Map<string, string>> = async () =>
      new Map(
        (await getContentClient().template.getAll()).map((template) => [
          template._id,
          template.name,
        ]),
      ),
    private readonly readOrders: () => Promise<ReadonlyMap<string, string>> = getListOrders,
  ) {}

  /** Takes the snapshot later changes are compared with (queued before any event). */
  prime(): Promise<void> {
    const primed = this.queue.then(async () => {
      this.addresses = await this.readAddresses();
      this.orders = await this.readOrders();
    });
    this.queue = primed.catch(() => {});
    return primed;
  }

  /** Classifies events one at a time, in order (each compares with the one before). */
  classify(event: ContentEvent): Promise<ClassifiedChange> {
    const next = this.queue.then(() => this.classifyNow(event));
    this.queue = next.catch(() => {});
    return next;
  }

  private async classifyNow(event: ContentEvent): Promise<ClassifiedChange> {
    const before = this.addresses;
    const ordersBefore = this.orders;
    let after: ReadonlyMap<string, EntryAddress>;
    let ordersAfter: ReadonlyMap<string, string>;
    try {
      after = await this.readAddresses();
      ordersAfter = await this.readOrders();
    } catch {
      // The CMS cannot be read now: everything may have changed; compare again next time.
      return { event, tags: [EVERYTHING], addedPaths: [], removedPaths: [] };
    }
    this.addresses = after;
    this.orders = ordersAfter;
    if (!before || !ordersBefore) {
      return { event, tags: [EVERYTHING], addedPaths: [], removedPaths: [] };
    }

    const tags = new Set<string>();
    for (const template of new Set([...ordersBefore.keys(), ...ordersAfter.keys()])) {
      if (ordersBefore.get(template) !== ordersAfter.get(template)) {
        tags.add(contentTag.order(template));
      }
    }
    const oldPaths = new Set([...before.values()].map((a) => a.path));
    const newPaths = new Set([...after.values()].map((a) => a.path));
    for (const id of new Set([...before.keys(), ...after.keys()])) {
      const was = before.get(id);
      const is = after.get(id);
      if (was?.path === is?.path) continue;
      tags.add(contentTag.path(id));
      for (const address of [was, is]) {
        if (address) tags.add(contentTag.template(address.templateName));
      }
    }
    const addedPaths = [...newPaths].filter((path) => !oldPaths.has(path)).sort();
    const removedPaths = [...oldPaths].filter((path) => !newPaths.has(path)).sort();

    if (event.name === "entry" && event.id) {
      tags.add(contentTag.entry(event.id));
      const template =
        after.get(event.id)?.templateName ??
        before.get(event.id)?.templateName ??
        (await this.templateName(event.templateId));
      if (!template) return { event, tags: [EVERYTHING], addedPaths, removedPaths };
      tags.add(contentTag.template(template));
    } else if (event.name === "media" && event.id) {
      tags.add(contentTag.media(event.id));
      tags.add(contentTag.mediaLibrary);
    } else {
      return { event, tags: [EVERYTHING], addedPaths, removedPaths };
    }
    return { event, tags: [...tags].sort(), addedPaths, removedPaths };
  }

  private async templateName(templateId: string | null): Promise<string | undefined> {
    if (!templateId) return undefined;
    if (!this.templateNames?.has(templateId)) {
      try {
        this.templateNames = await this.readTemplateNames();
      } catch {
        return undefined;
      }
    }
    return this.templateNames.get(templateId);
  }
}

export interface WatchOptions {
  /**
   * Called each time the socket opens, first or again: from then on no event is missed
   * (a render thread started again looks for what changed while it was down from there).
   */
  onOpen?: () => void;
  /** Called each time the socket closes or starts reconnecting. */
  onDown?: () => void;
}

/**
 * Connects the CMS socket and calls `onChange` for every content event, after the client's
 * own caches have dropped what the event touched, told in the tags renderings record
 * (content-tags.server.ts), with the content's versions then. Returns a function that stops
 * watching.
 */
export function watchContentChanges(
  onChange: (change: ClassifiedChange) => void,
  options: WatchOptions = {},
): () => void {
  const bcms = getContentClient();
  const classifier = new ChangeClassifier();
  classifier.prime().catch((error: unknown) => {
    logger.warn("content addresses unreadable: the first change retires every page", {
      error: error instanceof Error ? error.message : String(error),
    });
  });
  const report = (event: ContentEvent) => {
    const receivedAt = Date.now();
    void classifier
      .classify(event)
      .then(async (change) => {
        const versions = await readContentVersions().catch(() => undefined);
        return versions ? { ...change, versions, receivedAt } : { ...change, receivedAt };
      })
      .then(onChange);
  };
  const stops = CONTENT_EVENT_NAMES.map((name) =>
    bcms.socket.on(name, (data) => {
      const event = parseContentEvent(name, data);
      if (event) report(event);
    }),
  );
  // Events sent while the socket was down are lost, and content read meanwhile may be
  // older than the CMS: after any interruption (including a failed first attempt), the
  // first open drops the client's caches and counts as a change of everything.
  let interrupted = false;
  stops.push(
    bcms.socket.onStateChange((state) => {
      if (state === "open") options.onOpen?.();
      if (state === "closed" || state === "reconnecting") {
        options.onDown?.();
        interrupted = true;
      } else if (state === "open" && !interrupted) {
        logger.info("watching content changes");
      } else if (state === "open" && interrupted) {
        interrupted = false;
        bcms.clearCache();
        report({ name: "template", type: "update", id: null, templateId: null });
      }
    }),
  );
  bcms.socket.connect().catch(() => {
    // The socket logs the failure and keeps reconnecting by itself.
  });
  return () => {
    for (const stop of stops) stop();
    bcms.socket.disconnect();
  };
}
