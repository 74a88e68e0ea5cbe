// One definition drives both sides: the server checks every submission with these rules,
// and the browser runs the same function before sending (then the server checks again).

import type { FieldValue } from "./contract";
import { CHECKED_VALUE, type FormDefinition, type FormField, SYSTEM_FIELDS } from "./model";

export const MESSAGES = {
  required: (field: FormField) =>
    field.type === "select" || field.type === "radio"
      ? `Choose your ${lowerFirst(field.label)}.`
      : field.type === "checkbox"
        ? `Tick "${field.label}" to continue.`
        : `Enter your ${lowerFirst(field.label)}.`,
  email: () => "Enter an email address like name@company.com.",
  url: () => "Enter a web address starting with https://, like https://www.example.com.",
  tel: () => "Enter a phone number using digits, spaces and + ( ) - only.",
  tooLong: (field: FormField) => `${field.label} must be ${field.maxLength} characters or fewer.`,
  option: () => "Choose one of the listed options.",
  consent: () => "Tick the box to agree before sending.",
} as const;

const EMAIL = /^[^\s@"<>]+@[^\s@"<>]+\.[^\s@"<>.]{2,}$/;
const TEL = /^\+?[\d\s().-]{6,30}$/;
const MAX_EMAIL_LENGTH = 254;

function lowerFirst(text: string): string {
  // "Work email" -> "work email"; keep acronyms ("URL", "ID5") as they are.
  return /^[A-Z][a-z]/.test(text) ? text[0]?.toLowerCase() + text.slice(1) : text;
}

export function isEmail(value: string): boolean {
  return value.length <= MAX_EMAIL_LENGTH && EMAIL.test(value);
}

export function isWebAddress(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.includes(".");
}

/** The values as sent: name -> every value given for it, in order. */
export type SentValues = ReadonlyMap<string, readonly string[]>;

export interface Checked {
  /** The values to keep: one per field of the definition (hidden ones take their fixed value). */
  values: Record<string, FieldValue>;
  /** Field name (or `consent`) -> one message; empty when the submission is valid. */
  errors: Record<string, string>;
}

/** Control characters other than tab and line breaks never mean anything in a form. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

function first(sent: SentValues, name: string): string {
  return (sent.get(name)?.[0] ?? "").replace(CONTROL_CHARACTERS, "").trim();
}

function checkField(field: FormField, value: string): string | undefined {
  if (value === "") return field.required ? MESSAGES.required(field) : undefined;
  if (value.length > field.maxLength) return MESSAGES.tooLong(field);
  switch (field.type) {
    case "email":
      return isEmail(value) ? undefined : MESSAGES.email();
    case "url":
      return isWebAddress(value) ? undefined : MESSAGES.url();
    case "tel":
      return TEL.test(value) ? undefined : MESSAGES.tel();
    case "select":
    case "radio":
      return field.options.some((o) => o.value === value) ? undefined : MESSAGES.option();
    case "checkbox":
      return value === CHECKED_VALUE ? undefined : MESSAGES.option();
    default:
      return undefined;
  }
}

/** Checks sent values against the definition: every field, one message per field. */
export function checkSubmission(definition: FormDefinition, sent: SentValues): Checked {
  const values: Record<string, FieldValue> = {};
  const errors: Record<string, string> = {};
  for (const field of definition.fields) {
    // A hidden field with a value in the CMS is fixed: what the browser sends is ignored.
    const value =
      field.type === "hidden" && field.value !== undefined ? field.value : first(sent, field.name);
    values[field.name] = value;
    const problem = checkField(field, value);
    if (problem) errors[field.name] = problem;
  }
  if (definition.consent && first(sent, SYSTEM_FIELDS.consent) !== CHECKED_VALUE) {
    errors[SYSTEM_FIELDS.consent] = MESSAGES.consent();
  }
  return { values, errors };
}

/** The names a submission of this form may carry: its fields and the site's own. */
export function allowedNames(definition: FormDefinition): Set<string> {
  const names = new Set<string>(definition.fields.map((f) => f.name));
  names.add(SYSTEM_FIELDS.form);
  names.add(SYSTEM_FIELDS.stamp);
  names.add(SYSTEM_FIELDS.enhanced);
  names.add(SYSTEM_FIELDS.honeypot);
  if (definition.consent) names.add(SYSTEM_FIELDS.consent);
  return names;
}

/**
 * Why a body cannot be a submission of this form at all (unknown or repeated names): a
 * 400, not a message next to a field. Undefined when its shape is right.
 */
export function shapeProblem(definition: FormDefinition, sent: SentValues): string | undefined {
  const allowed = allowedNames(definition);
  for (const [name, list] of sent) {
    if (!allowed.has(name)) return `unexpected field "${name.slice(0, 64)}"`;
    if (list.length > 1) return `field "${name.slice(0, 64)}" sent more than once`;
  }
  return undefined;
}
