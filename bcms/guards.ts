// The library's runtime checks of wire shapes: response entities (enough to fail loudly on a
// wrong endpoint or a broken server instead of handing `undefined` fields to the site) and the
// value shapes that raw values, parsed content and the local service all recognise.
import type {
  Entry,
  EntryLite,
  EntryParsed,
  EntryStatus,
  Group,
  Language,
  Media,
  Template,
  TypeGeneratorFile,
  Widget,
} from "@thebcms/types";
import { isRecord } from "./is-record";

function isEntity(value: unknown): value is Record<string, unknown> & { _id: string } {
  return isRecord(value) && typeof value._id === "string" && value._id.length > 0;
}

function isSchemaOwner(value: unknown): boolean {
  return isEntity(value) && typeof value.name === "string" && Array.isArray(value.props);
}

export function isTemplate(value: unknown): value is Template {
  return isSchemaOwner(value);
}

export function isGroup(value: unknown): value is Group {
  return isSchemaOwner(value);
}

export function isWidget(value: unknown): value is Widget {
  return isSchemaOwner(value);
}

export function isEntry(value: unknown): value is Entry {
  return isEntity(value) && typeof value.templateId === "string" && Array.isArray(value.meta);
}

export function isEntryLite(value: unknown): value is EntryLite {
  return isEntity(value) && typeof value.templateId === "string" && Array.isArray(value.info);
}

export function isEntryParsed(value: unknown): value is EntryParsed {
  return isEntity(value) && typeof value.templateId === "string" && isRecord(value.meta);
}

export function isMedia(value: unknown): value is Media {
  return isEntity(value) && typeof value.type === "string" && typeof value.name === "string";
}

export function isLanguage(value: unknown): value is Language {
  return isEntity(value) && typeof value.code === "string";
}

export function isEntryStatus(value: unknown): value is EntryStatus {
  return isEntity(value) && typeof value.label === "string";
}

export function isTypeGeneratorFile(value: unknown): value is TypeGeneratorFile {
  return isRecord(value) && typeof value.path === "string" && typeof value.content === "string";
}

/** A raw entry pointer value: `{tid, eid}` (template and entry id). */
export function isEntryPointerValue(value: unknown): value is { tid: string; eid: string } {
  return isRecord(value) && typeof value.tid === "string" && typeof value.eid === "string";
}

/** A rich-text node: an object with a string `type` (its other fields depend on the type). */
export function isContentNode(value: unknown): value is Record<string, unknown> & { type: string } {
  return isRecord(value) && typeof value.type === "string";
}
