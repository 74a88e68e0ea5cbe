/**
 * Encodes authored values (keyed by prop name) into raw BCMS prop values
 * (BCMS-API.md §4): exactly one {id, data} per schema prop, in schema order.
 * Unknown names, missing required values and bad enum values throw.
 */

import type {
  EntryContentNode,
  Prop,
  PropDateData,
  PropValue,
  PropValueData,
  PropValueEntryPointer,
  PropValueMediaData,
} from "@thebcms/types";
import { entryId } from "./ids";
import type { MediaRef } from "./media";
import { groupById, templateId } from "./schema";

// biome-ignore lint/suspicious/noExplicitAny: authored values are checked at run time against the schema
export type Values = Record<string, any>;

/** A media value with per-use alt text or caption. */
export interface MediaUse {
  ref: MediaRef;
  alt?: string;
  caption?: string;
}

function isMediaRef(v: unknown): v is MediaRef {
  return typeof v === "object" && v !== null && "id" in v && "path" in v && "type" in v;
}

export function mediaValue(v: unknown, where: string): PropValueMediaData {
  if (isMediaRef(v)) return { _id: v.id, alt_text: v.alt, caption: v.caption };
  if (typeof v === "object" && v !== null && "ref" in v) {
    const use = v as MediaUse;
    return {
      _id: use.ref.id,
      alt_text: use.alt ?? use.ref.alt,
      caption: use.caption ?? use.ref.caption,
    };
  }
  throw new Error(`${where}: expected a media reference`);
}

/** An authored ENTRY_POINTER value: another seed entry, by template name and slug. */
export interface EntryRef {
  kind: "entry-ref";
  template: string;
  slug: string;
}

export const entryRef = (template: string, slug: string): EntryRef => ({
  kind: "entry-ref",
  template,
  slug,
});

function isEntryRef(v: unknown): v is EntryRef {
  return typeof v === "object" && v !== null && (v as EntryRef).kind === "entry-ref";
}

/**
 * The raw value of one pointer, `{tid, eid}` (BCMS-API.md §4). The template must be
 * one the prop allows; that the entry exists is checked once all entries are built
 * (main.ts) and again by verify.ts.
 */
export function entryPointerValue(prop: Prop, v: unknown, where: string): PropValueEntryPointer {
  if (!isEntryRef(v)) throw new Error(`${where}: expected an entryRef(template, slug)`);
  const tid = templateId(v.template);
  const allowed = (prop.data.propEntryPointer ?? []).map((target) => target.templateId);
  if (!allowed.includes(tid)) {
    throw new Error(`${where}: template "${v.template}" is not allowed for this prop`);
  }
  return { tid, eid: entryId(v.template, v.slug) };
}

/** "2025-03-25" (noon UTC, so the day reads the same in every time zone) or a full ISO time. */
export function dateValue(v: unknown, where: string): PropDateData {
  if (typeof v !== "string") throw new Error(`${where}: expected a date string`);
  const iso = /^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}T12:00:00Z` : v;
  const timestamp = Date.parse(iso);
  if (Number.isNaN(timestamp)) throw new Error(`${where}: bad date "${v}"`);
  return { timestamp, timezoneOffset: 0 };
}

function encodeValue(where: string, prop: Prop, value: unknown): PropValueData {
  if (prop.type === "GROUP_POINTER") {
    const gid = prop.data.propGroupPointer?._id ?? "";
    const group = groupById(gid);
    if (!group) throw new Error(`${where}: unknown group ${gid}`);
    const list: unknown[] =
      value === undefined || value === null ? [] : prop.array ? (value as unknown[]) : [value];
    if (!Array.isArray(list)) throw new Error(`${where}: expected an array`);
    if (prop.required && list.length === 0) throw new Error(`${where}: required`);
    return {
      _id: group._id,
      items: list.map((item, i) => ({
        props: encodeProps(`${where}[${i}]`, group.props, item as Values),
      })),
    };
  }

  const list: unknown[] =
    value === undefined || value === null ? [] : prop.array ? (value as unknown[]) : [value];
  if (!Array.isArray(list)) throw new Error(`${where}: expected an array`);
  if (prop.required && list.length === 0) throw new Error(`${where}: required value missing`);

  switch (prop.type) {
    case "STRING":
      return list.map((v) => {
        if (typeof v !== "string") throw new Error(`${where}: expected a string`);
        if (prop.required && v.trim() === "") throw new Error(`${where}: empty required string`);
        return v;
      });
    case "NUMBER":
      return list.map((v) => {
        if (typeof v !== "number" || !Number.isFinite(v)) throw new Error(`${where}: number`);
        return v;
      });
    case "BOOLEAN":
      return list.map((v) => {
        if (typeof v !== "boolean") throw new Error(`${where}: expected a boolean`);
        return v;
      });
    case "DATE":
      return list.map((v) => dateValue(v, where));
    case "ENUMERATION": {
      const items = prop.data.propEnum?.items ?? [];
      return list.map((v) => {
        if (typeof v !== "string" || !items.includes(v)) {
          throw new Error(`${where}: "${String(v)}" is not one of ${items.join(", ")}`);
        }
        return v;
      });
    }
    case "MEDIA":
      return list.map((v) => mediaValue(v, where));
    case "ENTRY_POINTER":
      return list.map((v) => entryPointerValue(prop, v, where));
    case "RICH_TEXT":
      return list.map((v) => {
        if (!Array.isArray(v)) throw new Error(`${where}: expected rich-text nodes`);
        return { nodes: v as EntryContentNode[] };
      });
    default:
      throw new Error(`${where}: the seed writes no ${prop.type} values`);
  }
}

export function encodeProps(where: string, props: Prop[], values: Values): PropValue[] {
  const names = new Set(props.map((p) => p.name));
  for (const key of Object.keys(values)) {
    if (!names.has(key)) throw new Error(`${where}: unknown prop "${key}"`);
  }
  return props.map((prop) => ({
    id: prop.id,
    data: encodeValue(`${where}.${prop.name}`, prop, values[prop.name]),
  }));
}
