// The forms without JavaScript: a plain POST to the page's own URL answers 303 to the
// outcome, or the page again (422) with one message per field and what the visitor typed.

import { storedWith, uniqueClient, uniqueEmail, waitPastMinimumTime } from "./support/forms";
import { expect, test } from "./support/reused-page";
import { publishedEntries } from "./support/snapshot";

test.use({ javaScriptEnabled: false });

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ "x-forwarded-for": uniqueClient() });
});

test("contact without JavaScript: the server's messages, input kept, then the inline thanks", async ({
  page,
}) => {
  await page.goto("/contact");
  const since = Date.now();
  const form = page.locator("form[data-form=contact]");
  await expect(page.locator("button.mobile-menu__toggle")).toHaveCount(0);
  // Passes the browser's own checks, not the server's: an address without a domain suffix.
  await form.getByLabel("Name").fill("No Script");
  await form.getByLabel("Email").fill("noscript@example");
  await form.getByLabel("Topic").selectOption({ index: 1 });
  await form.getByLabel("Message").fill("Sent without any JavaScript.");
  await form.locator("#contact-consent").check();
  const [answer] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST"),
    form.getByRole("button").click(),
  ]);
  expect(answer.status()).toBe(422);
  await expect(page.locator(".form__summary")).toBeInViewport();
  await expect(page.locator(".form__summary")).toContainText("Enter an email address");
  await expect(page.locator("#contact-email")).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#contact-name")).toHaveValue("No Script");
  await expect(page.locator("#contact-message")).toHaveValue("Sent without any JavaScript.");
  await expect(page.locator("#contact-consent")).toBeChecked();

  const email = uniqueEmail("no-js");
  await page.locator("#contact-email").fill(email);
  await waitPastMinimumTime(since);
  const [sent] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST"),
    page.locator("form[data-form=contact]").getByRole("button").click(),
  ]);
  expect(sent.status()).toBe(303);
  // Back at the form, where the message is: the answer opens at #contact, not at the top.
  await expect(page).toHaveURL(/\/contact\?sent=contact#contact$/);
  await expect(page.getByRole("status")).toBeInViewport();
  await expect(page.getByRole("status")).toBeVisible();
  expect(storedWith("email", email)).toMatchObject({ formId: "contact", spam: null });
});

for (const { path, thanks } of [
  { path: "/universal-id/media-owners", thanks: "/universal-id/thanks" },
  { path: "/partner-sign-up/omnicom", thanks: "/partner-sign-up/thanks-omnicom" },
  { path: "/universal-id/adobe-advertising", thanks: "/universal-id/thanks-adobe" },
]) {
  test(`${path} without JavaScript: 303 to ${thanks}`, async ({ page }) => {
    await page.goto(path);
    const since = Date.now();
    const form = page.locator("form[data-form]");
    const email = uniqueEmail("no-js-sign-up");
    for (const input of await form.locator("input[required]:not([type=hidden])").all()) {
      const type = await input.getAttribute("type");
      if (type === "checkbox" || type === "radio") await input.check();
      else if (type === "email") await input.fill(email);
      else if (type === "url") await input.fill("https://www.example.com");
      else await input.fill("Plain Form");
    }
    for (const select of await form.locator("select[required]").all()) {
      await select.selectOption({ index: 1 });
    }
    await waitPastMinimumTime(since);
    const [sent] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      form.getByRole("button").click(),
    ]);
    expect(sent.status()).toBe(303);
    // The browser keeps the form's #fragment across the redirect (no such element there).
    await expect(page).toHaveURL(new RegExp(`${thanks}(#[a-z0-9-]+)?$`));
    expect(storedWith("email", email)?.pagePath).toBe(path);
  });
}

test("a gated download without JavaScript: 303 to the thank-you page with a working link", async ({
  page,
  request,
}) => {
  const slug = String(publishedEntries("resource").find((e) => e.download && e.form)?.slug);
  await page.goto(`/resources/${slug}`);
  const since = Date.now();
  const form = page.locator("form[data-form]");
  await form.getByLabel("Name").fill("Plain Reader");
  await form.getByLabel(/email/i).fill(uniqueEmail("no-js-download"));
  await form.getByLabel("Company").fill("Example Media");
  await form.locator("input[name=consent]").check();
  await waitPastMinimumTime(since);
  const [sent] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST"),
    form.getByRole("button").click(),
  ]);
  expect(sent.status()).toBe(303);
  await expect(page).toHaveURL(/\/resources\/thank-you\?token=/);
  const href = await page.getByRole("link", { name: /^Download / }).getAttribute("href");
  const file = await request.get(href as string);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toBe("application/pdf");
});
