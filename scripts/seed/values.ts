/**
 * Encodes authored values (keyed by prop name) into raw BCMS prop values
 * with the client library's conversion (bcms/validation.ts toRawPropValues): exactly one
 * {id, data} per schema prop, in schema order; unknown names, missing required values and
 * bad enum values throw. This file only turns the seed's authoring shorthands (media
 * references, "2025-03-25" dates, entryRef(), bare node lists) into the values that
 * conversion reads.
 */

import type { EntryContentNode, Prop, PropDateData, PropValue } from "@thebcms/types";
import { isRecord } from "../../bcms/is-record";
import {
  type EntryPointerValueInput,
  type MediaValueInput,
  type RichTextValueInput,
  toRawPropValues,
} from "../../bcms/validation";
import { entryId } from "./ids";
import type { MediaRef } from "./media";
import { groupById, groups, templateId, widgets } from "./schema";

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

function mediaInput(v: unknown, where: string): MediaValueInput {
  if (isMediaRef(v)) return { mediaId: v.id, altText: v.alt, caption: v.caption };
  if (typeof v === "object" && v !== null && "ref" in v) {
    const use = v as MediaUse;
    return {
      mediaId: use.ref.id,
      altText: use.alt ?? use.ref.alt,
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
 * One pointer. The template must be one the prop allows; that the entry exists is checked
 * once all entries are built (main.ts) and again by content:check.
 */
function entryPointerInput(prop: Prop, v: unknown, where: string): EntryPointerValueInput {
  if (!isEntryRef(v)) throw new Error(`${where}: expected an entryRef(template, slug)`);
  const tid = templateId(v.template);
  const allowed = (prop.data.propEntryPointer ?? []).map((target) => target.templateId);
  if (!allowed.includes(tid)) {
    throw new Error(`${where}: template "${v.template}" is not allowed for this prop`);
  }
  return { entryId: entryId(v.template, v.slug), templateId: tid };
}

/**
 * "2025-03-25" (noon UTC, so the day reads the same in every time zone) or a full ISO time.
 * A time with an offset (`+08:00`) is saved as an editor there would save it: BCMS's
 * `timezoneOffset` in minutes, positive west of UTC (`-480`).
 */
export function dateValue(v: unknown, where: string): PropDateData {
  if (typeof v !== "string") throw new Error(`${where}: expected a date string`);
  const iso = /^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}T12:00:00Z` : v;
  const timestamp = Date.parse(iso);
  if (Number.isNaN(timestamp)) throw new Error(`${where}: bad date "${v}"`);
  const offset = /([+-])(\d{2}):(\d{2})$/.exec(iso);
  const east = offset
    ? (offset[1] === "-" ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3]))
    : 0;
  return { timestamp, timezoneOffset: east === 0 ? 0 : -east };
}

function richTextInput(v: unknown, where: string): RichTextValueInput {
  if (!Array.isArray(v)) throw new Error(`${where}: expected rich-text nodes`);
  return { nodes: v as EntryContentNode[] };
}

/** One authored item of a prop as the conversion reads it. */
function itemInput(prop: Prop, item: unknown, where: string): unknown {
  switch (prop.type) {
    case "STRING":
      // Stricter than BCMS, which accepts blanks: a required text of the seed says something.
      if (prop.required && typeof item === "string" && item.trim() === "") {
        throw new Error(`${where}: empty required string`);
      }
      return item;
    case "DATE":
      return dateValue(item, where);
    case "MEDIA":
      return mediaInput(item, where);
    case "ENTRY_POINTER":
      return entryPointerInput(prop, item, where);
    case "RICH_TEXT":
      return richTextInput(item, where);
    case "GROUP_POINTER": {
      const group = groupById(prop.data.propGroupPointer?._id ?? "");
      return group && isRecord(item) ? authoredInput(where, group.props, item) : item;
    }
    default:
      return item;
  }
}

/** Authored values → values keyed by prop name as toRawPropValues reads them. */
function authoredInput(where: string, props: readonly Prop[], values: Values): Values {
  const input: Values = { ...values };
  for (const prop of props) {
    const value = values[prop.name];
    if (value === undefined || value === null) continue;
    const at = `${where}.${prop.name}`;
    input[prop.name] =
      prop.array && Array.isArray(value)
        ? value.map((item, i) => itemInput(prop, item, `${at}[${i}]`))
        : itemInput(prop, value, at);
  }
  return input;
}

export function encodeProps(where: string, props: Prop[], values: Values): PropValue[] {
  return toRawPropValues(props, authoredInput(where, props, values), {
    entry: where,
    groups,
    widgets,
  });
}
