// `form` entries → FormDefinition (app/forms/model.ts). A definition the site cannot use
// safely (no fields, a reserved or repeated name, a choice without options, a redirect
// outside the site) is refused with its problems listed: the page then renders without
// the form, and `content:check` reports the same problems.
import {
  DEFAULT_MAX_LENGTH,
  FIELD_NAME_PATTERN,
  FIELD_TYPES,
  type FieldType,
  type FormDefinition,
  type FormField,
  type FormOutcome,
  RESERVED_FIELD_NAMES,
} from "~/forms/model";
import { toContentBlocks } from "./blocks.server";
import { FORM_TEMPLATE, findPublishedEntryById, type LocalEntry } from "./entries.server";
import { entrySource } from "./entry-source.server";
import { logger } from "./log.server";
import type { RichNode } from "./models";
import {
  pointedEntryId,
  type Rec,
  readBoolean,
  readNumber,
  readRecords,
  readRichItems,
  readString,
} from "./read.server";

export interface FormReadContext {
  resolveInternalHref: (href: string) => string | undefined;
}

/** The longest value any field may take, whatever the CMS says. */
const MAX_FIELD_LENGTH = 10_000;

function readField(raw: Rec, index: number, problems: string[]): FormField | undefined {
  const where = `field ${index + 1}`;
  const name = readString(raw.name)?.trim();
  const label = readString(raw.label)?.trim();
  const type = FIELD_TYPES.find((t) => t === raw.type) as FieldType | undefined;
  if (!name || !FIELD_NAME_PATTERN.test(name)) {
    problems.push(`${where}: name must be lower-case letters, digits or _ (got "${name ?? ""}")`);
    return undefined;
  }
  if (RESERVED_FIELD_NAMES.has(name)) {
    problems.push(`${where}: the name "${name}" is reserved by the site`);
    return undefined;
  }
  if (!label) problems.push(`${where} (${name}): a label is required`);
  if (!type) {
    problems.push(`${where} (${name}): unknown type "${String(raw.type)}"`);
    return undefined;
  }
  const options = readRecords(raw.options).flatMap((o) => {
    const value = readString(o.value)?.trim();
    const optionLabel = readString(o.label)?.trim();
    return value && optionLabel ? [{ value, label: optionLabel }] : [];
  });
  if ((type === "select" || type === "radio") && options.length === 0) {
    problems.push(`${where} (${name}): a ${type} needs at least one option`);
  }
  const configured = readNumber(raw.max_length);
  const maxLength =
    configured && configured > 0
      ? Math.min(Math.floor(configured), MAX_FIELD_LENGTH)
      : type === "textarea"
        ? DEFAULT_MAX_LENGTH.textarea
        : DEFAULT_MAX_LENGTH.line;
  const value = readString(raw.value);
  const help = readString(raw.help);
  const autocomplete = readString(raw.autocomplete)?.trim();
  return {
    name,
    label: label ?? name,
    type,
    ...(help ? { help } : {}),
    required: readBoolean(raw.required),
    options,
    maxLength,
    ...(value !== undefined ? { value } : {}),
    ...(autocomplete && /^[a-z0-9 -]{1,60}$/.test(autocomplete) ? { autocomplete } : {}),
  };
}

function readOutcome(meta: Rec, problems: string[]): FormOutcome | undefined {
  if (meta.outcome === "message") {
    const message = readString(meta.success_message)?.trim();
    if (!message) problems.push("outcome message: success_message is required");
    return { kind: "message", message: message ?? "Thank you." };
  }
  if (meta.outcome === "redirect") {
    const path = readString(meta.redirect_path)?.trim();
    if (!path || !/^\/(?!\/)[^\s?#\\]*$/.test(path)) {
      problems.push(`outcome redirect: redirect_path must be a site path such as /thanks`);
      return undefined;
    }
    return { kind: "redirect", path };
  }
  problems.push(`unknown outcome "${String(meta.outcome)}"`);
  return undefined;
}

function plainText(nodes: RichNode[]): string {
  return nodes
    .map((node) => (typeof node === "string" ? node : plainText(node.children)))
    .join("")
    .replace(/\s+/g, " ")
    .trim();
}

export type FormReading =
  | { ok: true; definition: FormDefinition }
  | { ok: false; problems: string[] };

/** Reads one `form` entry; every problem is listed (none for a usable definition). */
export function readFormEntry(entry: LocalEntry<"form">, ctx: FormReadContext): FormReading {
  const problems: string[] = [];
  const meta = entry.meta;
  const id = readString(meta.slug)?.trim();
  if (!id || !/^[a-z0-9][a-z0-9-]{0,79}$/.test(id)) {
    problems.push(`slug must be lower-case letters, digits or - (got "${id ?? ""}")`);
  }
  const fields: FormField[] = [];
  const seen = new Set<string>();
  readRecords(meta.fields).forEach((raw, index) => {
    const field = readField(raw, index, problems);
    if (!field) return;
    if (seen.has(field.name)) {
      problems.push(`field ${index + 1}: the name "${field.name}" is used twice`);
      return;
    }
    seen.add(field.name);
    fields.push(field);
  });
  if (fields.filter((f) => f.type !== "hidden").length === 0) {
    problems.push("a form needs at least one visible field");
  }
  const submitLabel = readString(meta.submit_label)?.trim();
  if (!submitLabel) problems.push("submit_label is required");
  const destination = readString(meta.destination)?.trim();
  if (!destination) problems.push("destination is required");
  const outcome = readOutcome(meta, problems);

  const consentBlocks = toContentBlocks(readRichItems(meta.consent_label), {
    source: `form ${id ?? entry.id}`,
    resolveInternalHref: ctx.resolveInternalHref,
  });
  const consentNodes = consentBlocks.flatMap((b) => (b.type === "rich" ? b.nodes : []));
  const consentText = plainText(consentNodes);
  const consentVersion = readString(meta.consent_version)?.trim();
  if (consentText && !consentVersion)
    problems.push("consent_version is required with consent wording");

  if (problems.length > 0 || !id || !submitLabel || !destination || !outcome) {
    return { ok: false, problems };
  }
  const heading = readString(meta.heading);
  const intro = readString(meta.intro);
  return {
    ok: true,
    definition: {
      id,
      entryId: entry.id,
      version: String(entry.updatedAt),
      ...(heading ? { heading } : {}),
      ...(intro ? { intro } : {}),
      fields,
      consent: consentText
        ? { nodes: consentNodes, text: consentText, version: consentVersion ?? "" }
        : null,
      submitLabel,
      outcome,
      destination,
      ...entrySource(entry),
    },
  };
}

/** The published, usable form an entry points at; problems are logged, never thrown. */
export async function loadPointedForm(
  value: unknown,
  ctx: FormReadContext & { source: string },
): Promise<FormDefinition | undefined> {
  const id = pointedEntryId(value);
  if (!id) return undefined;
  const entry = await findPublishedEntryById(FORM_TEMPLATE, id);
  if (!entry) {
    logger.warn("Form not found or not published", { source: ctx.source, form: id });
    return undefined;
  }
  const reading = readFormEntry(entry, ctx);
  if (!reading.ok) {
    logger.warn("Form skipped", { source: ctx.source, form: id, problems: reading.problems });
    return undefined;
  }
  return reading.definition;
}
