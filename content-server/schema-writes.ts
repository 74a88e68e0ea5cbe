/**
 * Schema writes (templates, groups, widgets, entry statuses created and updated) and the
 * writes that touch several files: entry delete, template, group and widget update, and
 * template delete. Each is planned as a list of file changes (committed together through
 * the store's journal) plus the socket events announcing them, so references
 * stay consistent: no entry keeps a value for a removed prop, no pointer is
 * left to a deleted entry.
 */
import { randomUUID } from "node:crypto";
import type { Entry, EntryStatus, Group, Prop, PropValue, Template, Widget } from "@thebcms/types";
import { isRecord } from "../bcms/is-record";
import { badRequest, notFound } from "./http";
import { isObjectId, newObjectId } from "./ids";
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

type SchemaOwner = Template | Group | Widget;
type OwnerKindName = "templates" | "groups" | "widgets";

const OWNER_NAMES: Record<OwnerKindName, string> = {
  templates: "Template",
  groups: "Group",
  widgets: "Widget",
};

/** A template's, group's or widget's name from its label: unique in its kind. */
function ownerName(
  store: ContentStore,
  kind: OwnerKindName,
  label: unknown,
  path: string,
  ownId?: string,
): string {
  if (typeof label !== "string" || toSlug(label) === "") {
    throw badRequest(`[${path}] -> Expected a non-empty label`);
  }
  const name = toSlug(label);
  if (store.list(kind).some((other) => other._id !== ownId && other.name === name)) {
    throw badRequest(`[${path}] -> ${OWNER_NAMES[kind]} with name "${name}" already exists`);
  }
  return name;
}

/**
 * The `{label?, desc?, propChanges?}` part of an update body applied to `next` (a copy of
 * the stored template, group or widget): the props added, and the ids of those removed.
 * Prop changes `add`, `remove` and `update` are supported; `transform` (type conversion of
 * stored values) is refused with a 400.
 */
function applyOwnerUpdate(
  store: ContentStore,
  kind: OwnerKindName,
  next: SchemaOwner,
  body: Record<string, unknown>,
): { added: Prop[]; removed: Set<string> } {
  if (body.label !== undefined) {
    next.name = ownerName(store, kind, body.label, "body.label", next._id);
    next.label = body.label as string;
  }
  if (body.desc !== undefined) {
    if (typeof body.desc !== "string") throw badRequest("[body.desc] -> Expected a string");
    next.desc = body.desc;
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
      removed.add(removeProp(kind, next, change.remove, `${path}.remove`));
    else if (isRecord(change.update))
      updateProp(store, kind, next, change.update, `${path}.update`);
    else throw badRequest(`[${path}] -> Expected one of add, remove, update`);
  });
  return { added, removed };
}

/** `PUT template/{id}/update` with `{label?, desc?, singleEntry?, propChanges?}`. */
export function planTemplateUpdate(
  store: ContentStore,
  template: Template,
  body: unknown,
  now = Date.now(),
): WritePlan & { template: Template } {
  if (!isRecord(body))
    throw badRequest("[body] -> Expected an object {label?, desc?, singleEntry?, propChanges?}");
  const next: Template = { ...template, props: [...template.props], updatedAt: now };
  if (body.singleEntry !== undefined) {
    if (typeof body.singleEntry !== "boolean")
      throw badRequest("[body.singleEntry] -> Expected a boolean");
    next.singleEntry = body.singleEntry;
  }
  const { added, removed } = applyOwnerUpdate(store, "templates", next, body);

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

/**
 * `PUT group/update` and `PUT widget/update` with `{_id, label?, desc?, propChanges?}`.
 * Stored values of the group or widget (group items, widget values in props and rich text,
 * wherever they are nested) keep exactly one value per prop, as a template's entries do.
 */
export function planOwnerUpdate(
  store: ContentStore,
  kind: "groups" | "widgets",
  body: unknown,
  now = Date.now(),
): WritePlan & { owner: Group | Widget } {
  if (!isRecord(body))
    throw badRequest("[body] -> Expected an object {_id, label?, desc?, propChanges?}");
  const current = isObjectId(body._id) ? store.get(kind, body._id) : undefined;
  if (!current) {
    throw notFound(`${OWNER_NAMES[kind]} with ID "${String(body._id)}" does not exist`);
  }
  const next = { ...current, props: [...current.props], updatedAt: now };
  const { added, removed } = applyOwnerUpdate(store, kind, next, body);
  const event: SocketEventMessage =
    kind === "groups"
      ? { en: "group", ed: { type: "update", groupId: next._id } }
      : { en: "widget", ed: { type: "update", widgetId: next._id } };
  const plan: WritePlan & { owner: Group | Widget } = {
    owner: next,
    changes: [{ kind, id: next._id, value: next }],
    events: [event],
  };
  if (added.length === 0 && removed.size === 0) return plan;
  const reshape = (props: unknown): unknown =>
    Array.isArray(props)
      ? [
          ...props.filter((value) => !(isRecord(value) && removed.has(String(value.id)))),
          ...added.map((prop) => ({ id: prop.id, data: emptyValue(store, prop) })),
        ]
      : props;
  for (const entry of store.list("entries")) {
    const reshaped = reshapeValuesOf(entry, kind, next._id, reshape);
    if (!reshaped.changed) continue;
    const updated: Entry = { ...reshaped.value, updatedAt: now };
    plan.changes.push({ kind: "entries", id: entry._id, value: updated });
    plan.events.push(entryUpdated(updated));
  }
  return plan;
}

/**
 * A copy of `entry` where every stored value of the group (`{_id, items: [{props}]}`) or
 * widget (`{_id, props}`) has its props passed through `reshape`. These shapes are found
 * structurally, as references.ts finds pointers.
 */
function reshapeValuesOf(
  entry: Entry,
  kind: "groups" | "widgets",
  id: string,
  reshape: (props: unknown) => unknown,
): { value: Entry; changed: boolean } {
  let changed = false;
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (!isRecord(node)) return node;
    const copy: Record<string, unknown> = Object.fromEntries(
      Object.entries(node).map(([key, child]) => [key, visit(child)]),
    );
    if (node._id !== id) return copy;
    if (kind === "groups" && Array.isArray(copy.items)) {
      changed = true;
      copy.items = copy.items.map((item) =>
        isRecord(item) ? { ...item, props: reshape(item.props) } : item,
      );
    } else if (kind === "widgets" && Array.isArray(copy.props)) {
      changed = true;
      copy.props = reshape(copy.props);
    }
    return copy;
  };
  const value = { ...entry, meta: visit(entry.meta), content: visit(entry.content) } as Entry;
  return { value: changed ? value : entry, changed };
}

/** `POST template/create`, `group/create`, `widget/create` with `{label, desc, …}`. */
export function buildOwner(
  store: ContentStore,
  kind: OwnerKindName,
  body: unknown,
  owner: { instanceId: string; userId: string },
  now = Date.now(),
): SchemaOwner {
  if (!isRecord(body)) throw badRequest("[body] -> Expected an object {label, desc}");
  const name = ownerName(store, kind, body.label, "body.label");
  if (body.desc !== undefined && typeof body.desc !== "string") {
    throw badRequest("[body.desc] -> Expected a string");
  }
  const base = {
    _id: newObjectId(now),
    createdAt: now,
    updatedAt: now,
    instanceId: owner.instanceId,
    userId: owner.userId,
    name,
    label: body.label as string,
    desc: typeof body.desc === "string" ? body.desc : "",
  };
  if (kind === "groups") return { ...base, props: [] };
  if (kind === "widgets") return { ...base, previewImage: "", props: [] };
  if (body.singleEntry !== undefined && typeof body.singleEntry !== "boolean") {
    throw badRequest("[body.singleEntry] -> Expected a boolean");
  }
  // BCMS gives every template its title and slug, required strings, as props 0 and 1.
  const builtIn = (label: string): Prop => ({
    id: randomUUID(),
    type: "STRING",
    required: true,
    name: toSlugUnderscore(label),
    label,
    array: false,
    data: { propString: [] },
  });
  return {
    ...base,
    singleEntry: body.singleEntry === true,
    props: [builtIn("Title"), builtIn("Slug")],
  };
}

/** `POST entry-status/create` with `{label, color?}`; labels are unique, whatever their case. */
export function buildEntryStatus(
  store: ContentStore,
  body: unknown,
  owner: { instanceId: string; userId: string },
  now = Date.now(),
): EntryStatus {
  if (!isRecord(body) || typeof body.label !== "string" || body.label.trim() === "") {
    throw badRequest("[body.label] -> Expected a non-empty label");
  }
  const label = body.label;
  if (store.list("statuses").some((status) => status.label.toLowerCase() === label.toLowerCase())) {
    throw badRequest(`[body.label] -> Entry status with label "${label}" already exists`);
  }
  if (body.color !== undefined && typeof body.color !== "string") {
    throw badRequest("[body.color] -> Expected a string");
  }
  return {
    _id: newObjectId(now),
    createdAt: now,
    updatedAt: now,
    instanceId: owner.instanceId,
    userId: owner.userId,
    label,
    ...(typeof body.color === "string" ? { color: body.color } : {}),
  };
}

function addProp(
  store: ContentStore,
  owner: SchemaOwner,
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
  if (owner.props.some((prop) => prop.name === name)) {
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
  owner.props.push(prop);
  return prop;
}

/** Templates keep `title` and `slug` as props 0 and 1; groups and widgets have no such props. */
const fixedProps = (kind: OwnerKindName): number => (kind === "templates" ? 2 : 0);

function removeProp(kind: OwnerKindName, owner: SchemaOwner, id: string, path: string): string {
  const index = owner.props.findIndex((prop) => prop.id === id);
  if (index === -1) throw badRequest(`[${path}] -> Prop with ID "${id}" does not exist`);
  if (index < fixedProps(kind))
    throw badRequest(`[${path}] -> Prop "${owner.props[index]?.name}" cannot be removed`);
  owner.props.splice(index, 1);
  return id;
}

function updateProp(
  store: ContentStore,
  kind: OwnerKindName,
  owner: SchemaOwner,
  update: Record<string, unknown>,
  path: string,
): void {
  const fixed = fixedProps(kind);
  const index = owner.props.findIndex((prop) => prop.id === update.id);
  const current = owner.props[index];
  if (!current)
    throw badRequest(`[${path}.id] -> Prop with ID "${String(update.id)}" does not exist`);
  const prop: Prop = { ...current, data: { ...current.data } };
  if (typeof update.label === "string" && update.label !== current.label) {
    const name = toSlugUnderscore(update.label);
    if (index < fixed && name !== current.name) {
      throw badRequest(`[${path}.label] -> Prop "${current.name}" cannot be renamed`);
    }
    if (name === "" || owner.props.some((other, i) => i !== index && other.name === name)) {
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
  owner.props.splice(index, 1);
  const move = typeof update.move === "number" && Number.isInteger(update.move) ? update.move : 0;
  const target =
    index < fixed ? index : Math.min(Math.max(fixed, index + move), owner.props.length);
  owner.props.splice(target, 0, prop);
}
