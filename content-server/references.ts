/**
 * Who points at what: where-is-it-used answers, and removing entry pointers to
 * deleted entries so no dangling reference is left behind. Entry pointers
 * (`{tid, eid}`) and widget values (`{_id, props}`, in WIDGET props and in
 * rich-text widget nodes' `attrs.data`) have shapes nothing else has, so raw
 * values are searched structurally, without walking every schema.
 */
import type { Entry, Group, Prop, Template, Widget } from "@thebcms/types";
import { isEntryPointerValue } from "../bcms/guards";
import { isRecord } from "../bcms/is-record";
import type { ContentStore } from "./snapshot-store";

/** A copy of `value` without entry pointers to `removed` entries; `changed` tells whether any was found. */
export function stripEntryPointers<T>(
  value: T,
  removed: ReadonlySet<string>,
): { value: T; changed: boolean } {
  let changed = false;
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) {
      const kept = node.filter((item) => {
        if (isEntryPointerValue(item) && removed.has(item.eid)) {
          changed = true;
          return false;
        }
        return true;
      });
      return kept.map(visit);
    }
    if (isRecord(node)) {
      return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, visit(child)]));
    }
    return node;
  };
  const result = visit(value) as T;
  return { value: changed ? result : value, changed };
}

function containsWidget(node: unknown, widgetId: string): boolean {
  if (Array.isArray(node)) return node.some((item) => containsWidget(item, widgetId));
  if (!isRecord(node)) return false;
  // A WIDGET prop value is {_id, props}; a widget node in rich text is {type: "widget", attrs: {data: {_id, props}}}.
  if (node._id === widgetId && Array.isArray(node.props)) return true;
  return Object.values(node).some((child) => containsWidget(child, widgetId));
}

function pointsToGroup(props: readonly Prop[], groupId: string): boolean {
  return props.some(
    (prop) => prop.type === "GROUP_POINTER" && prop.data.propGroupPointer?._id === groupId,
  );
}

function pointsToTemplate(props: readonly Prop[], templateId: string): boolean {
  return props.some(
    (prop) =>
      prop.type === "ENTRY_POINTER" &&
      (prop.data.propEntryPointer ?? []).some((pointer) => pointer.templateId === templateId),
  );
}

const ids = (items: readonly { _id: string }[]) => items.map((item) => item._id);

export function groupWhereIsItUsed(store: ContentStore, groupId: string) {
  const uses = (schema: Template | Group | Widget) => pointsToGroup(schema.props, groupId);
  return {
    groupIds: ids(store.list("groups").filter(uses)),
    templateIds: ids(store.list("templates").filter(uses)),
    widgetIds: ids(store.list("widgets").filter(uses)),
  };
}

/** Spelled `groupsIds`, as in BCMS's types. */
export function templateWhereIsItUsed(store: ContentStore, templateId: string) {
  const uses = (schema: Template | Group | Widget) => pointsToTemplate(schema.props, templateId);
  return {
    groupsIds: ids(store.list("groups").filter(uses)),
    templateIds: ids(store.list("templates").filter(uses)),
    widgetIds: ids(store.list("widgets").filter(uses)),
  };
}

export function widgetWhereIsItUsed(store: ContentStore, widgetId: string) {
  const uses = (entry: Entry) =>
    containsWidget(entry.content, widgetId) || containsWidget(entry.meta, widgetId);
  return { entryIds: ids(store.list("entries").filter(uses)) };
}

/** Removes a template id from the allowed templates of every entry-pointer prop. */
export function dropTemplateFromProps(
  props: readonly Prop[],
  templateId: string,
): { props: Prop[]; changed: boolean } {
  let changed = false;
  const next = props.map((prop) => {
    const pointers = prop.data.propEntryPointer;
    if (prop.type !== "ENTRY_POINTER" || !pointers?.some((p) => p.templateId === templateId))
      return prop;
    changed = true;
    return {
      ...prop,
      data: { ...prop.data, propEntryPointer: pointers.filter((p) => p.templateId !== templateId) },
    };
  });
  return { props: next, changed };
}
