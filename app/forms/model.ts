// A form as the content team defines it in the CMS (template `form`), after the content
// layer has read and checked it: what the page renders and what the action validates.
import type { RichNode } from "~/content/rich-models";
import type { EntrySource } from "~/content/source-marks";

export const FIELD_TYPES = [
  "text",
  "email",
  "tel",
  "url",
  "textarea",
  "select",
  "radio",
  "checkbox",
  "hidden",
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export interface FormOption {
  value: string;
  label: string;
}

export interface FormField {
  name: string;
  label: string;
  type: FieldType;
  help?: string;
  required: boolean;
  options: FormOption[];
  maxLength: number;
  /** A hidden field's fixed value, or a visible field's default. */
  value?: string;
  autocomplete?: string;
}

export type FormOutcome = { kind: "redirect"; path: string } | { kind: "message"; message: string };

export interface FormDefinition {
  /** The form's slug: its id on the page, in submissions and in the data layer. */
  id: string;
  entryId: string;
  /** The definition's version: its last update time in the CMS (ms, as a string). */
  version: string;
  heading?: string;
  intro?: string;
  fields: FormField[];
  /** The consent checkbox: wording (sanitised rich text) and its version. */
  consent: { nodes: RichNode[]; text: string; version: string } | null;
  submitLabel: string;
  outcome: FormOutcome;
  /** The CRM destination tag. */
  destination: string;
  /** Within a preview only: the `form` entry its wording comes from. */
  source?: EntrySource;
}

/** Field names the site itself uses in every form; CMS fields may not take them. */
export const SYSTEM_FIELDS = {
  form: "_form",
  stamp: "_stamp",
  /** Set by the browser script: the visitor has JavaScript (answers come as data). */
  enhanced: "_js",
  consent: "consent",
  /** The honeypot: hidden from people, tempting to bots. */
  honeypot: "fax_number",
} as const;

export const RESERVED_FIELD_NAMES: ReadonlySet<string> = new Set(Object.values(SYSTEM_FIELDS));

export const FIELD_NAME_PATTERN = /^[a-z][a-z0-9_]{0,63}$/;

/** Lengths when the CMS sets none: a line of text, or a message. */
export const DEFAULT_MAX_LENGTH = { line: 500, textarea: 5000 } as const;

/** The attribute on every rendered <form>: the build finds pages that carry a form by it. */
export const FORM_MARKER_ATTRIBUTE = "data-form";

/** The value a ticked checkbox sends. */
export const CHECKED_VALUE = "yes";

/** What the action answers a submission it could read (400s are thrown, not answered). */
export type FormActionData =
  | {
      status: "invalid";
      formId: string;
      errors: Record<string, string>;
      values: Record<string, string>;
      /** The stamp the visitor's form carried: the time to submit counts from the first view. */
      stamp?: string;
    }
  | {
      /** Too many sends (429), or the store could not take the submission (503). */
      status: "rate-limited" | "unavailable";
      formId: string;
      message: string;
      values: Record<string, string>;
      stamp?: string;
    }
  | { status: "sent"; formId: string; redirectTo?: string; message?: string };

/** Where a signed download link points: the rest of the path is the secret token. */
export const DOWNLOAD_ROUTE_PREFIX = "/resources/download/";
