/**
 * Reading and writing the snapshot folder of docs/content-model.md: one JSON file
 * per entity, named by its `_id`, plus the media binaries. A malformed file is
 * reported (file + reason) and skipped, never fatal: one bad file must not take
 * the whole content service down. A pending write journal (an interrupted
 * multi-file write) is overlaid, so readers see the state the write promised.
 */

import { readdir, readFile } from "node:fs/promises";
import { extname, join } from "node:path";
import type { Entry, EntryStatus, Group, Language, Media, Template, Widget } from "@thebcms/types";
import { isRecord } from "../bcms/is-record";
import { isErrno, isTempFileName, toSnapshotJson, writeFileDurably } from "./fs-durable";
import { isObjectId } from "./ids";

export const ENTITY_KINDS = [
  "templates",
  "groups",
  "widgets",
  "languages",
  "statuses",
  "entries",
  "media",
] as const;
export type EntityKind = (typeof ENTITY_KINDS)[number];

export interface EntityByKind {
  templates: Template;
  groups: Group;
  widgets: Widget;
  languages: Language;
  statuses: EntryStatus;
  entries: Entry;
  media: Media;
}

export type AnyEntity = EntityByKind[EntityKind];

export const MEDIA_FILES_DIR = "media-files";
export const JOURNAL_FILE = ".journal.json";
export const SNAPSHOT_INFO_FILE = "snapshot.json";

/** One entity file to write (value) or delete (null), as recorded in the journal. */
export interface EntityChange {
  kind: EntityKind;
  id: string;
  value: AnyEntity | null;
}

export interface SnapshotProblem {
  /** Path relative to the snapshot folder. */
  file: string;
  message: string;
}

export type EntityMaps = { [K in EntityKind]: Map<string, EntityByKind[K]> };

export interface SnapshotData extends EntityMaps {
  /** The parsed snapshot.json: undefined when it is missing, unreadable or not an object. */
  info: Record<string, unknown> | undefined;
  /** Media id → file name inside media-files/. */
  mediaFiles: Map<string, string>;
  problems: SnapshotProblem[];
  /** True when an interrupted multi-file write was found (and overlaid). */
  journalPending: boolean;
}

/** Every BCMS prop type. */
export const PROP_TYPES: ReadonlySet<string> = new Set([
  "STRING",
  "NUMBER",
  "BOOLEAN",
  "DATE",
  "ENUMERATION",
  "MEDIA",
  "GROUP_POINTER",
  "ENTRY_POINTER",
  "WIDGET",
  "COLOR_PICKER",
  "RICH_TEXT",
  "TAG",
]);

const ENTITY_FILE = /^([0-9a-f]{24})\.json$/;
const MEDIA_FILE = /^([0-9a-f]{24})(\.[A-Za-z0-9]{1,16})?$/;
const SAFE_EXTENSION = /^\.[A-Za-z0-9]{1,16}$/;

export function entityPath(dir: string, kind: EntityKind, id: string): string {
  if (!isObjectId(id)) throw new Error(`Refusing a file name for invalid id "${id}"`);
  return join(dir, kind, `${id}.json`);
}

/** The binary's file name is derived from the id plus a sanitised extension, never from the name alone. */
export function mediaFileName(media: Pick<Media, "_id" | "name">): string {
  const extension = extname(media.name ?? "");
  return `${media._id}${SAFE_EXTENSION.test(extension) ? extension.toLowerCase() : ""}`;
}

export function emptyEntityMaps(): EntityMaps {
  return {
    templates: new Map(),
    groups: new Map(),
    widgets: new Map(),
    languages: new Map(),
    statuses: new Map(),
    entries: new Map(),
    media: new Map(),
  };
}

function checkProps(props: unknown): string | undefined {
  if (!Array.isArray(props)) return "props must be an array";
  for (const [index, prop] of props.entries()) {
    if (!isRecord(prop)) return `props[${index}] must be an object`;
    if (typeof prop.id !== "string" || prop.id === "") return `props[${index}].id must be a string`;
    if (typeof prop.name !== "string" || prop.name === "") {
      return `props[${index}].name must be a string`;
    }
    if (typeof prop.type !== "string" || !PROP_TYPES.has(prop.type)) {
      return `props[${index}] (${prop.name}) has unknown type ${JSON.stringify(prop.type)}`;
    }
    if (typeof prop.required !== "boolean" || typeof prop.array !== "boolean") {
      return `props[${index}] (${prop.name}) needs boolean required and array`;
    }
    if (!isRecord(prop.data)) return `props[${index}] (${prop.name}).data must be an object`;
  }
  return undefined;
}

function checkLngList(value: unknown, what: string, fields: string[]): string | undefined {
  if (!Array.isArray(value)) return `${what} must be an array`;
  for (const [index, item] of value.entries()) {
    if (!isRecord(item)) return `${what}[${index}] must be an object`;
    for (const field of fields) {
      const expected = field === "props" || field === "nodes" ? "array" : "string";
      const actual = Array.isArray(item[field]) ? "array" : typeof item[field];
      if (actual !== expected) return `${what}[${index}].${field} must be a ${expected}`;
    }
  }
  return undefined;
}

/** Structural check of one entity; the snapshot checker validates values against schemas later. */
export function checkEntityShape(kind: EntityKind, id: string, value: unknown): string | undefined {
  if (!isRecord(value)) return "the file must hold a JSON object";
  if (value._id !== id) return `_id ${JSON.stringify(value._id)} does not match the file name`;
  switch (kind) {
    case "templates":
    case "groups":
    case "widgets":
      if (typeof value.name !== "string" || value.name === "") return "name must be a string";
      return checkProps(value.props);
    case "languages":
      return typeof value.code === "string" && value.code !== ""
        ? undefined
        : "code must be a string";
    case "statuses":
      return typeof value.label === "string" ? undefined : "label must be a string";
    case "entries":
      if (typeof value.templateId !== "string") return "templateId must be a string";
      return (
        checkLngList(value.meta, "meta", ["lng", "props"]) ??
        checkLngList(value.content, "content", ["lng", "nodes"]) ??
        checkLngList(value.statuses, "statuses", ["lng", "id"])
      );
    case "media":
      if (typeof value.name !== "string") return "name must be a string";
      if (typeof value.type !== "string") return "type must be a string";
      if (value.parentId !== undefined && typeof value.parentId !== "string") {
        return "parentId must be a string";
      }
      return undefined;
  }
}

async function listDir(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).sort();
  } catch (error) {
    if (isErrno(error, "ENOENT")) return [];
    throw error;
  }
}

/** Writes one entity file, pretty-printed and durably (the store, the seed). */
export async function writeEntityFile(
  dir: string,
  kind: EntityKind,
  id: string,
  value: AnyEntity,
): Promise<void> {
  await writeFileDurably(entityPath(dir, kind, id), toSnapshotJson(value));
}

/** Writes snapshot.json, which names the instance the snapshot belongs to. */
export async function writeSnapshotInfo(dir: string, info: Record<string, unknown>): Promise<void> {
  await writeFileDurably(join(dir, SNAPSHOT_INFO_FILE), toSnapshotJson(info));
}

/**
 * The names in media-files/, sorted, each with the media id it names (undefined when the
 * name is not `{24-hex _id}{ext}`); temporary files are left out.
 */
export async function listMediaFiles(
  dir: string,
): Promise<{ name: string; id: string | undefined }[]> {
  const names = await listDir(join(dir, MEDIA_FILES_DIR));
  return names
    .filter((name) => !isTempFileName(name))
    .map((name) => ({ name, id: MEDIA_FILE.exec(name)?.[1] }));
}

/** Reads and shape-checks one entity file. */
export async function readEntityFile<K extends EntityKind>(
  dir: string,
  kind: K,
  id: string,
): Promise<{ value?: EntityByKind[K]; problem?: string; missing?: boolean }> {
  let text: string;
  try {
    text = await readFile(entityPath(dir, kind, id), "utf8");
  } catch (error) {
    if (isErrno(error, "ENOENT")) return { missing: true };
    return { problem: `cannot be read: ${(error as Error).message}` };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { problem: `malformed JSON: ${(error as Error).message}` };
  }
  const problem = checkEntityShape(kind, id, value);
  return problem ? { problem } : { value: value as EntityByKind[K] };
}

export interface Journal {
  changes: EntityChange[];
}

export function parseJournal(text: string): Journal {
  const value: unknown = JSON.parse(text);
  if (!isRecord(value) || !Array.isArray(value.changes))
    throw new Error("changes must be an array");
  for (const change of value.changes) {
    if (
      !isRecord(change) ||
      !ENTITY_KINDS.includes(change.kind as EntityKind) ||
      !isObjectId(change.id) ||
      !(change.value === null || isRecord(change.value))
    ) {
      throw new Error("malformed change");
    }
  }
  return value as unknown as Journal;
}

export async function readJournal(dir: string): Promise<Journal | undefined> {
  let text: string;
  try {
    text = await readFile(join(dir, JOURNAL_FILE), "utf8");
  } catch (error) {
    if (isErrno(error, "ENOENT")) return undefined;
    throw error;
  }
  return parseJournal(text);
}

export async function readSnapshot(dir: string): Promise<SnapshotData> {
  const data: SnapshotData = {
    ...emptyEntityMaps(),
    info: undefined,
    mediaFiles: new Map(),
    problems: [],
    journalPending: false,
  };
  const problem = (file: string, message: string) => data.problems.push({ file, message });

  try {
    const info: unknown = JSON.parse(await readFile(join(dir, SNAPSHOT_INFO_FILE), "utf8"));
    if (isRecord(info)) data.info = info;
    else problem(SNAPSHOT_INFO_FILE, "must hold a JSON object");
  } catch (error) {
    if (!isErrno(error, "ENOENT")) problem(SNAPSHOT_INFO_FILE, (error as Error).message);
  }

  for (const kind of ENTITY_KINDS) {
    const map = data[kind] as Map<string, AnyEntity>;
    for (const name of await listDir(join(dir, kind))) {
      if (isTempFileName(name)) continue;
      const match = ENTITY_FILE.exec(name);
      if (!match?.[1]) {
        problem(`${kind}/${name}`, "unexpected file name (expected {24-hex _id}.json)");
        continue;
      }
      const result = await readEntityFile(dir, kind, match[1]);
      if (result.value) map.set(match[1], result.value);
      else if (result.problem) problem(`${kind}/${name}`, result.problem);
    }
  }

  for (const { name, id } of await listMediaFiles(dir)) {
    if (!id) {
      problem(`${MEDIA_FILES_DIR}/${name}`, "unexpected file name (expected {24-hex _id}{ext})");
      continue;
    }
    if (data.mediaFiles.has(id)) {
      problem(`${MEDIA_FILES_DIR}/${name}`, `second binary for media ${id}`);
      continue;
    }
    data.mediaFiles.set(id, name);
  }

  try {
    const journal = await readJournal(dir);
    if (journal) {
      data.journalPending = true;
      applyChanges(data, journal.changes);
    }
  } catch (error) {
    problem(JOURNAL_FILE, `unreadable write journal: ${(error as Error).message}`);
  }
  return data;
}

export function applyChanges(maps: EntityMaps, changes: readonly EntityChange[]): void {
  for (const change of changes) {
    const map = maps[change.kind] as Map<string, AnyEntity>;
    if (change.value) map.set(change.id, change.value);
    else map.delete(change.id);
  }
}
