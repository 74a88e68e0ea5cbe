// A preview that runs, in Chromium on the e2e site (GTM_ID set, the tag manager answered by a
// stand-in): the app hydrates on the previewed page's path while the address stays the link;
// the video widget plays, the mobile menu opens at 375 px, a form shows its messages and
// refuses to send; a link to another page leaves the preview visibly (the bar says "Public
// page"), and coming back loads the preview again. Every request the hydrated preview makes,
// an editor having accepted analytics, goes to the site alone, and none names the link in a
// Referer.
import type { Page, Request } from "@playwright/test";
import { PREVIEW_REFUSAL } from "../../app/forms/form-view";
import { E2E_DATA_DIR } from "../../playwright.config";
import { previewLinkKey, signPreviewToken } from "../../server/preview/preview-links";
import { loadSigningKey } from "../../server/store/signing-key-file";
import { consentCookie, standInTagManager } from "./support/consent";
import { fillVisibleFields, uniqueClient } from "./support/forms";
import { expect, test } from "./support/reused-page";
import { waitForHydration } from "./support/site";

test.use({ freshPage: true });

/** Pages of the seed snapshot: one with a video widget, one with a form. */
const ABOUT = { id: "741109c8ad0a9d1745a72d1d", path: "/about" };
const CONTACT = { id: "8ed7a137547fac2fa7a2739b", path: "/contact" };
const YOUTUBE_EMBED = "https://www.youtube-nocookie.com/embed/";

function previewLink(entryId: string): string {
  const key = previewLinkKey(loadSigningKey(E2E_DATA_DIR));
  const { token } = signPreviewToken({ templateName: "page", entryId }, key, { hours: 1 });
  return `/_preview/${token}`;
}

/** What tells a page that hydrated with a mismatch (React then renders the client's tree). */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return errors;
}

/** Opens a preview and waits for the app; the address is the link, the page the app's. */
async function openHydrated(page: Page, link: string): Promise<void> {
  const response = await page.goto(link);
  expect(response?.status()).toBe(200);
  await waitForHydration(page);
  await expect(page.locator("html")).toHaveAttribute("data-preview-live", "");
  expect(new URL(page.url()).pathname).toBe(link);
  await expect(page.locator("#preview-bar")).toContainText("Preview");
}

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ "x-forwarded-for": uniqueClient() });
});

test("in a preview the app hydrates without a mismatch and the video widget plays", async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.route(`${YOUTUBE_EMBED}**`, (route) =>
    route.fulfill({
      status: 200,
      contentType: "text/html",
      body: "<!doctype html><title>x</title>",
    }),
  );
  const link = previewLink(ABOUT.id);
  await openHydrated(page, link);
  const widget = page.locator('[data-widget="video"][data-kind="embed"]').first();
  await widget.scrollIntoViewIfNeeded();
  // The no-JS play link is a button once the app runs.
  const play = widget.getByTestId("video-play");
  await expect(play).toHaveJSProperty("tagName", "BUTTON");
  const embed = page.waitForRequest((request) => request.url().startsWith(YOUTUBE_EMBED));
  await play.click();
  await expect(widget.locator("iframe")).toHaveCount(1);
  // The embed's request names neither the link nor, by a Referer, the page (the player
  // is told the site's origin alone, as on the public page).
  const request = await embed;
  expect(request.url()).not.toContain("_preview");
  expect((await request.headerValue("referer")) ?? "").not.toContain("_preview");
  // The labels still work on the hydrated page: the header's logo names its source.
  await page.locator("header.site-header a").first().hover();
  await expect(page.locator("#cms-source-label")).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(link);
  expect(errors).toEqual([]);
});

test.describe("at 375 px", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the mobile menu of a preview opens and closes", async ({ page }) => {
    await openHydrated(page, previewLink(ABOUT.id));
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.locator("#site-mobile-menu")).toBeVisible();
    await expect(page.getByRole("button", { name: "Close menu" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
  });
});

test("a form in a preview shows its messages, and refuses to send, saying so", async ({ page }) => {
  const posts: Request[] = [];
  page.on("request", (request) => {
    if (request.method() !== "GET" && request.method() !== "HEAD") posts.push(request);
  });
  const link = previewLink(CONTACT.id);
  await openHydrated(page, link);
  const form = page.locator("form[data-form=contact]");
  await form.getByRole("button", { name: /send/i }).click();
  const summary = page.locator(".form__summary");
  await expect(summary).toBeFocused();
  await expect(page.locator("#contact-email")).toHaveAttribute("aria-invalid", "true");
  await form.getByLabel("Email").fill("not an address");
  await form.getByRole("button", { name: /send/i }).click();
  await expect(summary).toContainText("Email");
  // Everything right: the form says it is not sent, and nothing is.
  await fillVisibleFields(form, { email: "editor@example.com" });
  await form.getByRole("button", { name: /send/i }).click();
  const refusal = page.locator('[data-form-status="preview"]');
  await expect(refusal).toHaveText(PREVIEW_REFUSAL);
  await expect(refusal).toBeFocused();
  await expect(summary).toHaveCount(0);
  expect(posts.map((request) => request.url())).toEqual([]);
  expect(new URL(page.url()).pathname).toBe(link);
});

test("a link to another page leaves the preview visibly; back, and a link to the page, load the preview again", async ({
  page,
}) => {
  const link = previewLink(ABOUT.id);
  await openHydrated(page, link);
  const bar = page.locator("#preview-bar");
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
  await page.locator('header.site-header a[href="/contact"]').first().click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // An in-app navigation: the same document, the bar now saying what it shows.
  expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
  await expect(bar.locator('[data-preview="left"]')).toBeVisible();
  await expect(bar.locator('[data-preview="left"]')).toContainText("Public page");
  await expect(bar.locator('[data-preview="status"]')).toBeHidden();
  await expect(bar.locator('[data-preview="back"]')).toHaveAttribute("href", link);

  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`${link.replace(/\./g, "\\.")}$`));
  await expect(bar.locator('[data-preview="status"]')).toBeVisible();
  await expect(bar.locator('[data-preview="left"]')).toBeHidden();
  expect(await page.evaluate(() => "sameDocument" in window)).toBe(false);
  await waitForHydration(page);

  // Away again, then a link to the previewed page itself: the preview, as a document.
  await page.locator('header.site-header a[href="/contact"]').first().click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(bar.locator('[data-preview="left"]')).toBeVisible();
  const about = page.locator(`a[href="${ABOUT.path}"]`).first();
  await about.click();
  await expect(page).toHaveURL(new RegExp(`${link.replace(/\./g, "\\.")}$`));
  await expect(bar.locator('[data-preview="status"]')).toBeVisible();
});

test("with analytics accepted, every request of a hydrated preview goes to the site, none with the link in a Referer", async ({
  context,
  page,
  baseURL,
}) => {
  await context.addCookies([consentCookie({ analytics: true, advertising: true })]);
  const tagManager = await standInTagManager(context);
  const sent: Request[] = [];
  page.on("request", (request) => sent.push(request));
  const link = previewLink(ABOUT.id);
  const token = link.slice("/_preview/".length);
  await openHydrated(page, link);
  await page.waitForLoadState("load");
  // The links of the page as an editor meets them: hovered (the app preloads on intent),
  // followed to another page and back by the bar's link.
  // The page's own links among them: their data would be the page's public version.
  await page.locator(`a[href="${ABOUT.path}"]`).first().hover();
  for (const anchor of (await page.locator("header.site-header a[href^='/']").all()).slice(0, 4)) {
    await anchor.hover();
  }
  await page.locator('header.site-header a[href="/contact"]').first().click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.locator('[data-preview="left"]')).toBeVisible();
  await page.locator('[data-preview="back"]').click();
  await expect(page.locator('[data-preview="status"]')).toBeVisible();
  await waitForHydration(page);

  expect(tagManager).toEqual([]);
  expect(await page.locator("html").getAttribute("data-gtm-id")).toBeNull();
  expect(await page.evaluate(() => "dataLayer" in window)).toBe(false);
  const site = new URL(baseURL ?? "").origin;
  // The app ran: it asked the site for another page's data.
  expect(sent.some((request) => request.url().includes(".data"))).toBe(true);
  for (const request of sent) {
    const url = request.url();
    expect(new URL(url).origin, url).toBe(site);
    const referer = (await request.headerValue("referer")) ?? "";
    expect(referer, url).not.toContain("/_preview/");
    expect(referer, url).not.toContain(token);
    // The link itself is asked for by the page (the document, its event stream, the live
    // refresh); the app's data and files never carry it.
    if (url.includes(token))
      expect(new URL(url).pathname).toMatch(/^\/_preview\/[^/]+(\/events)?$/);
  }
  // The previewed page's public data is never asked for (it would replace the draft).
  expect(sent.map((request) => new URL(request.url()).pathname)).not.toContain(
    `${ABOUT.path}.data`,
  );
});
