// The database going away while visitors send forms: nothing is acknowledged that was not
// stored, and the visitor keeps what they typed. A site process of its own (`npm start`'s
// entry) on a private PostgreSQL server, which the test halts and starts again.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { FORM_ERRORS } from "../../app/forms/action.server";
import { E2E_CONTENT_DIR } from "../../playwright.config";
import { type SiteProcess, startSiteProcess } from "../../scripts/site-process";
import { TEST_BUILD_SETTINGS } from "../support/build-settings";
import { POSTGRES_START_TIMEOUT_MS, type PostgresServer, startPostgres } from "../support/postgres";
import { fillVisibleFields } from "./support/forms";
import { expect, test } from "./support/reused-page";
import { waitForHydration } from "./support/site";

// Each test on a new context: the site of its own project.
test.use({ freshPage: true });

let work: string;
let postgres: PostgresServer;
let site: SiteProcess | undefined;
let databaseUrl: string;

test.describe.configure({ mode: "serial" });
// Each test halts the database and starts it again (each bounded by pg_ctl's wait) around a
// few page loads: its timeout covers both waits.
test.beforeEach(() => {
  test.setTimeout(2 * POSTGRES_START_TIMEOUT_MS + 60_000);
});

test.beforeAll(async () => {
  test.setTimeout(180_000);
  work = await mkdtemp(path.join(tmpdir(), "id5-forms-store-down-"));
  postgres = await startPostgres({ durable: false });
  databaseUrl = await postgres.createDatabase("site");
  site = await startSiteProcess({
    logFile: path.join(work, "site.log"),
    env: {
      // The settings the shared build was made with: this start must not build again.
      ...TEST_BUILD_SETTINGS,
      CONTENT_DIR: E2E_CONTENT_DIR,
      DATA_DIR: path.join(work, "data"),
      DATABASE_URL: databaseUrl,
      FORMS_MIN_SUBMIT_SECONDS: "0",
      LOG_LEVEL: "warn",
    },
  });
});

test.afterAll(async () => {
  await site?.stop();
  await postgres?.stop();
  await rm(work, { recursive: true, force: true });
});

test.afterEach(async () => {
  // Each test starts with the database up.
  await postgres.start().catch(() => {});
});

const MESSAGE = "Sent while the database was away.";

/** Fills every field a person sees with a valid value; the email is the given one. */
async function fillContact(page: Page, email: string): Promise<Locator> {
  const form = page.locator("form[data-form=contact]");
  await fillVisibleFields(form, { email, message: MESSAGE, name: "Dee Bee" });
  return form;
}

const emailField = (form: Locator) => form.locator("input[type=email]");
const messageField = (form: Locator) => form.locator("textarea");
const sendButton = (form: Locator) => form.locator("button[type=submit]");

test("with JavaScript: the form stays filled, with a message, and sends once the database is back", async ({
  page,
}) => {
  await page.goto(`${site?.url}/contact`);
  await waitForHydration(page);
  const form = await fillContact(page, "js-down@example.com");
  await postgres.halt();
  await sendButton(form).click();
  const alert = page.getByRole("alert");
  await expect(alert).toContainText(FORM_ERRORS.unavailable);
  await expect(emailField(form)).toHaveValue("js-down@example.com");
  await expect(messageField(form)).toHaveValue(MESSAGE);
  // Pages keep serving meanwhile.
  expect((await page.request.get(`${site?.url}/about`)).status()).toBe(200);

  await postgres.start();
  await sendButton(form).click();
  await expect(page.getByRole("status")).toBeVisible();
});

test("without JavaScript: 503 and the form shown again with what was typed", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await page.goto(`${site?.url}/contact`);
    const form = await fillContact(page, "nojs-down@example.com");
    await postgres.halt();
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      sendButton(form).click(),
    ]);
    expect(response.status()).toBe(503);
    await expect(page.getByRole("alert")).toContainText(FORM_ERRORS.unavailable);
    const shown = page.locator("form[data-form=contact]");
    await expect(emailField(shown)).toHaveValue("nojs-down@example.com");
    await expect(messageField(shown)).toHaveValue(MESSAGE);
  } finally {
    await context.close();
  }
});
