// Client-side validation of entry payloads. The caller writes values the way parsed
// entries read (keyed by prop name); this module checks them against the template, group and
// widget schemas and converts them to raw BCMS PropValue[]. Every failure is a
// BcmsValidationError naming the entry and the property path.
import type {
  EntryContent,
  EntryContentNode,
  EntryCreateBody,
  EntryMeta,
  EntryStatusValue,
  EntryUpdateBody,
  Group,
  Prop,
  PropValue,
  PropValueData,
  PropValueGroupPointerData,
  PropValueWidgetData,
  Template,
  Widget,
} from "@thebcms/types";
import { BcmsValidationError } from "./errors";
import { isContentNode } from "./guards";
import { isRecord } from "./is-record";

// --- Messages (tests quote these) ------------------------------------------------------------

export const MISSING_REQUIRED_VALUE_MESSAGE = "Missing value for required property";
export const UNKNOWN_PROPERTY_MESSAGE = "Unknown property: the schema has no property of this name";
export const DATE_VALUE_MESSAGE = "must be an object with numeric timestamp and timezoneOffset";
export const ENTRY_POINTER_VALUE_MESSAGE = "must be an object with string entryId and templateId";
export const MEDIA_VALUE_MESSAGE = "must be an object with a string mediaId";
export const RICH_TEXT_VALUE_MESSAGE = "must be an object with a nodes array";
export const OBJECT_VALUE_MESSAGE = "must be an object";
export const GROUP_POINTER_SCHEMA_MESSAGE = "the schema of this group pointer names no group";
export const WIDGET_SCHEMA_MESSAGE = "the schema of this widget property names no widget";
export const NESTING_TOO_DEEP_MESSAGE = "values are nested too deeply";
/** Deeper than any real schema; stops self-referencing values. */
export const MAX_NESTING_DEPTH = 32;

export type ScalarTypeName = "boolean" | "number" | "string";

/** `must be a boolean` / `must be a number` / `must be a string`. */
export function typeMismatchMessage(type: ScalarTypeName): string {
  return `must be a ${type}`;
}

/** `must be an array of string` (array props), `must be an array of objects`. */
export function arrayTypeMessage(type: ScalarTypeName | "objects"): string {
  return `must be an array of ${type}`;
}

/** `item value "X" is not allowed. Allowed values: a, b, c`. */
export function enumValueNotAllowedMessage(value: string, allowed: readonly string[]): string {
  return `item value "${value}" is not allowed. Allowed values: ${allowed.join(", ")}`;
}

/** A group pointer whose group is not in the instance. */
export function groupNotFoundMessage(groupId: string): string {
  return `group with ID "${groupId}" does not exist`;
}

export function widgetNotFoundMessage(widgetId: string): string {
  return `widget with ID "${widgetId}" does not exist`;
}

export function unsupportedPropTypeMessage(type: string): string {
  return `property type "${type}" is not supported`;
}

export function entryStatusNotFoundMessage(status: string): string {
  return `entry status "${status}" does not exist`;
}

// --- Prop values -------------------------------------------------------------------------------

/** Values as a caller writes them, keyed by prop name (runtime-checked). */
export type PropValuesInput = Readonly<Record<string, unknown>>;

export interface MediaValueInput {
  mediaId: string;
  altText?: string;
  caption?: string;
}

export interface EntryPointerValueInput {
  entryId: string;
  templateId: string;
}

export interface DateValueInput {
  timestamp: number;
  timezoneOffset: number;
}

export interface RichTextValueInput {
  nodes: EntryContentNode[];
}

export interface PropValidationContext {
  /** Names the entry in messages, see describeEntry(). */
  entry: string;
  groups: readonly Group[];
  widgets?: readonly Widget[];
}

export interface ToRawOptions {
  /** Stored values: an omitted optional prop keeps its old value instead of being emptied. */
  oldValues?: readonly PropValue[];
  /** Path prefix of nested props (e.g. `seo`). */
  path?: string;
}

function joinPath(path: string, name: string): string {
  return path ? `${path}.${name}` : name;
}

function indexPath(path: string, index: number): string {
  return `${path}[${index}]`;
}

function isMissing(value: unknown): boolean {
  return value === undefined || value === null;
}

function scalarType(type: string): ScalarTypeName | null {
  if (type === "BOOLEAN") return "boolean";
  if (type === "NUMBER") return "number";
  if (type === "STRING") return "string";
  return null;
}

function matchesScalar(value: unknown, type: ScalarTypeName): boolean {
  if (type === "number") return typeof value === "number" && Number.isFinite(value);
  return typeof value === type;
}

/** Raw value stored for an optional prop that has no value. */
export function emptyPropValue(prop: Prop): PropValueData {
  if (prop.type === "GROUP_POINTER") {
    return { _id: prop.data.propGroupPointer?._id ?? "", items: [] };
  }
  if (prop.type === "WIDGET") return { _id: prop.data.propWidget?._id ?? "", props: [] };
  return [] as string[];
}

class Converter {
  constructor(private readonly context: PropValidationContext) {}

  fail(path: string, reason: string): never {
    throw new BcmsValidationError(this.context.entry, path, reason);
  }

  props(
    schema: readonly Prop[],
    values: unknown,
    path: string,
    oldValues: readonly PropValue[],
    depth: number,
  ): PropValue[] {
    if (depth > MAX_NESTING_DEPTH) this.fail(path || "meta", NESTING_TOO_DEEP_MESSAGE);
    if (!isRecord(values)) this.fail(path || "meta", OBJECT_VALUE_MESSAGE);
    const known = new Set(schema.map((prop) => prop.name));
    for (const name of Object.keys(values)) {
      if (!known.has(name)) this.fail(joinPath(path, name), UNKNOWN_PROPERTY_MESSAGE);
    }
    return schema.map((prop) => {
      const propPath = joinPath(path, prop.name);
      const value = values[prop.name];
      const old = oldValues.find((item) => item.id === prop.id);
      const emptyArray = prop.array && Array.isArray(value) && value.length === 0;
      if (isMissing(value) || (emptyArray && prop.required)) {
        if (prop.required) this.fail(propPath, MISSING_REQUIRED_VALUE_MESSAGE);
        return { id: prop.id, data: old ? old.data : emptyPropValue(prop) };
      }
      return { id: prop.id, data: this.value(prop, value, propPath, old, depth) };
    });
  }

  value(
    prop: Prop,
    value: unknown,
    path: string,
    old: PropValue | undefined,
    depth: number,
  ): PropValueData {
    const scalar = scalarType(prop.type);
    if (scalar) return this.scalars(prop, value, path, scalar);
    switch (prop.type) {
      case "ENUMERATION":
        return this.enumeration(prop, value, path);
      case "DATE":
        return this.list(prop, value, path, (item, itemPath) => this.date(item, itemPath));
      case "ENTRY_POINTER":
        return this.list(prop, value, path, (item, itemPath) => this.entryPointer(item, itemPath));
      case "MEDIA":
        return this.list(prop, value, path, (item, itemPath) => this.media(item, itemPath));
      case "RICH_TEXT":
        return this.list(prop, value, path, (item, itemPath) => this.richText(item, itemPath));
      case "GROUP_POINTER":
        return this.groupPointer(prop, value, path, old, depth);
      case "WIDGET":
        return this.widget(prop, value, path, old, depth);
      case "TAG":
      case "COLOR_PICKER":
        return this.strings(value, path);
      default:
        return this.fail(path, unsupportedPropTypeMessage(prop.type));
    }
  }

  scalars(prop: Prop, value: unknown, path: string, type: ScalarTypeName): PropValueData {
    if (!prop.array) {
      if (!matchesScalar(value, type)) this.fail(path, typeMismatchMessage(type));
      return [value] as string[] | number[] | boolean[];
    }
    if (!Array.isArray(value)) this.fail(path, arrayTypeMessage(type));
    value.forEach((item, index) => {
      if (!matchesScalar(item, type)) this.fail(indexPath(path, index), typeMismatchMessage(type));
    });
    return [...value] as string[] | number[] | boolean[];
  }

  enumeration(prop: Prop, value: unknown, path: string): string[] {
    const allowed = prop.data.propEnum?.items ?? [];
    const check = (item: unknown, itemPath: string): string => {
      if (typeof item !== "string") this.fail(itemPath, typeMismatchMessage("string"));
      if (!allowed.includes(item)) this.fail(itemPath, enumValueNotAllowedMessage(item, allowed));
      return item;
    };
    if (!prop.array) return [check(value, path)];
    if (!Array.isArray(value)) this.fail(path, arrayTypeMessage("string"));
    return value.map((item, index) => check(item, indexPath(path, index)));
  }

  strings(value: unknown, path: string): string[] {
    const items = Array.isArray(value) ? value : [value];
    return items.map((item, index) => {
      const itemPath = Array.isArray(value) ? indexPath(path, index) : path;
      if (typeof item !== "string") this.fail(itemPath, typeMismatchMessage("string"));
      return item;
    });
  }

  /** Single values become a one-element array; array props need an array of objects. */
  list<T>(
    prop: Prop,
    value: unknown,
    path: string,
    convert: (item: unknown, itemPath: string) => T,
  ): T[] {
    if (!prop.array) return [convert(value, path)];
    if (!Array.isArray(value)) this.fail(path, arrayTypeMessage("objects"));
    return value.map((item, index) => convert(item, indexPath(path, index)));
  }

  date(value: unknown, path: string): DateValueInput {
    if (
      !isRecord(value) ||
      typeof value.timestamp !== "number" ||
      !Number.isFinite(value.timestamp) ||
      typeof value.timezoneOffset !== "number" ||
      !Number.isFinite(value.timezoneOffset)
    ) {
      this.fail(path, DATE_VALUE_MESSAGE);
    }
    return { timestamp: value.timestamp, timezoneOffset: value.timezoneOffset };
  }

  entryPointer(value: unknown, path: string): { tid: string; eid: string } {
    if (
      !isRecord(value) ||
      typeof value.entryId !== "string" ||
      value.entryId.length === 0 ||
      typeof value.templateId !== "string" ||
      value.templateId.length === 0
    ) {
      this.fail(path, ENTRY_POINTER_VALUE_MESSAGE);
    }
    // BCMS writes a pointer template first ({tid, eid}), as @thebcms/types declares it.
    return { tid: value.templateId, eid: value.entryId };
  }

  media(value: unknown, path: string): { _id: string; alt_text?: string; caption?: string } {
    if (!isRecord(value) || typeof value.mediaId !== "string" || value.mediaId.length === 0) {
      this.fail(path, MEDIA_VALUE_MESSAGE);
    }
    const raw: { _id: string; alt_text?: string; caption?: string } = { _id: value.mediaId };
    if (value.altText !== undefined) {
      if (typeof value.altText !== "string") {
        this.fail(joinPath(path, "altText"), typeMismatchMessage("string"));
      }
      raw.alt_text = value.altText;
    }
    if (value.caption !== undefined) {
      if (typeof value.caption !== "string") {
        this.fail(joinPath(path, "caption"), typeMismatchMessage("string"));
      }
      raw.caption = value.caption;
    }
    return raw;
  }

  richText(value: unknown, path: string): { nodes: EntryContentNode[] } {
    if (!isRecord(value) || !Array.isArray(value.nodes)) this.fail(path, RICH_TEXT_VALUE_MESSAGE);
    const nodes: unknown[] = value.nodes;
    nodes.forEach((node, index) => {
      if (!isRecord(node)) {
        this.fail(indexPath(joinPath(path, "nodes"), index), OBJECT_VALUE_MESSAGE);
      }
    });
    return { nodes: nodes as EntryContentNode[] };
  }

  groupPointer(
    prop: Prop,
    value: unknown,
    path: string,
    old: PropValue | undefined,
    depth: number,
  ): PropValueGroupPointerData {
    const groupId = prop.data.propGroupPointer?._id;
    if (!groupId) this.fail(path, GROUP_POINTER_SCHEMA_MESSAGE);
    const group = this.context.groups.find((item) => item._id === groupId);
    if (!group) this.fail(path, groupNotFoundMessage(groupId));
    const oldItems = isRecord(old?.data) && Array.isArray(old.data.items) ? old.data.items : [];
    const oldProps = (index: number): PropValue[] => {
      const item: unknown = oldItems[index];
      return isRecord(item) && Array.isArray(item.props) ? (item.props as PropValue[]) : [];
    };
    if (!prop.array) {
      if (!isRecord(value)) this.fail(path, OBJECT_VALUE_MESSAGE);
      return {
        _id: group._id,
        items: [{ props: this.props(group.props, value, path, oldProps(0), depth + 1) }],
      };
    }
    if (!Array.isArray(value)) this.fail(path, arrayTypeMessage("objects"));
    return {
      _id: group._id,
      items: value.map((item, index) => {
        const itemPath = indexPath(path, index);
        if (!isRecord(item)) this.fail(itemPath, OBJECT_VALUE_MESSAGE);
        return { props: this.props(group.props, item, itemPath, oldProps(index), depth + 1) };
      }),
    };
  }

  widget(
    prop: Prop,
    value: unknown,
    path: string,
    old: PropValue | undefined,
    depth: number,
  ): PropValueWidgetData {
    const widgetId = prop.data.propWidget?._id;
    if (!widgetId) this.fail(path, WIDGET_SCHEMA_MESSAGE);
    const widget = this.context.widgets?.find((item) => item._id === widgetId);
    if (!widget) this.fail(path, widgetNotFoundMessage(widgetId));
    if (!isRecord(value)) this.fail(path, OBJECT_VALUE_MESSAGE);
    const oldProps =
      isRecord(old?.data) && Array.isArray(old.data.props) ? (old.data.props as PropValue[]) : [];
    return { _id: widget._id, props: this.props(widget.props, value, path, oldProps, depth + 1) };
  }
}

/**
 * Checks parsed-style values against a prop schema and returns the raw PropValue[] with exactly
 * one value per schema prop (what the server requires). Throws BcmsValidationError.
 */
export function toRawPropValues(
  schema: readonly Prop[],
  values: unknown,
  context: PropValidationContext,
  options: ToRawOptions = {},
): PropValue[] {
  return new Converter(context).props(
    schema,
    values,
    options.path ?? "",
    options.oldValues ?? [],
    0,
  );
}

// --- Entry payloads ----------------------------------------------------------------------------

export interface EntryCreateInput {
  /** One status per language; `id` may be a status id or label. */
  statuses?: Array<{ lng: string; id: string }>;
  /** Values per language, keyed by prop name. */
  meta: Array<{ lng: string; data: PropValuesInput }>;
  content?: Array<{ lng: string; nodes: EntryContentNode[]; plainText?: string }>;
}

export interface EntryUpdateInput {
  /** The one language this update writes. */
  lng: string;
  /** Status id or label. */
  status?: string;
  /** Values keyed by prop name; omitted optional props keep their stored values. */
  meta: PropValuesInput;
  /** Content nodes; omitted keeps the stored content of this language. */
  content?: EntryContentNode[];
}

export interface EntryPayloadContext {
  groups: readonly Group[];
  widgets?: readonly Widget[];
  /** Maps a status id or label to its id; null when unknown. Absent: statuses pass unchecked. */
  resolveStatus?: (idOrLabel: string) => string | null;
}

/** `Entry "hello-world" of template "blog-post" (en)`. */
export function describeEntry(parts: {
  templateName: string;
  entry?: string | null;
  lng?: string | null;
}): string {
  const entry = parts.entry ? `Entry "${parts.entry}"` : "New entry";
  const lng = parts.lng ? ` (${parts.lng})` : "";
  return `${entry} of template "${parts.templateName}"${lng}`;
}

/** Visible text of rich-text nodes, blocks separated by new lines (the `plainText` field). */
export function plainTextFromNodes(nodes: readonly unknown[]): string {
  const blocks: string[] = [];
  const inline = (node: unknown): string => {
    if (!isRecord(node)) return "";
    if (node.type === "text" && typeof node.text === "string") return node.text;
    if (node.type === "hardBreak") return "\n";
    return Array.isArray(node.content) ? node.content.map(inline).join("") : "";
  };
  for (const node of nodes) {
    const text = inline(node).trim();
    if (text) blocks.push(text);
  }
  return blocks.join("\n");
}

function entryNameFrom(data: unknown): string | null {
  if (!isRecord(data)) return null;
  if (typeof data.slug === "string" && data.slug) return data.slug;
  if (typeof data.title === "string" && data.title) return data.title;
  return null;
}

function checkNodes(entry: string, path: string, nodes: unknown): EntryContentNode[] {
  if (!Array.isArray(nodes))
    throw new BcmsValidationError(entry, path, arrayTypeMessage("objects"));
  nodes.forEach((node, index) => {
    if (!isContentNode(node)) {
      throw new BcmsValidationError(entry, indexPath(path, index), OBJECT_VALUE_MESSAGE);
    }
  });
  return nodes as EntryContentNode[];
}

function checkLng(entry: string, path: string, lng: unknown): string {
  if (typeof lng !== "string" || lng.length === 0) {
    throw new BcmsValidationError(entry, path, typeMismatchMessage("string"));
  }
  return lng;
}

function resolveStatusId(
  context: EntryPayloadContext,
  entry: string,
  path: string,
  status: unknown,
): string {
  if (typeof status !== "string" || status.length === 0) {
    throw new BcmsValidationError(entry, path, typeMismatchMessage("string"));
  }
  if (!context.resolveStatus) return status;
  const id = context.resolveStatus(status);
  if (!id) throw new BcmsValidationError(entry, path, entryStatusNotFoundMessage(status));
  return id;
}

/** Validates a create payload and builds the raw EntryCreateBody. */
export function buildEntryCreateBody(
  template: Template,
  input: unknown,
  context: EntryPayloadContext,
): EntryCreateBody {
  const general = describeEntry({ templateName: template.name });
  if (!isRecord(input)) throw new BcmsValidationError(general, "(payload)", OBJECT_VALUE_MESSAGE);
  if (!Array.isArray(input.meta)) {
    throw new BcmsValidationError(general, "meta", arrayTypeMessage("objects"));
  }
  const metaInput: unknown[] = input.meta;
  const meta: EntryMeta[] = metaInput.map((item, index) => {
    if (!isRecord(item)) {
      throw new BcmsValidationError(general, indexPath("meta", index), OBJECT_VALUE_MESSAGE);
    }
    const lng = checkLng(general, `${indexPath("meta", index)}.lng`, item.lng);
    const entry = describeEntry({
      templateName: template.name,
      entry: entryNameFrom(item.data),
      lng,
    });
    return {
      lng,
      props: toRawPropValues(template.props, item.data, { entry, ...context }),
    };
  });
  const statusesInput: unknown[] = input.statuses === undefined ? [] : toArray(input.statuses);
  if (input.statuses !== undefined && !Array.isArray(input.statuses)) {
    throw new BcmsValidationError(general, "statuses", arrayTypeMessage("objects"));
  }
  const statuses: EntryStatusValue[] = statusesInput.map((item, index) => {
    const path = indexPath("statuses", index);
    if (!isRecord(item)) throw new BcmsValidationError(general, path, OBJECT_VALUE_MESSAGE);
    return {
      lng: checkLng(general, `${path}.lng`, item.lng),
      id: resolveStatusId(context, general, `${path}.id`, item.id),
    };
  });
  if (input.content !== undefined && !Array.isArray(input.content)) {
    throw new BcmsValidationError(general, "content", arrayTypeMessage("objects"));
  }
  const contentInput: unknown[] = input.content === undefined ? [] : toArray(input.content);
  const content: EntryContent[] = contentInput.map((item, index) => {
    const path = indexPath("content", index);
    if (!isRecord(item)) throw new BcmsValidationError(general, path, OBJECT_VALUE_MESSAGE);
    const nodes = checkNodes(general, `${path}.nodes`, item.nodes);
    return {
      lng: checkLng(general, `${path}.lng`, item.lng),
      nodes,
      plainText: typeof item.plainText === "string" ? item.plainText : plainTextFromNodes(nodes),
    };
  });
  return { statuses, meta, content };
}

function toArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/**
 * Validates an update payload for one language and builds the raw EntryUpdateBody. `stored` is the
 * raw entry as stored: omitted optional props and omitted content keep their stored values.
 */
export function buildEntryUpdateBody(
  template: Template,
  entryId: string,
  input: unknown,
  stored: { meta: readonly EntryMeta[]; content: readonly EntryContent[] } | null,
  context: EntryPayloadContext,
): EntryUpdateBody {
  const general = describeEntry({ templateName: template.name, entry: entryId });
  if (!isRecord(input)) throw new BcmsValidationError(general, "(payload)", OBJECT_VALUE_MESSAGE);
  const lng = checkLng(general, "lng", input.lng);
  const entry = describeEntry({ templateName: template.name, entry: entryId, lng });
  const storedMeta = stored?.meta.find((item) => item.lng === lng);
  const props = toRawPropValues(
    template.props,
    input.meta,
    { entry, ...context },
    { oldValues: storedMeta?.props ?? [] },
  );
  const nodes =
    input.content === undefined
      ? [...(stored?.content.find((item) => item.lng === lng)?.nodes ?? [])]
      : checkNodes(entry, "content", input.content);
  const body: EntryUpdateBody = { lng, meta: { props }, content: { nodes } };
  if (input.status !== undefined)
    body.status = resolveStatusId(context, entry, "status", input.status);
  return body;
}
