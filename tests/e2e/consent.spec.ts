// Consent before tracking: the banner on a first visit, Google
// Consent Mode v2 defaults before the tag manager, the tag manager only after a choice that
// grants something, the choice kept across navigation, reloads and visits, a new wording
// version asking again, Global Privacy Control, the footer reopening the choices, the form
// without JavaScript, keyboard use, axe and layout shifts. The server runs with GTM_ID set;
// the tag manager's script is answered by a local stand-in (support/consent.ts).
import type { Page } from "@playwright/test";
import { CONSENT_COOKIE, decodeConsentChoice } from "../../app/consent/choice";
import { ATTRIBUTION_COOKIE, decodeAttribution } from "../../app/forms/attribution";
import { TEST_BUILD_SETTINGS } from "../support/build-settings";
import { expectNoBlockingViolations } from "./support/axe";
import {
  CONSENT_VERSION,
  consentCommands,
  consentCookie,
  DENIED,
  expectNoTagManager,
  FIRST_VISIT_STATE,
  GRANTED,
  standInSaw,
  standInTagManager,
} from "./support/consent";
import { expect, test } from "./support/reused-page";
import {
  afterLoadAndIdle,
  gotoHydrated,
  hasDocumentMarker,
  markDocument,
  pageViews,
  waitForHydration,
} from "./support/site";

test.use({ storageState: FIRST_VISIT_STATE });

const DEFAULT_DENIED = { ...DENIED, wait_for_update: 500 };

const banner = (page: Page) => page.locator("section#consent");
const acceptAll = (page: Page) => banner(page).getByRole("button", { name: "Accept all" });
const rejectAll = (page: Page) => banner(page).getByRole("button", { name: "Reject all" });
const choose = (page: Page) => banner(page).locator("summary", { hasText: "Choose" });
const policyLink = (page: Page) => banner(page).getByRole("link", { name: /cookie policy/i });

async function storedChoice(page: Page) {
  const cookie = (await page.context().cookies()).find((c) => c.name === CONSENT_COOKIE);
  return cookie ? decodeConsentChoice(cookie.value) : null;
}

/** The page has no serious axe violation and the banner none at all. */
async function expectBannerAxeClean(page: Page, label: string) {
  const violations = await expectNoBlockingViolations(page, label);
  const inBanner = violations.filter((v) =>
    v.nodes.some((n) => JSON.stringify(n.target).includes("consent")),
  );
  expect(inBanner.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

test("first visit: the banner asks, Consent Mode defaults are denied, no tag-manager request", async ({
  page,
}) => {
  const requested = await standInTagManager(page);
  await gotoHydrated(page, "/");
  await expect(banner(page)).toBeVisible();
  await expect(acceptAll(page)).toBeVisible();
  await expect(rejectAll(page)).toBeVisible();
  await expectNoTagManager(page, requested);
  expect(await consentCommands(page)).toEqual([["default", DEFAULT_DENIED]]);
  // The data layer still queues page views for later.
  expect((await pageViews(page)).length).toBe(1);
  // In-app navigation before a choice loads nothing either.
  await page.locator("header.site-header").getByRole("link", { name: "About" }).first().click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(banner(page)).toBeVisible();
  await expectNoTagManager(page, requested);
});

test("first visit: the banner's cookie-policy link navigates in place; the banner still asks, then a choice applies", async ({
  page,
}) => {
  const requested = await standInTagManager(page);
  const documents: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document") documents.push(request.url());
  });
  await gotoHydrated(page, "/about");
  await markDocument(page);
  await policyLink(page).click();
  await expect(page).toHaveURL(/\/trust\/cookie-policy$/);
  await expect(page.locator("main h1")).toHaveText("Cookie policy");
  // The same document: the marker survived and no second document was requested.
  expect(await hasDocumentMarker(page)).toBe(true);
  expect(documents.map((url) => new URL(url).pathname)).toEqual(["/about"]);
  expect((await pageViews(page)).map((view) => view.page_path)).toEqual([
    "/about",
    "/trust/cookie-policy",
  ]);
  // No choice yet: the banner still asks and nothing was loaded or granted.
  await expect(banner(page)).toBeVisible();
  await expectNoTagManager(page, requested);
  expect(await consentCommands(page)).toEqual([["default", DEFAULT_DENIED]]);
  // The banner still answers: a choice made on the policy page applies at once.
  await acceptAll(page).click();
  await expect(banner(page)).toBeHidden();
  expect(await consentCommands(page)).toEqual([
    ["default", DEFAULT_DENIED],
    ["update", GRANTED],
  ]);
  expect(await storedChoice(page)).toMatchObject({ analytics: true, advertising: true });
  await expect.poll(() => requested.length).toBe(1);
  expect(await hasDocumentMarker(page)).toBe(true);
});

test("choices reopened from the footer stay open across the cookie-policy link", async ({
  page,
  context,
}) => {
  await context.addCookies([consentCookie({ analytics: true, advertising: false })]);
  await standInTagManager(page);
  await gotoHydrated(page, "/news");
  await markDocument(page);
  await page.locator("footer#site-footer").getByRole("link", { name: "Cookie choices" }).click();
  await expect(banner(page)).toBeVisible();
  await policyLink(page).click();
  await expect(page).toHaveURL(/\/trust\/cookie-policy$/);
  expect(await hasDocumentMarker(page)).toBe(true);
  await expect(banner(page)).toBeVisible();
  await rejectAll(page).click();
  await expect(banner(page)).toBeHidden();
  expect((await consentCommands(page)).at(-1)).toEqual(["update", DENIED]);
  expect(await storedChoice(page)).toMatchObject({ analytics: false, advertising: false });
});

test("Accept and Reject have equal prominence", async ({ page }) => {
  await gotoHydrated(page, "/");
  const [accept, reject] = await Promise.all(
    [acceptAll(page), rejectAll(page)].map((button) =>
      button.evaluate((el) => {
        const style = getComputedStyle(el);
        const box = el.getBoundingClientRect();
        return {
          width: Math.round(box.width),
          height: Math.round(box.height),
          font: `${style.fontSize} ${style.fontWeight}`,
          color: style.color,
          background: style.backgroundColor,
          border: style.borderColor,
        };
      }),
    ),
  );
  expect(accept).toEqual(reject);
});

test("reject all: consent stays denied, the tag manager never loads, across navigation, reload and a new visit", async ({
  page,
  browser,
}) => {
  const requested = await standInTagManager(page);
  await gotoHydrated(page, "/");
  await rejectAll(page).click();
  await expect(banner(page)).toBeHidden();
  expect(await consentCommands(page)).toEqual([
    ["default", DEFAULT_DENIED],
    ["update", DENIED],
  ]);
  expect(await storedChoice(page)).toMatchObject({
    version: CONSENT_VERSION,
    analytics: false,
    advertising: false,
  });

  await page
    .locator("header.site-header")
    .getByRole("link", { name: "Technology" })
    .first()
    .click();
  await expect(page).toHaveURL(/\/technology$/);
  await expect(banner(page)).toBeHidden();
  await page.reload();
  await expect(banner(page)).toBeHidden();
  expect(await consentCommands(page)).toEqual([
    ["default", DEFAULT_DENIED],
    ["update", DENIED],
  ]);
  await expectNoTagManager(page, requested);
  expect(await standInSaw(page)).toBeNull();

  // A new visit (a new browser context with the same cookies) is not asked again.
  const visit = await browser.newContext({ storageState: await page.context().storageState() });
  const again = await visit.newPage();
  const againRequested = await standInTagManager(again);
  await gotoHydrated(again, "/news");
  await expect(banner(again)).toBeHidden();
  await expectNoTagManager(again, againRequested);
  await visit.close();
});

test("accept all: the update is granted at once and the tag manager loads, once, after it", async ({
  page,
  browser,
}) => {
  const requested = await standInTagManager(page);
  await gotoHydrated(page, "/");
  await expectNoTagManager(page, requested);
  await acceptAll(page).click();
  await expect(banner(page)).toBeHidden();
  await expect.poll(() => requested.length).toBe(1);
  expect(requested[0]).toBe(
    `https://www.googletagmanager.com/gtm.js?id=${TEST_BUILD_SETTINGS.GTM_ID}`,
  );
  // The stand-in found the denied default first, then the granted update.
  await expect.poll(() => standInSaw(page)).not.toBeNull();
  expect(await standInSaw(page)).toEqual({
    loads: 1,
    consent: [
      ["default", DEFAULT_DENIED],
      ["update", GRANTED],
    ],
  });
  expect(await storedChoice(page)).toMatchObject({ analytics: true, advertising: true });

  // In-app navigation keeps the one tag manager; its queue gets the page view.
  await page.locator("header.site-header").getByRole("link", { name: "News" }).first().click();
  await expect(page).toHaveURL(/\/news$/);
  await expect(banner(page)).toBeHidden();
  await expect.poll(async () => (await pageViews(page)).length).toBe(2);
  expect(requested).toHaveLength(1);

  // A reload applies the stored choice before the tag manager loads.
  await page.reload();
  await expect(banner(page)).toBeHidden();
  await expect.poll(() => standInSaw(page)).not.toBeNull();
  expect((await standInSaw(page))?.consent).toEqual([
    ["default", DEFAULT_DENIED],
    ["update", GRANTED],
  ]);

  // And so does a new visit.
  const visit = await browser.newContext({ storageState: await page.context().storageState() });
  const again = await visit.newPage();
  const againRequested = await standInTagManager(again);
  await gotoHydrated(again, "/about");
  await expect(banner(again)).toBeHidden();
  await expect.poll(() => againRequested.length).toBe(1);
  await visit.close();
});

test("choose with the keyboard: analytics only", async ({ page }) => {
  const requested = await standInTagManager(page);
  await gotoHydrated(page, "/about");
  // The banner comes right after the skip link.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(banner(page).getByRole("link", { name: /cookie policy/i })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(acceptAll(page)).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(rejectAll(page)).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(choose(page)).toBeFocused();
  await page.keyboard.press("Enter");
  const analytics = banner(page).getByRole("checkbox", { name: "Analytics" });
  const advertising = banner(page).getByRole("checkbox", { name: "Advertising" });
  await expect(banner(page).getByRole("checkbox", { name: "Necessary" })).toBeDisabled();
  await expect(banner(page).getByRole("checkbox", { name: "Necessary" })).toBeChecked();
  await page.keyboard.press("Tab"); // the disabled Necessary box is skipped
  await expect(analytics).toBeFocused();
  await page.keyboard.press("Space");
  await expect(analytics).toBeChecked();
  await page.keyboard.press("Tab");
  await expect(advertising).toBeFocused();
  await expect(advertising).not.toBeChecked();
  await page.keyboard.press("Tab");
  await expect(banner(page).getByRole("button", { name: "Save choices" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(banner(page)).toBeHidden();
  // Focus does not fall to the document: it lands on the page's main content.
  await expect(page.locator("main#main")).toBeFocused();
  expect((await consentCommands(page)).at(-1)).toEqual([
    "update",
    { ...DENIED, analytics_storage: "granted" },
  ]);
  expect(await storedChoice(page)).toMatchObject({ analytics: true, advertising: false });
  await expect.poll(() => requested.length).toBe(1);
});

test("the footer's Cookie choices reopens the choices on any page; Escape closes them", async ({
  page,
  context,
}) => {
  await context.addCookies([consentCookie({ analytics: true, advertising: false })]);
  await standInTagManager(page);
  for (const path of ["/", "/news", "/trust/cookie-policy"]) {
    await gotoHydrated(page, path);
    await expect(banner(page)).toBeHidden();
    const opener = page.locator("footer#site-footer").getByRole("link", { name: "Cookie choices" });
    await opener.click();
    await expect(banner(page)).toBeVisible();
    await expect(banner(page)).toBeFocused();
    await expect(banner(page).getByRole("checkbox", { name: "Analytics" })).toBeChecked();
    await expect(banner(page).getByRole("checkbox", { name: "Advertising" })).not.toBeChecked();
    expect(new URL(page.url()).hash).toBe("");
    await page.keyboard.press("Escape");
    await expect(banner(page)).toBeHidden();
    await expect(opener).toBeFocused();
  }
  // A change from the reopened choices applies at once.
  await page.locator("footer#site-footer").getByRole("link", { name: "Cookie choices" }).click();
  await rejectAll(page).click();
  await expect(banner(page)).toBeHidden();
  expect((await consentCommands(page)).at(-1)).toEqual(["update", DENIED]);
  expect(await storedChoice(page)).toMatchObject({ analytics: false, advertising: false });
});

test("a new wording version asks again; so does a choice older than 13 months", async ({
  page,
  context,
}) => {
  const requested = await standInTagManager(page);
  await context.addCookies([
    consentCookie({ analytics: true, advertising: true }, { version: `${CONSENT_VERSION}-old` }),
  ]);
  await gotoHydrated(page, "/");
  await expect(banner(page)).toBeVisible();
  expect(await consentCommands(page)).toEqual([["default", DEFAULT_DENIED]]);
  await expectNoTagManager(page, requested);

  const thirteenMonthsAgo = Math.floor(Date.now() / 1000) - 396 * 24 * 3600;
  await context.addCookies([
    consentCookie({ analytics: true, advertising: true }, { at: thirteenMonthsAgo }),
  ]);
  await page.reload();
  await expect(banner(page)).toBeVisible();
  expect(await consentCommands(page)).toEqual([["default", DEFAULT_DENIED]]);
});

test("the visit's attribution is kept only once advertising is accepted, from the first page on", async ({
  page,
}) => {
  await standInTagManager(page);
  const attribution = async () =>
    (await page.context().cookies()).find((c) => c.name === ATTRIBUTION_COOKIE);
  await page.goto("/?utm_source=newsletter&utm_campaign=nov");
  await waitForHydration(page);
  await page.locator("header.site-header").getByRole("link", { name: "About" }).first().click();
  await expect(page).toHaveURL(/\/about$/);
  expect(await attribution()).toBeUndefined();
  await acceptAll(page).click();
  await expect.poll(attribution).toBeDefined();
  const kept = decodeAttribution((await attribution())?.value ?? "");
  expect(kept?.firstTouch).toMatchObject({
    utm: { utm_source: "newsletter", utm_campaign: "nov" },
    landingPage: "/?utm_source=newsletter&utm_campaign=nov",
  });
  // Withdrawn from the footer: the attribution cookie goes.
  await page.locator("footer#site-footer").getByRole("link", { name: "Cookie choices" }).click();
  await rejectAll(page).click();
  await expect.poll(attribution).toBeUndefined();
});

test.describe(() => {
  // A fresh page: the test changes what the browser reports before any script.
  test.use({ freshPage: true });

  test("Global Privacy Control: advertising stays denied and the banner says so", async ({
    page,
  }) => {
    await page.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true }),
    );
    const requested = await standInTagManager(page);
    await gotoHydrated(page, "/");
    const notice = banner(page).locator(".consent__gpc");
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(/Global Privacy Control/i);
    await acceptAll(page).click();
    expect((await consentCommands(page)).at(-1)).toEqual([
      "update",
      { ...DENIED, analytics_storage: "granted" },
    ]);
    expect(await storedChoice(page)).toMatchObject({ analytics: true, advertising: false });
    await expect.poll(() => requested.length).toBe(1);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the banner is a form that stores the choice and returns to the page", async ({ page }) => {
    await page.goto("/about");
    await expect(banner(page)).toBeVisible();
    await expect(banner(page).locator(".consent__saved")).toBeHidden();
    await choose(page).click();
    await banner(page).getByRole("checkbox", { name: "Advertising" }).check();
    await banner(page).getByRole("button", { name: "Save choices" }).click();
    await expect(page).toHaveURL(/\/about#consent-saved$/);
    await expect(banner(page).locator(".consent__saved")).toBeVisible();
    expect(await storedChoice(page)).toMatchObject({
      version: CONSENT_VERSION,
      analytics: false,
      advertising: true,
    });
  });

  test("the banner's cookie-policy link is a plain link to the policy page", async ({ page }) => {
    await page.goto("/about");
    await expect(policyLink(page)).toHaveAttribute("href", "/trust/cookie-policy");
    const [response] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === "/trust/cookie-policy"),
      policyLink(page).click(),
    ]);
    expect(response.request().resourceType()).toBe("document");
    expect(response.status()).toBe(200);
    await expect(page.locator("main h1")).toHaveText("Cookie policy");
    await expect(banner(page)).toBeVisible();
  });

  test("a choice made without JavaScript holds when JavaScript runs", async ({ page, browser }) => {
    await page.goto("/news");
    await rejectAll(page).click();
    await expect(page).toHaveURL(/\/news#consent-saved$/);
    const withJs = await browser.newContext({
      storageState: await page.context().storageState(),
      javaScriptEnabled: true,
    });
    const visit = await withJs.newPage();
    await gotoHydrated(visit, "/news");
    await expect(banner(visit)).toBeHidden();
    expect(await consentCommands(visit)).toEqual([
      ["default", DEFAULT_DENIED],
      ["update", DENIED],
    ]);
    await withJs.close();
  });
});

test("the banner is axe-clean, with and without its choices open, at 320 px", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await gotoHydrated(page, "/");
  await expect(banner(page)).toBeVisible();
  await expectBannerAxeClean(page, "/ with the banner");
  await choose(page).click();
  await expect(banner(page).getByRole("checkbox", { name: "Analytics" })).toBeVisible();
  await expectBannerAxeClean(page, "/ with the choices open");
  // Nothing is wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  const box = await banner(page).boundingBox();
  expect(box?.width).toBeLessThanOrEqual(320);
  // Every control can be reached by scrolling the panel.
  await banner(page).getByRole("button", { name: "Save choices" }).scrollIntoViewIfNeeded();
  await expect(banner(page).getByRole("button", { name: "Save choices" })).toBeInViewport();
});

test("at 375 and 1440 px the categories are a group named by their legend, which shows nothing", async ({
  page,
}) => {
  // One page, resized: the legend's layout is the style sheet's, which follows the width.
  await page.setViewportSize({ width: 375, height: 900 });
  await gotoHydrated(page, "/");
  await choose(page).click();
  const group = banner(page).getByRole("group", { name: "Choose" });
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => window.innerWidth)).toBe(width);
    await expect(group).toBeVisible();
    await expect(group.getByRole("checkbox")).toHaveCount(3);
    // The legend takes no room: the first category starts where the fieldset does, as
    // before the legend, and the legend itself is a clipped pixel.
    const layout = await group.evaluate((fieldset) => {
      const legend = fieldset.querySelector("legend");
      const category = fieldset.querySelector(".consent__category");
      return {
        legendFirst: fieldset.firstElementChild === legend,
        legend: legend?.getBoundingClientRect().toJSON() as DOMRect | undefined,
        offset:
          (category?.getBoundingClientRect().top ?? Number.NaN) -
          fieldset.getBoundingClientRect().top,
      };
    });
    expect(layout.legendFirst, `at ${width} px`).toBe(true);
    expect(layout.legend?.width, `at ${width} px`).toBeLessThanOrEqual(1);
    expect(layout.legend?.height, `at ${width} px`).toBeLessThanOrEqual(1);
    expect(layout.offset, `at ${width} px`).toBe(0);
  }
});

test("at 375 px the open mobile menu covers the banner: every menu link works before a choice", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await gotoHydrated(page, "/about");
  await expect(banner(page)).toBeVisible();
  await page.locator("header.site-header button.mobile-menu__toggle").click();
  const contact = page.locator("#site-mobile-menu").getByRole("link", { name: "Contact" });
  await expect(contact).toBeVisible();
  // Not a forced click: Playwright refuses it if the banner is on top of the link.
  await contact.click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(banner(page)).toBeVisible();
});

test.describe(() => {
  // A fresh page: a first visit's layout shifts come with a cold cache, fonts still loading.
  test.use({ freshPage: true });

  test("the banner shifts no layout: CLS stays 0 on a first visit and after a choice", async ({
    page,
  }) => {
    // Each shift with what moved (element, from, to), so a failure names its cause.
    type Shifts = { __shifts?: { value: number; moved: string[] }[] };
    await page.addInitScript(() => {
      const shifts: NonNullable<Shifts["__shifts"]> = [];
      (window as Shifts).__shifts = shifts;
      const box = (rect: DOMRectReadOnly) =>
        `${Math.round(rect.x)},${Math.round(rect.y)} ${Math.round(rect.width)}x${Math.round(rect.height)}`;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
        })[]) {
          if (entry.hadRecentInput) continue;
          shifts.push({
            value: entry.value,
            moved: entry.sources.map((source) => {
              const node = source.node as Element | undefined;
              const name = node?.nodeName ?? "?";
              const what = node?.className ? `${name}.${String(node.className)}` : name;
              return `${what} at ${Math.round(entry.startTime)} ms: ${box(source.previousRect)} -> ${box(source.currentRect)}`;
            }),
          });
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    // Shifts are reported after the frame that drew them: two frames on, any is counted.
    const shiftsSoFar = () =>
      page.evaluate(
        () =>
          new Promise<NonNullable<Shifts["__shifts"]>>((resolve) =>
            requestAnimationFrame(() =>
              requestAnimationFrame(() => resolve((window as Shifts).__shifts ?? [])),
            ),
          ),
      );
    await gotoHydrated(page, "/");
    await expect(banner(page)).toBeVisible();
    // Loaded, the fonts settled and the page idle: what loading moves has moved.
    await afterLoadAndIdle(page);
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    expect(await shiftsSoFar()).toEqual([]);
    await rejectAll(page).click();
    await expect(banner(page)).toBeHidden();
    expect(await shiftsSoFar()).toEqual([]);
  });
});
