// Helpers of the form tests: the stored submissions (the site's own database, opened the
// way the operator's command opens it), form bodies, distinct client addresses (the e2e
// site trusts X-Forwarded-For, so each test has its own rate limit), and what the CRM
// stand-in (tests/support/webhook-receiver.ts) received.
import { randomBytes } from "node:crypto";
import path from "node:path";
import { expect, type Locator } from "@playwright/test";
import Database from "libsql";
import { SQLITE_FILE } from "../../../server/store/sqlite-store";
import {
  type SubmissionColumns,
  type SubmissionRow,
  type SubmissionStatus,
  toSubmissionRow,
} from "../../../server/store/store";
import type { ReceivedRequest } from "../../support/webhook-receiver";

export { startWebhookReceiver, type WebhookReceiver } from "../../support/webhook-receiver";

/** Where the e2e site stores submissions (playwright.config.ts). */
export function e2eDataDir(): string {
  const work = process.env.E2E_WORK_DIR;
  if (!work) throw new Error("E2E_WORK_DIR is not set (playwright.config.ts sets it)");
  return path.join(work, "data");
}

/**
 * The e2e site's stored submissions, newest first, read straight from its SQLite file (a
 * plain read, so the checks can stay synchronous inside expect.poll).
 */
export function storedSubmissions(
  filter: { status?: SubmissionStatus } = {},
  dataDir = e2eDataDir(),
): SubmissionRow[] {
  const db = new Database(path.join(dataDir, SQLITE_FILE));
  try {
    const rows = (
      filter.status
        ? db
            .prepare("SELECT * FROM submissions WHERE status = ? ORDER BY received_at DESC")
            .all(filter.status)
        : db.prepare("SELECT * FROM submissions ORDER BY received_at DESC").all()
    ) as SubmissionColumns[];
    return rows.map(toSubmissionRow);
  } finally {
    db.close();
  }
}

/** The stored submission whose field `name` has `value` (undefined while there is none). */
export function storedWith(
  name: string,
  value: string,
  dataDir = e2eDataDir(),
): SubmissionRow | undefined {
  return storedSubmissions({}, dataDir).find((row) => row.fields?.[name] === value);
}

/** An address of the TEST-NET range no other test uses. */
export function uniqueClient(): string {
  const bytes = randomBytes(2);
  return `198.51.${bytes[0]}.${bytes[1]}`;
}

/** A unique email address, to find a test's submission again. */
export function uniqueEmail(label: string): string {
  return `${label}-${randomBytes(5).toString("hex")}@example.com`;
}

/** The hidden `_stamp` of a rendered form. */
export function stampIn(html: string): string {
  return /name="_stamp" value="([^"]*)"/.exec(html)?.[1] ?? "";
}

export function formBody(values: Record<string, string | string[]>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    for (const item of Array.isArray(value) ? value : [value]) params.append(name, item);
  }
  return params.toString();
}

/**
 * Waits until a form received at `since` (Date.now()) is old enough to send: the e2e site
 * takes a faster one for a bot (FORMS_MIN_SUBMIT_SECONDS=1 in playwright.config.ts).
 */
export async function waitPastMinimumTime(since: number): Promise<void> {
  await expect.poll(() => Date.now() - since, { timeout: 5_000 }).toBeGreaterThan(1_200);
}

/** The submission a delivery carried. */
export function deliveredPayload(request: ReceivedRequest): {
  id: string;
  fields: Record<string, unknown>;
} {
  return JSON.parse(request.body.toString("utf8"));
}

/** What fillVisibleFields types into the fields that take free text. */
export interface TypedValues {
  email: string;
  message?: string;
  name?: string;
}

/**
 * Fills every field of `form` a person sees with a valid value (not the honeypot: a bot that
 * fills it is stored as spam): the first option of a select, boxes checked, the given email,
 * message and name.
 */
export async function fillVisibleFields(form: Locator, values: TypedValues): Promise<void> {
  const controls = form.locator(
    ":is(input:not([type=hidden]), select, textarea):not(.form__trap *)",
  );
  // What each control is, read in one round trip rather than several per control; shown as
  // Playwright's isVisible() has it (a box, and not visibility: hidden).
  const described = await controls.evaluateAll((elements) =>
    elements.map((element) => ({
      shown:
        element.getBoundingClientRect().width > 0 &&
        element.getBoundingClientRect().height > 0 &&
        getComputedStyle(element).visibility !== "hidden",
      tag: element.tagName.toLowerCase(),
      type: element.getAttribute("type") ?? "",
      firstOption:
        element instanceof HTMLSelectElement
          ? ([...element.options].map((option) => option.value).find(Boolean) ?? "")
          : "",
    })),
  );
  for (const [index, { shown, tag, type, firstOption }] of described.entries()) {
    if (!shown) continue;
    const control = controls.nth(index);
    if (tag === "select") await control.selectOption(firstOption);
    else if (type === "checkbox" || type === "radio") await control.check();
    else if (type === "email") await control.fill(values.email);
    else if (type === "url") await control.fill("https://www.example.com");
    else if (type === "tel") await control.fill("+44 20 7946 0000");
    else if (tag === "textarea")
      await control.fill(values.message ?? "A message from the browser tests.");
    else await control.fill(values.name ?? "Test Person");
  }
}
