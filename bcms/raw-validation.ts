/**
 * Validation of raw BCMS prop values (`PropValue[]`)
 * against a template, group or widget schema, as the BCMS backend does on
 * writes. Shared by the local content service (first problem → HTTP 400
 * `[path] -> message`) and the snapshot checker (every problem, with a human
 * property path). Input is untrusted JSON, so every shape is checked before use.
 *
 * Deliberately stricter than upstream BCMS, which only checks media ids and enum
 * values of *required* props and never checks entry ids or rich text: a dangling
 * reference is always a problem here, because the site would render a hole.
 */
import type { Entry, Group, Media, Prop, Template, Widget } from "@thebcms/types";
import { isContentNode, isEntryPointerValue } from "./guards";
import { isRecord } from "./is-record";

export interface RawValidationContext {
  findGroup(id: string): Group | undefined;
  findWidget(id: string): Widget | undefined;
  findTemplate(id: string): Template | undefined;
  findMedia(id: string): Media | undefined;
  /** When given, entry pointers must name an existing entry of the pointed template. */
  findEntry?(id: string): Pick<Entry, "_id" | "templateId"> | undefined;
}

export interface RawValidationProblem {
  /** BCMS-style location, e.g. `body.meta.en.props.hero.items.0.props.title.data`. */
  path: string;
  /** Human property path, e.g. `hero.title`, `tabs[1].label`, `content[3].stats.items[0].title`. */
  property: string;
  message: string;
}

export interface RawValidationOptions {
  /** BCMS-style path of the values array, e.g. `body.meta.en.props`. */
  path: string;
  /** Human path prefix of the values (empty at the top of an entry's meta). */
  property?: string;
  /** Stop at the first problem (the server answers with one message, like BCMS). */
  stopAtFirst?: boolean;
}

/** Messages; the BCMS wording is kept where the open-source backend has one. */
export const RAW_VALIDATION_MESSAGES = {
  lengthMismatch: "props and values are not the same length.",
  noValue: "No value found.",
  required: "Property is required and must contain a value",
  notValues: "Expected an array of property values ({id, data})",
  groupIdMismatch: "Prop and value group pointer IDs do not match.",
  widgetIdMismatch: "Prop and value widget IDs do not match.",
  tooDeep: "Values are nested too deeply",
} as const;

/** Nesting bound: a schema may point to itself, the data never may be endless. */
const MAX_NESTING = 32;

const PRIMITIVE_TYPES: Partial<Record<Prop["type"], "string" | "number" | "boolean">> = {
  STRING: "string",
  NUMBER: "number",
  BOOLEAN: "boolean",
  ENUMERATION: "string",
  TAG: "string",
  COLOR_PICKER: "string",
};

/** Formats a problem the way BCMS reports it in an HTTP 400 body. */
export function formatRawProblem(problem: RawValidationProblem): string {
  return `[${problem.path}] -> ${problem.message}`;
}

/** Validates raw values against the props of a template, group or widget. */
export function validatePropValues(
  props: readonly Prop[],
  values: unknown,
  context: RawValidationContext,
  options: RawValidationOptions,
): RawValidationProblem[] {
  const validator = new Validator(context, options.stopAtFirst ?? false);
  validator.props(props, values, options.path, options.property ?? "", 0);
  return validator.problems;
}

/** Validates rich-text nodes (entry content or a RICH_TEXT value): widgets and media they hold. */
export function validateContentNodes(
  nodes: unknown,
  context: RawValidationContext,
  options: RawValidationOptions,
): RawValidationProblem[] {
  const validator = new Validator(context, options.stopAtFirst ?? false);
  validator.nodes(nodes, options.path, options.property ?? "content", 0);
  return validator.problems;
}

function joinProperty(parent: string, name: string): string {
  return parent ? `${parent}.${name}` : name;
}

class Validator {
  readonly problems: RawValidationProblem[] = [];

  constructor(
    private readonly context: RawValidationContext,
    private readonly stopAtFirst: boolean,
  ) {}

  private get done(): boolean {
    return this.stopAtFirst && this.problems.length > 0;
  }

  private report(path: string, property: string, message: string): void {
    if (!this.done) this.problems.push({ path, property, message });
  }

  props(props: readonly Prop[], values: unknown, path: string, property: string, depth: number) {
    if (depth > MAX_NESTING) {
      this.report(path, property, RAW_VALIDATION_MESSAGES.tooDeep);
      return;
    }
    if (!Array.isArray(values)) {
      this.report(path, property || "props", RAW_VALIDATION_MESSAGES.notValues);
      return;
    }
    if (props.length !== values.length) {
      this.report(path, property || "props", RAW_VALIDATION_MESSAGES.lengthMismatch);
      if (this.done) return;
    }
    const byId = new Map<string, { data: unknown }>();
    values.forEach((value, index) => {
      if (!isRecord(value) || typeof value.id !== "string" || !("data" in value)) {
        this.report(`${path}.${index}`, property || "props", RAW_VALIDATION_MESSAGES.notValues);
        return;
      }
      if (byId.has(value.id)) {
        this.report(
          `${path}.${index}`,
          property || "props",
          `Duplicate value for property ID "${value.id}"`,
        );
        return;
      }
      byId.set(value.id, { data: value.data });
      if (!props.some((prop) => prop.id === value.id)) {
        this.report(
          `${path}.${index}`,
          property || "props",
          `Value for unknown property ID "${value.id}"`,
        );
      }
    });
    for (const prop of props) {
      if (this.done) return;
      const name = joinProperty(property, prop.name);
      const value = byId.get(prop.id);
      if (!value) {
        this.report(`${path}.${prop.name}`, name, RAW_VALIDATION_MESSAGES.noValue);
        continue;
      }
      this.value(prop, value.data, `${path}.${prop.name}`, name, depth);
    }
  }

  private value(prop: Prop, data: unknown, path: string, property: string, depth: number) {
    switch (prop.type) {
      case "STRING":
      case "NUMBER":
      case "BOOLEAN":
      case "ENUMERATION":
      case "TAG":
      case "COLOR_PICKER":
        this.primitives(prop, data, path, property);
        return;
      case "DATE":
        this.dates(prop, data, path, property);
        return;
      case "MEDIA":
        this.media(prop, data, path, property);
        return;
      case "GROUP_POINTER":
        this.group(prop, data, path, property, depth);
        return;
      case "WIDGET":
        this.widget(prop, data, path, property, depth);
        return;
      case "ENTRY_POINTER":
        this.entryPointers(prop, data, path, property);
        return;
      case "RICH_TEXT":
        this.richText(prop, data, path, property, depth);
        return;
      default:
        this.report(path, property, `Unsupported property type "${String(prop.type)}"`);
    }
  }

  /** Raw data is always an array; a single prop must not hold more than one value. */
  private arrayOf(prop: Prop, data: unknown, path: string, property: string, what: string) {
    if (!Array.isArray(data)) {
      this.report(path, property, `Expected an array of ${what}`);
      return undefined;
    }
    if (prop.required && data.length === 0) {
      this.report(`${path}.data`, property, RAW_VALIDATION_MESSAGES.required);
      return undefined;
    }
    if (!prop.array && data.length > 1) {
      this.report(
        `${path}.data`,
        property,
        `Property is not an array but has ${data.length} values`,
      );
      return undefined;
    }
    return data as unknown[];
  }

  private itemProperty(prop: Prop, property: string, index: number): string {
    return prop.array ? `${property}[${index}]` : property;
  }

  private primitives(prop: Prop, data: unknown, path: string, property: string) {
    const jsType = PRIMITIVE_TYPES[prop.type] ?? "string";
    const items = this.arrayOf(prop, data, path, property, `${jsType} values`);
    if (!items) return;
    const allowed = prop.data.propEnum?.items ?? [];
    items.forEach((item, index) => {
      const itemPath = `${path}.data.${index}`;
      const itemProperty = this.itemProperty(prop, property, index);
      if (typeof item !== jsType || (jsType === "number" && !Number.isFinite(item))) {
        this.report(
          itemPath,
          itemProperty,
          `Expected a ${jsType} value, got ${describeValue(item)}`,
        );
        return;
      }
      if (prop.required && item === "") {
        this.report(itemPath, itemProperty, RAW_VALIDATION_MESSAGES.required);
        return;
      }
      // An optional enumeration may hold "" (nothing selected); anything else must be listed.
      if (prop.type === "ENUMERATION" && item !== "" && !allowed.includes(item as string)) {
        this.report(
          itemPath,
          itemProperty,
          `Enumeration value "${String(item)}" is not allowed. Allowed values: ${allowed.join(", ")}`,
        );
      }
    });
  }

  private dates(prop: Prop, data: unknown, path: string, property: string) {
    const items = this.arrayOf(prop, data, path, property, "dates ({timestamp, timezoneOffset})");
    if (!items) return;
    items.forEach((item, index) => {
      if (
        !isRecord(item) ||
        typeof item.timestamp !== "number" ||
        typeof item.timezoneOffset !== "number"
      ) {
        this.report(
          `${path}.data.${index}`,
          this.itemProperty(prop, property, index),
          "A date must be an object with numeric timestamp and timezoneOffset",
        );
      }
    });
  }

  private media(prop: Prop, data: unknown, path: string, property: string) {
    const items = this.arrayOf(prop, data, path, property, "media references ({_id})");
    if (!items) return;
    items.forEach((item, index) => {
      const itemPath = `${path}.data.${index}`;
      const itemProperty = this.itemProperty(prop, property, index);
      if (!isRecord(item) || typeof item._id !== "string") {
        this.report(itemPath, itemProperty, "A media reference needs a string _id");
        return;
      }
      for (const key of ["alt_text", "caption"] as const) {
        if (item[key] !== undefined && item[key] !== null && typeof item[key] !== "string") {
          this.report(`${itemPath}.${key}`, itemProperty, `Media ${key} must be a string`);
        }
      }
      if (item._id === "") {
        if (prop.required) this.report(itemPath, itemProperty, RAW_VALIDATION_MESSAGES.required);
        return;
      }
      this.mediaExists(item._id, itemPath, itemProperty);
    });
  }

  private mediaExists(id: string, path: string, property: string) {
    const media = this.context.findMedia(id);
    if (!media) this.report(path, property, `Media with ID "${id}" does not exist`);
    else if (media.type === "DIR")
      this.report(path, property, `Media with ID "${id}" is a directory`);
  }

  private group(prop: Prop, data: unknown, path: string, property: string, depth: number) {
    const schemaId = prop.data.propGroupPointer?._id;
    if (!isRecord(data) || typeof data._id !== "string" || !Array.isArray(data.items)) {
      this.report(path, property, "A group pointer value must be {_id, items: [{props}]}");
      return;
    }
    if (schemaId !== data._id) {
      this.report(`${path}._id`, property, RAW_VALIDATION_MESSAGES.groupIdMismatch);
      return;
    }
    const group = this.context.findGroup(data._id);
    if (!group) {
      this.report(`${path}._id`, property, `Group with ID "${data._id}" does not exist.`);
      return;
    }
    if (prop.required && data.items.length === 0) {
      this.report(`${path}.data`, property, RAW_VALIDATION_MESSAGES.required);
      return;
    }
    if (!prop.array && data.items.length > 1) {
      this.report(
        `${path}.data`,
        property,
        `Property is not an array but has ${data.items.length} values`,
      );
      return;
    }
    data.items.forEach((item, index) => {
      if (this.done) return;
      const itemPath = `${path}.items.${index}.props`;
      const itemProperty = this.itemProperty(prop, property, index);
      if (!isRecord(item)) {
        this.report(itemPath, itemProperty, RAW_VALIDATION_MESSAGES.notValues);
        return;
      }
      this.props(group.props, item.props, itemPath, itemProperty, depth + 1);
    });
  }

  private widget(prop: Prop, data: unknown, path: string, property: string, depth: number) {
    if (!isRecord(data) || typeof data._id !== "string") {
      this.report(path, property, "A widget value must be {_id, props}");
      return;
    }
    if (prop.data.propWidget?._id !== data._id) {
      this.report(`${path}._id`, property, RAW_VALIDATION_MESSAGES.widgetIdMismatch);
      return;
    }
    const widget = this.context.findWidget(data._id);
    if (!widget) {
      this.report(`${path}._id`, property, `Widget with ID "${data._id}" does not exist.`);
      return;
    }
    this.props(widget.props, data.props, `${path}.props`, property, depth + 1);
  }

  private entryPointers(prop: Prop, data: unknown, path: string, property: string) {
    const items = this.arrayOf(prop, data, path, property, "entry pointers ({tid, eid})");
    if (!items) return;
    const allowed = (prop.data.propEntryPointer ?? []).map((pointer) => pointer.templateId);
    items.forEach((item, index) => {
      const itemPath = `${path}.data.${index}`;
      const itemProperty = this.itemProperty(prop, property, index);
      if (!isEntryPointerValue(item)) {
        this.report(itemPath, itemProperty, "An entry pointer needs string tid and eid");
        return;
      }
      if (!allowed.includes(item.tid)) {
        this.report(
          `${itemPath}.tid`,
          itemProperty,
          `Template ID "${item.tid}" is not allowed for this property.`,
        );
        return;
      }
      if (item.eid === "") {
        if (prop.required)
          this.report(`${itemPath}.eid`, itemProperty, RAW_VALIDATION_MESSAGES.required);
        return;
      }
      if (!this.context.findEntry) return;
      const entry = this.context.findEntry(item.eid);
      if (!entry) {
        this.report(`${itemPath}.eid`, itemProperty, `Entry with ID "${item.eid}" does not exist`);
      } else if (entry.templateId !== item.tid) {
        this.report(
          `${itemPath}.eid`,
          itemProperty,
          `Entry with ID "${item.eid}" does not belong to template "${item.tid}"`,
        );
      }
    });
  }

  private richText(prop: Prop, data: unknown, path: string, property: string, depth: number) {
    const items = this.arrayOf(prop, data, path, property, "rich text values ({nodes})");
    if (!items) return;
    items.forEach((item, index) => {
      const itemPath = `${path}.data.${index}`;
      const itemProperty = this.itemProperty(prop, property, index);
      if (!isRecord(item) || !Array.isArray(item.nodes)) {
        this.report(itemPath, itemProperty, "Rich text needs a nodes array");
        return;
      }
      this.nodes(item.nodes, `${itemPath}.nodes`, itemProperty, depth + 1);
    });
  }

  nodes(nodes: unknown, path: string, property: string, depth: number) {
    if (depth > MAX_NESTING) {
      this.report(path, property, RAW_VALIDATION_MESSAGES.tooDeep);
      return;
    }
    if (!Array.isArray(nodes)) {
      this.report(path, property, "Rich text needs a nodes array");
      return;
    }
    nodes.forEach((node, index) => {
      if (this.done) return;
      const nodePath = `${path}.${index}`;
      const nodeProperty = `${property}[${index}]`;
      if (!isContentNode(node)) {
        this.report(nodePath, nodeProperty, "A rich-text node needs a string type");
        return;
      }
      if (node.type === "text" && typeof node.text !== "string") {
        this.report(`${nodePath}.text`, nodeProperty, "A text node needs a string text");
      }
      if (node.type === "widget") this.widgetNode(node, nodePath, nodeProperty, depth);
      if (node.type === "media") {
        const attrs = isRecord(node.attrs) ? node.attrs : {};
        if (typeof attrs.mediaId !== "string" || attrs.mediaId === "") {
          this.report(
            `${nodePath}.attrs.mediaId`,
            nodeProperty,
            "A media node needs a string mediaId",
          );
        } else {
          this.mediaExists(attrs.mediaId, `${nodePath}.attrs.mediaId`, nodeProperty);
        }
      }
      if (node.content !== undefined)
        this.nodes(node.content, `${nodePath}.content`, nodeProperty, depth + 1);
    });
  }

  private widgetNode(node: Record<string, unknown>, path: string, property: string, depth: number) {
    const attrs = isRecord(node.attrs) ? node.attrs : {};
    const data = isRecord(attrs.data) ? attrs.data : undefined;
    if (!data || typeof data._id !== "string") {
      this.report(`${path}.attrs.data`, property, "A widget node needs attrs.data {_id, props}");
      return;
    }
    const widget = this.context.findWidget(data._id);
    if (!widget) {
      this.report(
        `${path}.attrs.data._id`,
        property,
        `Widget with ID "${data._id}" does not exist.`,
      );
      return;
    }
    this.props(
      widget.props,
      data.props,
      `${path}.attrs.data.props`,
      `${property}.${widget.name}`,
      depth + 1,
    );
  }
}

function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "string" ? `"${value}"` : typeof value;
}
