// The seed's entries written into another content service through its HTTP API, as an editor
// would enter them into a new BCMS instance whose templates, groups and widgets were created
// there (so with ids of their own): every value is carried over by prop name, pointers and
// widget nodes get the instance's ids, and an entry is created after the entries it points at.
import type { Entry, Prop, PropValue } from "@thebcms/types";
import { LOCAL_CONTENT_IDENTITY } from "../../app/config/env.server";
import { isEntryPointerValue } from "../../bcms/guards";
import { isRecord } from "../../bcms/is-record";
import { readSnapshot } from "../../content-server/snapshot-files";

interface Schema {
  _id: string;
  name: string;
  props: Prop[];
}

interface Catalog {
  templates: Schema[];
  groups: Schema[];
  widgets: Schema[];
  statuses: { _id: string; label: string }[];
}

export async function copySeedEntriesThroughApi(seedDir: string, origin: string): Promise<number> {
  const identity = LOCAL_CONTENT_IDENTITY;
  const base = `${origin}/api/v3/org/${identity.orgId}/instance/${identity.instanceId}`;
  const headers = {
    Authorization: `ApiKey ${identity.apiKeyId}.${identity.apiKeySecret}`,
    "Content-Type": "application/json",
  };
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${base}/${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return JSON.parse(text) as T;
  };
  const list = async <T>(kind: string) => (await call<{ items: T[] }>("GET", `${kind}/all`)).items;
  const target: Catalog = {
    templates: await list("template"),
    groups: await list("group"),
    widgets: await list("widget"),
    statuses: await list("entry-status"),
  };
  const seed = await readSnapshot(seedDir);
  const translate = translator(seed, target);
  const pending = [...seed.entries.values()];
  let created = 0;
  while (pending.length > 0) {
    const ready = pending.filter((entry) => translate.pointsOnlyAtCreated(entry));
    if (ready.length === 0) throw new Error("the seed's entries point at each other in a circle");
    for (const entry of ready) {
      pending.splice(pending.indexOf(entry), 1);
      const { templateId, body } = translate.entry(entry);
      const answer = await call<{ item: Entry }>(
        "POST",
        `template/${templateId}/entry/create`,
        body,
      );
      translate.created(entry._id, answer.item._id);
      created += 1;
    }
  }
  return created;
}

function translator(seed: Awaited<ReturnType<typeof readSnapshot>>, target: Catalog) {
  const entryIds = new Map<string, string>();
  const counterpart = <T extends Schema>(
    kind: string,
    seedItem: { name: string } | undefined,
    items: T[],
  ): T => {
    const found = items.find((item) => item.name === seedItem?.name);
    if (!found) throw new Error(`the instance has no ${kind} ${seedItem?.name}`);
    return found;
  };
  const template = (id: string) =>
    counterpart("template", seed.templates.get(id), target.templates);
  const group = (id: string) => counterpart("group", seed.groups.get(id), target.groups);
  const widget = (id: string) => counterpart("widget", seed.widgets.get(id), target.widgets);

  /** The values of `to`'s props, each taken from the value of `from`'s prop of that name. */
  const props = (from: Prop[], to: Prop[], values: PropValue[]): PropValue[] =>
    to.map((prop) => {
      const seedProp = from.find((candidate) => candidate.name === prop.name);
      const value = values.find((candidate) => candidate.id === seedProp?.id);
      if (!seedProp || !value) throw new Error(`no seed value for prop ${prop.name}`);
      return { id: prop.id, data: data(seedProp, value.data) } as PropValue;
    });

  const data = (prop: Prop, value: unknown): unknown => {
    if (prop.type === "GROUP_POINTER" && isRecord(value)) {
      const seedGroup = seed.groups.get(String(value._id));
      const newGroup = group(String(value._id));
      const items = Array.isArray(value.items) ? value.items : [];
      return {
        _id: newGroup._id,
        items: items.map((item: { props: PropValue[] }) => ({
          props: props(seedGroup?.props ?? [], newGroup.props, item.props),
        })),
      };
    }
    if (prop.type === "ENTRY_POINTER" && Array.isArray(value)) {
      return value.map((pointer) =>
        isEntryPointerValue(pointer)
          ? { tid: template(pointer.tid)._id, eid: entryIds.get(pointer.eid) }
          : pointer,
      );
    }
    if (prop.type === "RICH_TEXT") return nodes(value);
    return value;
  };

  /** Rich text with its widget nodes' values given the instance's widget and prop ids. */
  const nodes = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(nodes);
    if (!isRecord(value)) return value;
    const copy = Object.fromEntries(
      Object.entries(value).map(([key, child]) => [key, nodes(child)]),
    );
    const widgetData =
      isRecord(value.attrs) && isRecord(value.attrs.data) ? value.attrs.data : undefined;
    if (value.type === "widget" && widgetData && isRecord(copy.attrs)) {
      const seedWidget = seed.widgets.get(String(widgetData._id));
      const newWidget = widget(String(widgetData._id));
      copy.attrs = {
        ...copy.attrs,
        data: {
          _id: newWidget._id,
          props: props(seedWidget?.props ?? [], newWidget.props, widgetData.props as PropValue[]),
        },
      };
    }
    return copy;
  };

  const pointedEntries = (node: unknown): string[] => {
    if (isEntryPointerValue(node)) return [node.eid];
    if (Array.isArray(node)) return node.flatMap(pointedEntries);
    return isRecord(node) ? Object.values(node).flatMap(pointedEntries) : [];
  };

  return {
    pointsOnlyAtCreated: (entry: Entry) =>
      pointedEntries(entry.meta).every((id) => entryIds.has(id)),
    created(seedId: string, newId: string) {
      entryIds.set(seedId, newId);
    },
    entry(entry: Entry) {
      const seedTemplate = seed.templates.get(entry.templateId);
      const newTemplate = template(entry.templateId);
      const status = (id: string) => {
        const label = seed.statuses.get(id)?.label;
        const found = target.statuses.find((candidate) => candidate.label === label);
        if (!found) throw new Error(`the instance has no status ${label}`);
        return found._id;
      };
      return {
        templateId: newTemplate._id,
        body: {
          statuses: entry.statuses.map((value) => ({ lng: value.lng, id: status(value.id) })),
          meta: entry.meta.map((meta) => ({
            lng: meta.lng,
            props: props(seedTemplate?.props ?? [], newTemplate.props, meta.props),
          })),
          content: entry.content.map((content) => ({
            lng: content.lng,
            nodes: nodes(content.nodes),
            plainText: content.plainText,
          })),
        },
      };
    },
  };
}
