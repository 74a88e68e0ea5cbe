/**
 * Templates, groups and widgets of the content model (app/content/model/, documented in
 * docs/content-model.md) as the seed stores them: deterministic ids, BCMS's prop data.
 */
import type { Group, Prop, Template, Widget } from "@thebcms/types";
import { CONTENT_MODEL, type PropDeclaration } from "../../app/content/model";
import { propDataOf } from "../../app/content/model/prop-data";
import { objectId, storedFields, uuid } from "./ids";

function buildProp(ownerKey: string, spec: PropDeclaration): Prop {
  if (spec.template && !CONTENT_MODEL.templates.some((t) => t.name === spec.template)) {
    throw new Error(`${ownerKey}.${spec.name}: unknown template "${spec.template}"`);
  }
  const data = propDataOf(spec, { group: groupId, template: templateId });
  return {
    id: uuid(`prop:${ownerKey}:${spec.name}`),
    type: spec.type,
    required: spec.required ?? false,
    name: spec.name,
    label: spec.label,
    array: spec.array ?? false,
    data,
  };
}

export const groupId = (name: string) => objectId("group", name);
export const widgetId = (name: string) => objectId("widget", name);
export const templateId = (name: string) => objectId("template", name);

const stored = (id: string) => storedFields(id);

export const groups: Group[] = CONTENT_MODEL.groups.map((s) => ({
  ...stored(groupId(s.name)),
  name: s.name,
  label: s.label,
  desc: s.desc,
  props: s.props.map((p) => buildProp(`group:${s.name}`, p)),
}));

export const widgets: Widget[] = CONTENT_MODEL.widgets.map((s) => ({
  ...stored(widgetId(s.name)),
  name: s.name,
  label: s.label,
  desc: s.desc,
  previewImage: "",
  props: s.props.map((p) => buildProp(`widget:${s.name}`, p)),
}));

export const templates: Template[] = CONTENT_MODEL.templates.map((s) => ({
  ...stored(templateId(s.name)),
  name: s.name,
  label: s.label,
  desc: s.desc,
  singleEntry: false,
  props: s.props.map((p) => buildProp(`template:${s.name}`, p)),
}));

function byName<T extends { name: string }>(list: T[], kind: string): (name: string) => T {
  const map = new Map(list.map((x) => [x.name, x]));
  return (name) => {
    const found = map.get(name);
    if (!found) throw new Error(`Unknown ${kind} "${name}"`);
    return found;
  };
}

export const getGroup = byName(groups, "group");
export const getWidget = byName(widgets, "widget");
export const getTemplate = byName(templates, "template");

export const groupById = (id: string): Group | undefined => groups.find((g) => g._id === id);
