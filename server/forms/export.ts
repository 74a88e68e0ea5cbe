// Stored submissions as the operator exports them: JSON, or CSV for a spreadsheet (RFC 4180,
// one column per form field, and cells that a spreadsheet would run as a formula defused).
import type { Touch } from "../../app/forms/contract";
import type { SubmissionRow } from "../store/store";

export function exportedSubmission(row: SubmissionRow) {
  return {
    id: row.id,
    receivedAt: new Date(row.receivedAt).toISOString(),
    status: row.status,
    spam: row.spam,
    formId: row.formId,
    formEntryId: row.formEntryId,
    formVersion: row.formVersion,
    destination: row.destination,
    pagePath: row.pagePath,
    fields: row.fields,
    consent: row.consent,
    attribution: row.attribution,
    deliveredAt: row.deliveredAt === null ? null : new Date(row.deliveredAt).toISOString(),
    purgedAt: row.purgedAt === null ? null : new Date(row.purgedAt).toISOString(),
  };
}

export function toJsonExport(rows: readonly SubmissionRow[]): string {
  return `${JSON.stringify(rows.map(exportedSubmission), null, 2)}\n`;
}

/**
 * A cell a spreadsheet would read as a formula (=, +, -, @, or a leading tab or carriage
 * return) gets a leading apostrophe, so an exported "=HYPERLINK(...)" stays text (CSV
 * injection).
 */
export function neutraliseFormula(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

/** RFC 4180: quoted when it holds a quote, comma or line break; quotes doubled. */
export function csvCell(value: string): string {
  const cell = neutraliseFormula(value);
  return /[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
}

const LEADING_COLUMNS = [
  "id",
  "received_at",
  "status",
  "spam",
  "form_id",
  "form_entry_id",
  "form_version",
  "destination",
  "page_path",
] as const;

const TOUCH_PARTS = [
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
  "referrer",
  "landing_page",
  "at",
] as const;

const TRAILING_COLUMNS = [
  "consent_version",
  ...TOUCH_PARTS.map((part) => `first_touch_${part}`),
  ...TOUCH_PARTS.map((part) => `last_touch_${part}`),
  "delivered_at",
  "purged_at",
];

function touchCells(touch: Touch | undefined): string[] {
  return TOUCH_PARTS.map((part) => {
    if (!touch) return "";
    if (part === "referrer") return touch.referrer ?? "";
    if (part === "landing_page") return touch.landingPage;
    if (part === "at") return touch.at;
    return touch.utm[part] ?? "";
  });
}

const isoOrEmpty = (ms: number | null) => (ms === null ? "" : new Date(ms).toISOString());

/** CSV with a header row; field columns in the order they first appear across the rows. */
export function toCsvExport(rows: readonly SubmissionRow[]): string {
  const fieldNames: string[] = [];
  for (const row of rows) {
    for (const name of Object.keys(row.fields ?? {})) {
      if (!fieldNames.includes(name)) fieldNames.push(name);
    }
  }
  const reserved = new Set<string>([...LEADING_COLUMNS, ...TRAILING_COLUMNS]);
  // A form field called "status" must not pass for the submission's status.
  const fieldHeaders = fieldNames.map((name) => (reserved.has(name) ? `field_${name}` : name));
  const header = [...LEADING_COLUMNS, ...fieldHeaders, ...TRAILING_COLUMNS];
  const lines = [header.map(csvCell).join(",")];
  for (const row of rows) {
    const cells = [
      row.id,
      new Date(row.receivedAt).toISOString(),
      row.status,
      row.spam ?? "",
      row.formId,
      row.formEntryId,
      row.formVersion,
      row.destination,
      row.pagePath,
      ...fieldNames.map((name) => {
        const value = row.fields?.[name];
        return Array.isArray(value) ? value.join("; ") : (value ?? "");
      }),
      row.consent?.version ?? "",
      ...touchCells(row.attribution?.firstTouch),
      ...touchCells(row.attribution?.lastTouch),
      isoOrEmpty(row.deliveredAt),
      isoOrEmpty(row.purgedAt),
    ];
    lines.push(cells.map(csvCell).join(","));
  }
  return `${lines.join("\r\n")}\r\n`;
}
