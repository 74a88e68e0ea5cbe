/**
 * Entry create and update bodies: checked like BCMS checks
 * them, then turned into the raw entry to store. Every failure is a 400
 * `{message: "[path] -> ..."}`. Shape errors are 400 here, where upstream
 * answers 403 for schema failures: a bad body is not a permission problem.
 */
import type { Entry, EntryContent, EntryMeta, EntryStatusValue, Template } from "@thebcms/types";
import { isRecord } from "../bcms/is-record";
import {
  formatRawProblem,
  type RawValidationContext,
  validateContentNodes,
  validatePropValues,
} from "../bcms/raw-validation";
import { badRequest } from "./http";
import { newObjectId } from "./ids";
import { nodesToPlainText } from "./rich-text-html";
import type { ContentStore } from "./snapshot-store";

export const WRITE_MESSAGES = {
  languageNotAvailable: "Provided language is not available",
} as const;

export function validationContext(store: ContentStore): RawValidationContext {
  return {
    findGroup: (id) => store.get("groups", id),
    findWidget: (id) => store.get("widgets", id),
    findTemplate: (id) => store.get("templates", id),
    findMedia: (id) => store.get("media", id),
    findEntry: (id) => store.get("entries", id),
  };
}

function fail(path: string, message: string): never {
  throw badRequest(`[${path}] -> ${message}`);
}

function requireLanguage(store: ContentStore, lng: unknown, path: string): string {
  if (
    typeof lng !== "string" ||
    !store.list("languages").some((language) => language.code === lng)
  ) {
    fail(path, WRITE_MESSAGES.languageNotAvailable);
  }
  return lng;
}

/** Statuses may be named by id or by label; the id is stored. */
function requireStatus(store: ContentStore, status: unknown, path: string): string {
  const found = typeof status === "string" ? store.findStatus(status) : undefined;
  if (!found) fail(path, `Entry status "${String(status)}" does not exist`);
  return found._id;
}

function checkProps(
  store: ContentStore,
  template: Template,
  props: unknown,
  path: string,
): EntryMeta["props"] {
  const [problem] = validatePropValues(template.props, props, validationContext(store), {
    path,
    stopAtFirst: true,
  });
  if (problem) throw badRequest(formatRawProblem(problem));
  return props as EntryMeta["props"];
}

function checkNodes(store: ContentStore, nodes: unknown, path: string): EntryContent["nodes"] {
  const [problem] = validateContentNodes(nodes, validationContext(store), {
    path,
    stopAtFirst: true,
  });
  if (problem) throw badRequest(formatRawProblem(problem));
  return nodes as EntryContent["nodes"];
}

function list(body: Record<string, unknown>, key: string): unknown[] {
  const value = body[key];
  if (!Array.isArray(value)) fail(`body.${key}`, "Expected an array");
  return value;
}

function uniqueLng(seen: Set<string>, lng: string, path: string) {
  if (seen.has(lng)) fail(path, `Language "${lng}" is given more than once`);
  seen.add(lng);
}

/** Checks a create body and returns the entry to store. */
export function buildCreatedEntry(
  store: ContentStore,
  template: Template,
  body: unknown,
  owner: { instanceId: string; userId: string },
  now: number = Date.now(),
): Entry {
  if (!isRecord(body)) fail("body", "Expected an object {statuses, meta, content}");
  if (template.singleEntry && store.entriesOf(template._id).length > 0) {
    throw badRequest(`Template "${template.name}" allows only one entry and already has it`);
  }
  const statuses: EntryStatusValue[] = [];
  const statusLngs = new Set<string>();
  list(body, "statuses").forEach((item, index) => {
    const path = `body.statuses.${index}`;
    if (!isRecord(item)) fail(path, "Expected an object {lng, id}");
    const lng = requireLanguage(store, item.lng, `${path}.lng`);
    uniqueLng(statusLngs, lng, `${path}.lng`);
    statuses.push({ lng, id: requireStatus(store, item.id, `${path}.id`) });
  });
  const meta: EntryMeta[] = [];
  const metaLngs = new Set<string>();
  list(body, "meta").forEach((item, index) => {
    if (!isRecord(item)) fail(`body.meta.${index}`, "Expected an object {lng, props}");
    const lng = requireLanguage(store, item.lng, `body.meta.${index}.lng`);
    uniqueLng(metaLngs, lng, `body.meta.${index}.lng`);
    meta.push({ lng, props: checkProps(store, template, item.props, `body.meta.${lng}.props`) });
  });
  const content: EntryContent[] = [];
  const contentLngs = new Set<string>();
  list(body, "content").forEach((item, index) => {
    if (!isRecord(item)) fail(`body.content.${index}`, "Expected an object {lng, nodes}");
    const lng = requireLanguage(store, item.lng, `body.content.${index}.lng`);
    uniqueLng(contentLngs, lng, `body.content.${index}.lng`);
    const nodes = checkNodes(store, item.nodes, `body.content.${lng}.nodes`);
    content.push({ lng, nodes, plainText: nodesToPlainText(nodes) });
  });
  return {
    _id: newObjectId(now),
    createdAt: now,
    updatedAt: now,
    instanceId: owner.instanceId,
    templateId: template._id,
    userId: owner.userId,
    statuses,
    meta,
    content,
  };
}

/** Checks an update body (one language per call) and returns the updated entry. */
export function buildUpdatedEntry(
  store: ContentStore,
  template: Template,
  entry: Entry,
  body: unknown,
  now: number = Date.now(),
): Entry {
  if (!isRecord(body)) fail("body", "Expected an object {lng, status?, meta, content}");
  const lng = requireLanguage(store, body.lng, "body.lng");
  const status =
    body.status === undefined ? undefined : requireStatus(store, body.status, "body.status");
  if (!isRecord(body.meta)) fail("body.meta", "Expected an object {props}");
  const props = checkProps(store, template, body.meta.props, "body.meta.props");
  if (!isRecord(body.content)) fail("body.content", "Expected an object {nodes}");
  const nodes = checkNodes(store, body.content.nodes, "body.content.nodes");

  const replace = <T extends { lng: string }>(items: readonly T[], next: T): T[] =>
    items.some((item) => item.lng === lng)
      ? items.map((item) => (item.lng === lng ? next : item))
      : [...items, next];
  return {
    ...entry,
    // Strictly increasing, so clients comparing updatedAt always see the change.
    updatedAt: Math.max(now, (entry.updatedAt ?? 0) + 1),
    statuses: status === undefined ? entry.statuses : replace(entry.statuses, { lng, id: status }),
    meta: replace(entry.meta, { lng, props }),
    content: replace(entry.content, { lng, nodes, plainText: nodesToPlainText(nodes) }),
  };
}
