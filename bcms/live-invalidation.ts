// Live invalidation: maps BCMS socket events to precise cache drops, so a content
// change reaches readers within seconds without flushing unrelated data.
import type { EntryCache } from "./entry-cache";
import { parsedEntryReferencesMedia } from "./entry-cache";
import { isRecord } from "./is-record";
import type { ContentChange } from "./resource-api";
import type { BcmsSocket } from "./socket";

/** Socket events that change content. */
export const CONTENT_EVENT_NAMES = [
  "entry",
  "entry_status",
  "group",
  "language",
  "media",
  "template",
  "widget",
] as const;

export type ContentEventName = (typeof CONTENT_EVENT_NAMES)[number];

/** The id field of each event's data. */
const ID_FIELDS: Record<ContentEventName, string> = {
  entry: "entryId",
  entry_status: "entryStatusId",
  group: "groupId",
  language: "languageId",
  media: "mediaId",
  template: "templateId",
  widget: "widgetId",
};

/** BCMS sends `mediaId: "many"` for a bulk media delete. */
const MANY_MEDIA_ID = "many";

export interface ContentEvent {
  name: ContentEventName;
  type: "update" | "delete";
  /** Id of the changed item; null when the event does not say (then the whole kind is dropped). */
  id: string | null;
  /** `entry` events only. */
  templateId: string | null;
}

export function isContentEventName(name: string): name is ContentEventName {
  return (CONTENT_EVENT_NAMES as readonly string[]).includes(name);
}

/** Reads an event defensively: unknown types count as updates, odd ids as "unknown". */
export function parseContentEvent(name: string, data: unknown): ContentEvent | null {
  if (!isContentEventName(name)) return null;
  const record = isRecord(data) ? data : {};
  const type = record.type === "delete" ? "delete" : "update";
  const rawId = record[ID_FIELDS[name]];
  let id = typeof rawId === "string" && rawId.length > 0 ? rawId : null;
  if (name === "media" && id === MANY_MEDIA_ID) id = null;
  // BCMS puts the user id in `entryStatusId` on status updates: never trust it.
  if (name === "entry_status") id = null;
  const templateId =
    name === "entry" && typeof record.templateId === "string" && record.templateId
      ? record.templateId
      : null;
  return { name, type, id, templateId };
}

export interface InvalidationTargets {
  entries: {
    applyChange(change: {
      type: "update" | "delete";
      templateId: string | null;
      entryId: string | null;
    }): void;
  };
  entryCache: EntryCache | null;
  templates: { applyChange(change: ContentChange): void };
  templateResolver: { invalidate(): void };
  groups: { applyChange(change: ContentChange): void };
  widgets: { applyChange(change: ContentChange): void };
  languages: { applyChange(change: ContentChange): void };
  entryStatuses: { applyChange(change: ContentChange): void };
  media: { applyChange(change: ContentChange): void };
  /** Drops every cache (reconnect after missed events, `refresh`). */
  clearAll(): void;
}

/** Applies one content event to the caches. */
export function applyContentEvent(targets: InvalidationTargets, event: ContentEvent): void {
  const change: ContentChange = { type: event.type, id: event.id };
  switch (event.name) {
    case "entry":
      targets.entries.applyChange({
        type: event.type,
        templateId: event.templateId,
        entryId: event.id,
      });
      return;
    case "template":
      targets.templateResolver.invalidate();
      targets.templates.applyChange(change);
      if (event.id) targets.entryCache?.dropTemplate(event.id);
      else targets.entryCache?.clear();
      return;
    case "media": {
      targets.media.applyChange(change);
      const mediaId = event.id;
      if (mediaId) {
        targets.entryCache?.dropParsedWhere((entry) => parsedEntryReferencesMedia(entry, mediaId));
      } else {
        targets.entryCache?.dropAllParsed();
      }
      return;
    }
    case "group":
      targets.groups.applyChange(change);
      targets.entryCache?.dropAllParsed();
      return;
    case "widget":
      targets.widgets.applyChange(change);
      targets.entryCache?.dropAllParsed();
      return;
    case "language":
      targets.languages.applyChange(change);
      targets.entryCache?.dropAllParsed();
      return;
    case "entry_status":
      targets.entryStatuses.applyChange(change);
      // Status labels sit in parsed entries and decide the by-status lists.
      targets.entryCache?.clear();
      return;
  }
}

/**
 * Subscribes the caches to the socket: content events, `refresh`, and every (re)open, after
 * which events may have been missed. Returns the unsubscribe function.
 */
export function registerLiveInvalidation(
  socket: BcmsSocket,
  targets: InvalidationTargets,
): () => void {
  const unsubscribers = CONTENT_EVENT_NAMES.map((name) =>
    socket.on(name, (data) => {
      const event = parseContentEvent(name, data);
      if (event) applyContentEvent(targets, event);
    }),
  );
  unsubscribers.push(socket.on("refresh", () => targets.clearAll()));
  unsubscribers.push(
    socket.onStateChange((state) => {
      if (state === "open") targets.clearAll();
    }),
  );
  return () => {
    for (const unsubscribe of unsubscribers) unsubscribe();
  };
}
