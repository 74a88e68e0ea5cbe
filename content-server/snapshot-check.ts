/**
 * `content:check`: validates a snapshot folder against its own templates and
 * lists every problem, one line each, e.g.
 * `entry 65aa… (news-article/hello) property cover: Media with ID "…" does not exist`.
 * Checks malformed files, schemas (dangling group, widget and template
 * references), media (missing binaries, dangling folders) and every entry's
 * values (bcms/raw-validation), including dangling media and entry pointers
 * and slugs used twice.
 */

import { stat } from "node:fs/promises";
import { join } from "node:path";
import type { Entry, Group, Prop, Template, Widget } from "@thebcms/types";
import {
  type RawValidationContext,
  validateContentNodes,
  validatePropValues,
} from "../bcms/raw-validation";
import { hasValidSizeTransforms } from "./size-transforms";
import {
  ENTITY_KINDS,
  type EntityKind,
  MEDIA_FILES_DIR,
  mediaFileName,
  readSnapshot,
  type SnapshotData,
} from "./snapshot-files";

export interface CheckProblem {
  /** What the problem is about: a file, a schema, a media item, an entry or the snapshot as a whole. */
  subject: "file" | "schema" | "media" | "entry" | "snapshot";
  /** The one-line report, e.g. `entry <id> (<template>/<slug>) property <name>: <message>`. */
  text: string;
  message: string;
  file?: string;
  entryId?: string;
  template?: string;
  slug?: string;
  property?: string;
}

export interface CheckReport {
  dir: string;
  problems: CheckProblem[];
  counts: Record<EntityKind, number> & { mediaFiles: number };
  /** An interrupted multi-file write was found; the content server completes it on start. */
  journalPending: boolean;
}

function schemaLabel(kind: "templates" | "groups" | "widgets"): string {
  return kind === "templates" ? "template" : kind === "groups" ? "group" : "widget";
}

export async function checkSnapshot(dir: string): Promise<CheckReport> {
  const problems: CheckProblem[] = [];
  const folder = await stat(dir).catch(() => undefined);
  if (!folder?.isDirectory()) {
    const message = "snapshot folder does not exist";
    return {
      dir,
      problems: [{ subject: "snapshot", text: `snapshot ${dir}: ${message}`, message }],
      counts: {
        templates: 0,
        groups: 0,
        widgets: 0,
        languages: 0,
        statuses: 0,
        entries: 0,
        media: 0,
        mediaFiles: 0,
      },
      journalPending: false,
    };
  }
  const data = await readSnapshot(dir);
  for (const problem of data.problems) {
    problems.push({
      subject: "file",
      file: problem.file,
      message: problem.message,
      text: `file ${problem.file}: ${problem.message}`,
    });
  }
  checkLanguages(data, problems);
  for (const kind of ["templates", "groups", "widgets"] as const) {
    for (const schema of data[kind].values()) checkSchema(data, kind, schema, problems);
  }
  await checkMedia(dir, data, problems);
  checkEntries(data, problems);
  const counts = Object.fromEntries(ENTITY_KINDS.map((kind) => [kind, data[kind].size])) as Record<
    EntityKind,
    number
  >;
  return {
    dir,
    problems,
    counts: { ...counts, mediaFiles: data.mediaFiles.size },
    journalPending: data.journalPending,
  };
}

function checkLanguages(data: SnapshotData, problems: CheckProblem[]) {
  const languages = [...data.languages.values()];
  const snapshot = (message: string) =>
    problems.push({ subject: "snapshot", message, text: `languages: ${message}` });
  if (languages.length === 0) snapshot("there is no language");
  else if (languages.filter((language) => language.default).length !== 1) {
    snapshot("exactly one language must be the default");
  }
  const codes = new Set<string>();
  for (const language of languages) {
    if (codes.has(language.code)) snapshot(`language code "${language.code}" is used twice`);
    codes.add(language.code);
  }
}

function checkSchema(
  data: SnapshotData,
  kind: "templates" | "groups" | "widgets",
  schema: Template | Group | Widget,
  problems: CheckProblem[],
) {
  const label = `${schemaLabel(kind)} ${schema.name}`;
  const report = (property: string | undefined, message: string) =>
    problems.push({
      subject: "schema",
      file: `${kind}/${schema._id}.json`,
      property,
      message,
      text: property ? `${label} property ${property}: ${message}` : `${label}: ${message}`,
    });
  for (const other of data[kind].values()) {
    if (other._id < schema._id && other.name === schema.name)
      report(undefined, `name is also used by ${other._id}`);
  }
  if (kind === "templates") {
    const [title, slug] = schema.props;
    if (
      title?.name !== "title" ||
      title.type !== "STRING" ||
      slug?.name !== "slug" ||
      slug.type !== "STRING"
    ) {
      report(undefined, "props 0 and 1 must be the STRING props title and slug");
    }
  }
  const names = new Set<string>();
  const ids = new Set<string>();
  for (const prop of schema.props) {
    if (names.has(prop.name)) report(prop.name, "prop name is used twice");
    if (ids.has(prop.id)) report(prop.name, "prop id is used twice");
    names.add(prop.name);
    ids.add(prop.id);
    const problem = checkPropData(data, prop);
    if (problem) report(prop.name, problem);
  }
}

function checkPropData(data: SnapshotData, prop: Prop): string | undefined {
  switch (prop.type) {
    case "ENUMERATION":
      return Array.isArray(prop.data.propEnum?.items) ? undefined : "enumeration has no items list";
    case "GROUP_POINTER": {
      const id = prop.data.propGroupPointer?._id;
      return id && data.groups.has(id) ? undefined : `Group with ID "${id}" does not exist`;
    }
    case "WIDGET": {
      const id = prop.data.propWidget?._id;
      return id && data.widgets.has(id) ? undefined : `Widget with ID "${id}" does not exist`;
    }
    case "ENTRY_POINTER": {
      const pointers = prop.data.propEntryPointer;
      if (!Array.isArray(pointers)) return "entry pointer has no template list";
      const missing = pointers.find((pointer) => !data.templates.has(pointer.templateId));
      return missing ? `Template with ID "${missing.templateId}" does not exist` : undefined;
    }
    default:
      return undefined;
  }
}

async function checkMedia(dir: string, data: SnapshotData, problems: CheckProblem[]) {
  for (const media of data.media.values()) {
    const report = (message: string) =>
      problems.push({
        subject: "media",
        file: `media/${media._id}.json`,
        message,
        text: `media ${media._id} (${media.name}): ${message}`,
      });
    if (media.parentId) {
      const parent = data.media.get(media.parentId);
      if (!parent) report(`parent folder "${media.parentId}" does not exist`);
      else if (parent.type !== "DIR") report(`parent "${media.parentId}" is not a folder`);
    }
    if (media.type === "DIR") continue;
    const file = data.mediaFiles.get(media._id);
    if (!file) {
      report(`binary file is missing (expected ${MEDIA_FILES_DIR}/${mediaFileName(media)})`);
      continue;
    }
    const info = await stat(join(dir, MEDIA_FILES_DIR, file)).catch(() => undefined);
    if (!info?.isFile()) report(`${MEDIA_FILES_DIR}/${file} is not a file`);
    if (
      media.type === "IMG" &&
      media.sizeTransforms !== undefined &&
      !hasValidSizeTransforms(media.sizeTransforms)
    ) {
      report('sizeTransforms must be a list of "{width}x{height}" strings');
    }
  }
  for (const [id, file] of data.mediaFiles) {
    if (!data.media.has(id)) {
      const message = "no media item has this id";
      problems.push({
        subject: "file",
        file: `${MEDIA_FILES_DIR}/${file}`,
        message,
        text: `file ${MEDIA_FILES_DIR}/${file}: ${message}`,
      });
    }
  }
}

function slugOf(entry: Entry, template: Template | undefined, lng?: string): string {
  const slugProp = template?.props.find((prop) => prop.name === "slug") ?? template?.props[1];
  const meta = (lng ? entry.meta.find((item) => item.lng === lng) : undefined) ?? entry.meta[0];
  const value = slugProp ? meta?.props.find((item) => item?.id === slugProp.id) : undefined;
  const first = Array.isArray(value?.data) ? value.data[0] : undefined;
  return typeof first === "string" && first !== "" ? first : "?";
}

function checkEntries(data: SnapshotData, problems: CheckProblem[]) {
  const context: RawValidationContext = {
    findGroup: (id) => data.groups.get(id),
    findWidget: (id) => data.widgets.get(id),
    findTemplate: (id) => data.templates.get(id),
    findMedia: (id) => data.media.get(id),
    findEntry: (id) => data.entries.get(id),
  };
  const languages = new Map(
    [...data.languages.values()].map((language) => [language.code, language]),
  );
  const defaultLng = [...languages.values()].find((language) => language.default)?.code;
  const statuses = data.statuses;
  const slugs = new Map<string, string>();

  for (const entry of data.entries.values()) {
    const template = data.templates.get(entry.templateId);
    const name = `entry ${entry._id} (${template?.name ?? "?"}/${slugOf(entry, template, defaultLng)})`;
    const report = (message: string, property?: string, lng?: string) => {
      const where = property
        ? ` property ${property}${lng && lng !== defaultLng ? ` [${lng}]` : ""}`
        : "";
      problems.push({
        subject: "entry",
        file: `entries/${entry._id}.json`,
        entryId: entry._id,
        template: template?.name,
        slug: slugOf(entry, template, defaultLng),
        property,
        message,
        text: `${name}${where}: ${message}`,
      });
    };
    if (!template) {
      report(`Template with ID "${entry.templateId}" does not exist`);
      continue;
    }
    const seen = {
      meta: new Set<string>(),
      content: new Set<string>(),
      statuses: new Set<string>(),
    };
    const checkLng = (list: keyof typeof seen, lng: string) => {
      if (!languages.has(lng)) report(`${list}: language "${lng}" does not exist`);
      if (seen[list].has(lng)) report(`${list}: language "${lng}" is given twice`);
      seen[list].add(lng);
    };
    for (const status of entry.statuses) {
      checkLng("statuses", status.lng);
      if (!statuses.has(status.id))
        report(`Entry status with ID "${status.id}" does not exist`, undefined, status.lng);
    }
    for (const meta of entry.meta) {
      checkLng("meta", meta.lng);
      const found = validatePropValues(template.props, meta.props, context, {
        path: `meta.${meta.lng}.props`,
      });
      for (const problem of found) report(problem.message, problem.property, meta.lng);
      const slug = slugOf(entry, template, meta.lng);
      if (slug !== "?") {
        const key = `${template._id}\u0000${meta.lng}\u0000${slug}`;
        const other = slugs.get(key);
        if (other) report(`slug "${slug}" is also used by entry ${other}`, "slug", meta.lng);
        else slugs.set(key, entry._id);
      }
    }
    for (const content of entry.content) {
      checkLng("content", content.lng);
      const found = validateContentNodes(content.nodes, context, {
        path: `content.${content.lng}.nodes`,
        property: "content",
      });
      for (const problem of found) report(problem.message, problem.property, content.lng);
    }
  }
}

/** The closing line of `content:check`. */
export function summarize(report: CheckReport): string {
  const { counts } = report;
  const what =
    `${counts.templates} templates, ${counts.groups} groups, ${counts.widgets} widgets, ` +
    `${counts.languages} languages, ${counts.statuses} statuses, ${counts.entries} entries, ` +
    `${counts.media} media items, ${counts.mediaFiles} media files`;
  const problems =
    report.problems.length === 1 ? "1 problem" : `${report.problems.length} problems`;
  const pending = report.journalPending
    ? " (an interrupted write is pending; the content server completes it on start)"
    : "";
  return `content:check ${report.dir}: ${what}: ${problems}${pending}`;
}
