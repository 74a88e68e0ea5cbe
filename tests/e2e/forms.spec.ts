// Forms that convert and lose nothing (contact, universal-id and partner sign-ups, gated
// downloads), in Chromium with JavaScript. What the visitor sees and what the site stored
// are both checked: the stored row is read from the site's own database.
import type { Locator, Page } from "@playwright/test";
import { GENERATE_LEAD_EVENT } from "../../app/forms/lead";
import { expectNoBlockingViolations } from "./support/axe";
import { consentCookie, standInTagManager } from "./support/consent";
import {
  fillVisibleFields,
  storedWith,
  uniqueClient,
  uniqueEmail,
  waitPastMinimumTime,
} from "./support/forms";
import { expect, test } from "./support/reused-page";
import { waitForHydration } from "./support/site";
import { publishedEntries } from "./support/snapshot";

/** A gated resource: one whose entry has a download and a form. */
const GATED = (() => {
  const entry = publishedEntries("resource").find((e) => e.download && e.form);
  if (!entry) throw new Error("the seed has no resource with a download and a form");
  return { slug: String(entry.slug), mediaId: String((entry.download as { _id: string })._id) };
})();
const GATED_RESOURCE = GATED.slug;

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ "x-forwarded-for": uniqueClient() });
});

/** Fills every visible field of a form with a valid value; returns the email it used. */
async function fillValid(form: Locator, label: string): Promise<string> {
  const email = uniqueEmail(label);
  await fillVisibleFields(form, { email });
  return email;
}

function leadEvents(page: Page) {
  return page.evaluate(
    (name) =>
      ((window as { dataLayer?: unknown[] }).dataLayer ?? []).filter(
        (e) => typeof e === "object" && e !== null && (e as { event?: unknown }).event === name,
      ),
    GENERATE_LEAD_EVENT,
  );
}

test("contact: filled with the keyboard, sent in place, message shown, lead pushed, stored with attribution", async ({
  page,
  context,
}) => {
  // Attribution is kept with advertising consent (the tag manager is not asked for here).
  await context.addCookies([consentCookie({ analytics: false, advertising: true })]);
  await standInTagManager(page);
  // Land with campaign tags, then move in-app: attribution must survive the navigation.
  await page.goto("/?utm_source=newsletter&utm_medium=email&utm_campaign=nov-2026");
  await waitForHydration(page);
  await page.locator("header.site-header").getByRole("link", { name: "Contact" }).first().click();
  await expect(page).toHaveURL(/\/contact$/);
  const form = page.locator("form[data-form=contact]");
  await expect(form).toBeVisible();
  const since = Date.now();

  const email = uniqueEmail("keyboard");
  await form.getByLabel("Name").focus();
  await page.keyboard.type("Kay Board");
  await page.keyboard.press("Tab");
  await page.keyboard.type(email);
  await page.keyboard.press("Tab");
  await page.keyboard.type("Example Media");
  await page.keyboard.press("Tab");
  await page.keyboard.press("ArrowDown"); // the topic select: first real option
  await page.keyboard.press("Tab");
  await page.keyboard.type("I would like to talk about the ID5 ID.");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Space"); // consent
  await waitPastMinimumTime(since);
  await page.keyboard.press("Enter");

  const status = page.getByRole("status");
  await expect(status).toBeVisible();
  await expect(status).toBeFocused();
  expect(await leadEvents(page)).toEqual([{ event: GENERATE_LEAD_EVENT, form_id: "contact" }]);
  await expect.poll(() => storedWith("email", email)?.status).toBe("pending");
  const row = storedWith("email", email);
  expect(row).toMatchObject({ formId: "contact", pagePath: "/contact", spam: null });
  expect(row?.fields).toMatchObject({ name: "Kay Board", company: "Example Media" });
  expect(row?.consent?.version).toBeTruthy();
  expect(row?.attribution?.firstTouch).toMatchObject({
    utm: { utm_source: "newsletter", utm_medium: "email", utm_campaign: "nov-2026" },
    landingPage: "/?utm_source=newsletter&utm_medium=email&utm_campaign=nov-2026",
  });
});

test("contact: an empty send shows a focused summary linked to each field, axe-clean", async ({
  page,
}) => {
  await page.goto("/contact");
  await waitForHydration(page);
  const form = page.locator("form[data-form=contact]");
  await form.getByLabel("Company").fill("Kept Company");
  await form.getByRole("button", { name: /send/i }).click();
  const summary = page.locator(".form__summary");
  await expect(summary).toBeFocused();
  await expect(summary).toHaveAttribute("role", "alert");
  const links = summary.getByRole("link");
  expect(await links.count()).toBeGreaterThanOrEqual(4);
  // Every message is tied to its field.
  for (const name of ["name", "email", "message"]) {
    const field = page.locator(`#contact-${name}`);
    await expect(field).toHaveAttribute("aria-invalid", "true");
    const described = (await field.getAttribute("aria-describedby")) ?? "";
    const error = page.locator(`[id="${described.split(" ")[0]}"]`);
    await expect(error).toHaveClass(/form__error/);
    await expect(error).not.toBeEmpty();
  }
  await expect(page.locator("#contact-consent")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("Company")).toHaveValue("Kept Company");
  await summary.getByRole("link").first().click();
  await expect(page.locator("#contact-name")).toBeFocused();
  await expectNoBlockingViolations(page, "/contact with errors");
});

test("contact: the fields carry the definition's required, type and maxlength", async ({
  page,
}) => {
  await page.goto("/contact");
  const email = page.locator("#contact-email");
  await expect(email).toHaveAttribute("type", "email");
  await expect(email).toHaveAttribute("required", "");
  await expect(email).toHaveAttribute("maxlength", /\d+/);
  await expect(page.locator("#contact-message")).toHaveAttribute("maxlength", /\d+/);
  await expect(page.locator("#contact-topic option")).not.toHaveCount(0);
  await expectNoBlockingViolations(page, "/contact");
});

const SIGN_UPS = [
  { page: "/universal-id/media-owners", thanks: "/universal-id/thanks" },
  { page: "/partner-sign-up/media-owners", thanks: "/partner-sign-up/thanks" },
  { page: "/universal-id/omnicom", thanks: "/universal-id/thanks-omnicom" },
  { page: "/partner-sign-up/omnicom", thanks: "/partner-sign-up/thanks-omnicom" },
  { page: "/universal-id/adobe-advertising", thanks: "/universal-id/thanks-adobe" },
  { page: "/partner-sign-up/adobe-advertising", thanks: "/partner-sign-up/thanks-adobe" },
];

for (const { page: path, thanks } of SIGN_UPS) {
  test(`${path}: a sign-up lands on ${thanks}`, async ({ page }) => {
    await page.goto(path);
    const since = Date.now();
    await waitForHydration(page);
    const form = page.locator("form[data-form]");
    await expect(form).toHaveCount(1);
    const formId = await form.getAttribute("data-form");
    const email = await fillValid(form, "sign-up");
    await waitPastMinimumTime(since);
    await form.getByRole("button").click();
    await expect(page).toHaveURL(new RegExp(`${thanks}$`));
    await expect(page.locator("main h1")).toBeVisible();
    expect(await leadEvents(page)).toEqual([{ event: GENERATE_LEAD_EVENT, form_id: formId }]);
    await expect.poll(() => storedWith("email", email)?.pagePath).toBe(path);
    expect(storedWith("email", email)?.spam).toBeNull();
  });
}

test("a gated resource: the form earns a signed link that downloads the file; the file is not public", async ({
  page,
  request,
}) => {
  await page.goto(`/resources/${GATED_RESOURCE}`);
  const since = Date.now();
  await waitForHydration(page);
  const form = page.locator("form[data-form]");
  await fillValid(form, "download");
  await waitPastMinimumTime(since);
  await form.getByRole("button").click();
  await expect(page).toHaveURL(/\/resources\/thank-you\?token=/);
  const link = page.getByRole("link", { name: /^Download / });
  await expect(link).toBeVisible();
  // The token is a secret: the analytics page view of the thank-you page leaves it out.
  const views = await page.evaluate(() => JSON.stringify(window.dataLayer));
  expect(views).toContain('"page_path":"/resources/thank-you"');
  expect(views).not.toContain("token=");
  const href = (await link.getAttribute("href")) as string;
  const file = await request.get(href);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-disposition"]).toMatch(/^attachment/);
  expect(file.headers()["cache-control"]).toBe("private, no-store");
  expect((await file.body()).subarray(0, 5).toString()).toBe("%PDF-");

  // Tampered links are refused; the file is on no page and the media route refuses it.
  const tampered = await request.get(`${href.slice(0, -3)}abc`);
  expect(tampered.status()).toBe(410);
  const html = await (await request.get(`/resources/${GATED_RESOURCE}`)).text();
  expect(html).not.toContain(href);
  expect(html).not.toContain(GATED.mediaId);
  const direct = await request.get(`/media/${GATED.mediaId}/${GATED_RESOURCE}.pdf`);
  expect(direct.status()).toBe(404);
});

test("a thank-you page with an expired or forged link says so", async ({ page }) => {
  await page.goto("/resources/thank-you?token=bm90LWEtdG9rZW4.c2lnbmF0dXJlLW5vdC1vdXJz");
  await expect(
    page.getByRole("heading", { name: "This download link has expired or is not valid" }),
  ).toBeVisible();
});
