// A preview's address is its link, a bearer credential for up to 30 days: nothing on the
// preview may carry it off the site. An editor who accepted analytics and advertising opens
// a preview on the e2e site (GTM_ID set, the tag manager's host answered by a stand-in):
// no request leaves for the tag manager, no attribution cookie keeps the link, and no
// request from the page names the link in a Referer.
import type { Request } from "@playwright/test";
import { ATTRIBUTION_COOKIE } from "../../app/forms/attribution";
import { E2E_DATA_DIR } from "../../playwright.config";
import { previewLinkKey, signPreviewToken } from "../../server/preview/preview-links";
import { loadSigningKey } from "../../server/store/signing-key-file";
import { consentCookie, standInTagManager } from "./support/consent";
import { expect, test } from "./support/reused-page";

// Each test on a new context: what a preview sends, none of it already cached.
test.use({ freshPage: true });

/** A published article of the seed snapshot. */
const ARTICLE_ID = "7ab1365e2b344851679282cb";

test.use({ storageState: { cookies: [], origins: [] } });

test("a preview opened with analytics accepted loads no tag manager, keeps no attribution and sends no Referer", async ({
  context,
  page,
}) => {
  await context.addCookies([consentCookie({ analytics: true, advertising: true })]);
  const tagManager = await standInTagManager(context);
  const sent: Request[] = [];
  page.on("request", (request) => sent.push(request));

  // The same browser on a public page does load the tag manager: the stand-in is seen.
  await page.goto("/about");
  await expect.poll(() => tagManager.length).toBeGreaterThan(0);
  await context.clearCookies({ name: ATTRIBUTION_COOKIE });
  tagManager.length = 0;
  sent.length = 0;

  const key = previewLinkKey(loadSigningKey(E2E_DATA_DIR));
  const { token } = signPreviewToken({ templateName: "news-article", entryId: ARTICLE_ID }, key, {
    hours: 1,
  });
  const response = await page.goto(`/_preview/${token}`);
  expect(response?.status()).toBe(200);
  expect(response?.headers()["referrer-policy"]).toBe("no-referrer");
  await expect(page.locator("#preview-bar")).toBeVisible();
  // The page's own script ran and its event stream is open; everything else it asks for
  // (stylesheet, images, fonts) has been asked for once the load event has fired.
  await expect(page.locator("html")).toHaveAttribute("data-preview-live", "");
  await page.waitForLoadState("load");

  expect(tagManager).toEqual([]);
  expect(sent.filter((request) => request.url().includes("googletagmanager"))).toEqual([]);
  expect(await page.locator("html").getAttribute("data-gtm-id")).toBeNull();
  expect(await page.evaluate(() => "dataLayer" in window)).toBe(false);
  const fromPage = sent.filter((request) => request.url() !== response?.url());
  expect(fromPage.length).toBeGreaterThan(0);
  for (const request of fromPage) {
    // (A font's Referer is the stylesheet that asked for it, not the page.)
    expect((await request.headerValue("referer")) ?? "", request.url()).not.toContain("/_preview/");
  }
  const cookies = await context.cookies();
  expect(cookies.map((cookie) => cookie.name)).not.toContain(ATTRIBUTION_COOKIE);
  expect(JSON.stringify(cookies)).not.toContain(token.slice(0, 40));
});
