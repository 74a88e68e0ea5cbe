/**
 * Writes that touch several files: entry delete, template update and template
 * delete. Each is planned as a list of file changes (committed together through
 * the store's journal) plus the socket events announcing them, so references
 * stay consistent: no entry keeps a value for a removed prop, no pointer is
 * left to a deleted entry.
 */
import { randomUUID } from "node:crypto";
import type { Entry, Prop, PropValue, Template } from "@thebcms/types";
import { isRecord } from "../bcms/is-record";
import { badRequest } from "./http";
import { dropTemplateFromProps, stripEntryPointers } from "./references";
import type { EntityChange } from "./snapshot-files";
import { PROP_TYPES } from "./snapshot-files";
import type { ContentStore } from "./snapshot-store";
import type { SocketEventMessage } from "./socket";

export interface WritePlan {
  changes: EntityChange[];
  events: SocketEventMessage[];
}

/** BCMS's names: kebab-case for templates, groups and widgets … */
export function toSlug(label: string): string {
  return label
    .toLowerCase()
    .replace(/[\s_]+/g, "-")
    .replace(/[^a-z0-9-]/g, "");
}

/** … and snake_case for props. */
export function toSlugUnderscore(label: string): string {
  return label
    .toLowerCase()
    .replace(/[\s-]+/g, "_")
    .replace(/[^a-z0-9_]/g, "");
}

function entryUpdated(entry: Entry): SocketEventMessage {
  return { en: "entry", ed: { type: "update", templateId: entry.templateId, entryId: entry._id } };
}

/** Removes pointers to `removed` entries from every other entry. */
function stripPointersFromEntries(
  store: ContentStore,
  removed: ReadonlySet<string>,
  now: number,
): WritePlan {
  const plan: WritePlan = { changes: [], events: [] };
  for (const entry of store.list("entries")) {
    if (removed.has(entry._id)) continue;
    const meta = stripEntryPointers(entry.meta, removed);
    const content = stripEntryPointers(entry.content, removed);
    if (!meta.changed && !content.changed) continue;
    const next: Entry = { ...entry, meta: meta.value, content: content.value, updatedAt: now };
    plan.changes.push({ kind: "entries", id: entry._id, value: next });
    plan.events.push(entryUpdated(next));
  }
  return plan;
}

export function planEntryDelete(store: ContentStore, entry: Entry, now = Date.now()): WritePlan {
  const stripped = stripPointersFromEntries(store, new Set([entry._id]), now);
  return {
    changes: [{ kind: "entries", id: entry._id, value: null }, ...stripped.changes],
    events: [
      { en: "entry", ed: { type: "delete", templateId: entry.templateId, entryId: entry._id } },
      ...stripped.events,
    ],
  };
}

export function planTemplateDelete(
  store: ContentStore,
  template: Template,
  now = Date.now(),
): WritePlan {
  const entries = store.entriesOf(template._id);
  const removed = new Set(entries.map((entry) => entry._id));
  const plan: WritePlan = {
    changes: [{ kind: "templates", id: template._id, value: null }],
    events: [{ en: "template", ed: { type: "delete", templateId: template._id } }],
  };
  for (const entry of entries) {
    plan.changes.push({ kind: "entries", id: entry._id, value: null });
    plan.events.push({
      en: "entry",
      ed: { type: "delete", templateId: template._id, entryId: entry._id },
    });
  }
  const stripped = stripPointersFromEntries(store, removed, now);
  plan.changes.push(...stripped.changes);
  plan.events.push(...stripped.events);
  // Schemas that allowed pointing at the deleted template no longer do.
  for (const kind of ["templates", "groups", "widgets"] as const) {
    for (const schema of store.list(kind)) {
      if (kind === "templates" && schema._id === template._id) continue;
      const dropped = dropTemplateFromProps(schema.props, template._id);
      if (!dropped.changed) continue;
      plan.changes.push({
        kind,
        id: schema._id,
        value: { ...schema, props: dropped.props, updatedAt: now },
      });
      if (kind === "templates")
        plan.events.push({ en: "template", ed: { type: "update", templateId: schema._id } });
      if (kind === "groups")
        plan.events.push({ en: "group", ed: { type: "update", groupId: schema._id } });
      if (kind === "widgets")
        plan.events.push({ en: "widget", ed: { type: "update", widgetId: schema._id } });
    }
  }
  return plan;
}

/** The raw value a new prop gets in existing entries: nothing yet. */
function emptyValue(store: ContentStore, prop: Prop, depth = 0): PropValue["data"] {
  if (prop.type === "GROUP_POINTER")
    return { _id: prop.data.propGroupPointer?._id ?? "", items: [] };
  if (prop.type === "WIDGET") {
    const widget = store.get("widgets", prop.data.propWidget?._id ?? "");
    const props = depth < 8 ? (widget?.props ?? []) : [];
    return {
      _id: prop.data.propWidget?._id ?? "",
      props: props.map((child) => ({ id: child.id, data: emptyValue(store, child, depth + 1) })),
    };
  }
  return [];
}

/** Checks the `data` of a new or changed prop against the referenced schemas. */
function checkPropData(store: ContentStore, prop: Prop, path: string): void {
  const data = prop.data;
  switch (prop.type) {
    case "ENUMERATION":
      if (
        !Array.isArray(data.propEnum?.items) ||
        !data.propEnum.items.every((item) => typeof item === "string")
      ) {
        throw badRequest(`[${path}.data.propEnum.items] -> Expected an array of strings`);
      }
      return;
    case "GROUP_POINTER":
      if (!store.get("groups", data.propGroupPointer?._id ?? "")) {
        throw badRequest(
          `[${path}.data.propGroupPointer._id] -> Group with ID "${data.propGroupPointer?._id}" does not exist`,
        );
      }
      return;
    case "WIDGET":
      if (!store.get("widgets", data.propWidget?._id ?? "")) {
        throw badRequest(
          `[${path}.data.propWidget._id] -> Widget with ID "${data.propWidget?._id}" does not exist`,
        );
      }
      return;
    case "ENTRY_POINTER":
      if (!Array.isArray(data.propEntryPointer)) {
        throw badRequest(
          `[${path}.data.propEntryPointer] -> Expected an array of {templateId, entryIds, displayProp}`,
        );
      }
      for (const pointer of data.propEntryPointer) {
        if (!isRecord(pointer) || !store.get("templates", String(pointer.templateId))) {
          throw badRequest(
            `[${path}.data.propEntryPointer] -> Template with ID "${String(pointer?.templateId)}" does not exist`,
          );
        }
      }
      return;
    default:
      return;
  }
}

/**
 * `PUT template/{id}/update` with `{label?, desc?, singleEntry?, propChanges?}`.
 * Prop changes `add`, `remove` and `update` are supported; `transform` (type
 * conversion of stored values) is refused with a 400.
 */
export function planTemplateUpdate(
  store: ContentStore,
  template: Template,
  body: unknown,
  now = Date.now(),
): WritePlan & { template: Template } {
  if (!isRecord(body))
    throw badRequest("[body] -> Expected an object {label?, desc?, singleEntry?, propChanges?}");
  const next: Template = { ...template, props: [...template.props], updatedAt: now };
  if (body.label !== undefined) {
    if (typeof body.label !== "string" || toSlug(body.label) === "") {
      throw badRequest("[body.label] -> Expected a non-empty label");
    }
    const name = toSlug(body.label);
    if (
      store.list("templates").some((other) => other._id !== template._id && other.name === name)
    ) {
      throw badRequest(`[body.label] -> Template with name "${name}" already exists`);
    }
    next.label = body.label;
    next.name = name;
  }
  if (body.desc !== undefined) {
    if (typeof body.desc !== "string") throw badRequest("[body.desc] -> Expected a string");
    next.desc = body.desc;
  }
  if (body.singleEntry !== undefined) {
    if (typeof body.singleEntry !== "boolean")
      throw badRequest("[body.singleEntry] -> Expected a boolean");
    next.singleEntry = body.singleEntry;
  }
  const added: Prop[] = [];
  const removed = new Set<string>();
  const changes = body.propChanges === undefined ? [] : body.propChanges;
  if (!Array.isArray(changes)) throw badRequest("[body.propChanges] -> Expected an array");
  changes.forEach((change, index) => {
    const path = `body.propChanges.${index}`;
    if (!isRecord(change)) throw badRequest(`[${path}] -> Expected an object`);
    if (change.transform !== undefined) {
      throw badRequest(
        `[${path}.transform] -> Prop transforms are not supported by the local content service`,
      );
    }
    if (isRecord(change.add)) added.push(addProp(store, next, change.add, `${path}.add`));
    else if (typeof change.remove === "string")
      removed.add(removeProp(next, change.remove, `${path}.remove`));
    else if (isRecord(change.update)) updateProp(store, next, change.update, `${path}.update`);
    else throw badRequest(`[${path}] -> Expected one of add, remove, update`);
  });

  const plan: WritePlan & { template: Template } = {
    template: next,
    changes: [{ kind: "templates", id: template._id, value: next }],
    events: [{ en: "template", ed: { type: "update", templateId: template._id } }],
  };
  if (added.length > 0 || removed.size > 0) {
    // Keep every stored entry at exactly one value per prop, as BCMS does.
    for (const entry of store.entriesOf(template._id)) {
      const meta = entry.meta.map((item) => ({
        ...item,
        props: [
          ...item.props.filter((value) => !removed.has(value.id)),
          ...added.map((prop) => ({ id: prop.id, data: emptyValue(store, prop) })),
        ],
      }));
      const updated: Entry = { ...entry, meta, updatedAt: now };
      plan.changes.push({ kind: "entries", id: entry._id, value: updated });
      plan.events.push(entryUpdated(updated));
    }
  }
  return plan;
}

function addProp(
  store: ContentStore,
  template: Template,
  add: Record<string, unknown>,
  path: string,
): Prop {
  if (typeof add.label !== "string" || toSlugUnderscore(add.label) === "") {
    throw badRequest(`[${path}.label] -> Expected a non-empty label`);
  }
  if (typeof add.type !== "string" || !PROP_TYPES.has(add.type)) {
    throw badRequest(`[${path}.type] -> Unknown prop type ${JSON.stringify(add.type)}`);
  }
  const name = toSlugUnderscore(add.label);
  if (template.props.some((prop) => prop.name === name)) {
    throw badRequest(`[${path}.label] -> Prop with name "${name}" already exists`);
  }
  const prop: Prop = {
    id: randomUUID(),
    type: add.type as Prop["type"],
    required: add.required === true,
    name,
    label: add.label,
    array: add.array === true,
    data: isRecord(add.data) ? (add.data as Prop["data"]) : {},
  };
  checkPropData(store, prop, path);
  template.props.push(prop);
  return prop;
}

function removeProp(template: Template, id: string, path: string): string {
  const index = template.props.findIndex((prop) => prop.id === id);
  if (index === -1) throw badRequest(`[${path}] -> Prop with ID "${id}" does not exist`);
  // Every template keeps title and slug as props 0 and 1.
  if (index < 2)
    throw badRequest(`[${path}] -> Prop "${template.props[index]?.name}" cannot be removed`);
  template.props.splice(index, 1);
  return id;
}

function updateProp(
  store: ContentStore,
  template: Template,
  update: Record<string, unknown>,
  path: string,
): void {
  const index = template.props.findIndex((prop) => prop.id === update.id);
  const current = template.props[index];
  if (!current)
    throw badRequest(`[${path}.id] -> Prop with ID "${String(update.id)}" does not exist`);
  const prop: Prop = { ...current, data: { ...current.data } };
  if (typeof update.label === "string" && update.label !== current.label) {
    const name = toSlugUnderscore(update.label);
    if (index < 2 && name !== current.name) {
      throw badRequest(`[${path}.label] -> Prop "${current.name}" cannot be renamed`);
    }
    if (name === "" || template.props.some((other, i) => i !== index && other.name === name)) {
      throw badRequest(`[${path}.label] -> Prop with name "${name}" already exists or is empty`);
    }
    prop.label = update.label;
    prop.name = name;
  }
  if (typeof update.required === "boolean") prop.required = update.required;
  if (typeof update.array === "boolean") prop.array = update.array;
  if (update.enumItems !== undefined && prop.type === "ENUMERATION") {
    prop.data.propEnum = { ...prop.data.propEnum, items: update.enumItems as string[] };
  }
  if (update.entryPointer !== undefined && prop.type === "ENTRY_POINTER") {
    prop.data.propEntryPointer = update.entryPointer as Prop["data"]["propEntryPointer"];
  }
  checkPropData(store, prop, path);
  template.props.splice(index, 1);
  const move = typeof update.move === "number" && Number.isInteger(update.move) ? update.move : 0;
  const target = index < 2 ? index : Math.min(Math.max(2, index + move), template.props.length);
  template.props.splice(target, 0, prop);
}
