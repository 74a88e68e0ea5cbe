// Consent in the browser tests: the stored choice as a cookie (so tests about other things
// visit as a returning visitor who rejected everything), and a stand-in for the tag
// manager's script that records the Consent Mode calls it finds in the data layer.
import { type BrowserContext, expect, type Page } from "@playwright/test";
import { CONSENT_COOKIE, encodeConsentChoice } from "../../../app/consent/choice";
import { afterLoadAndIdle } from "./site";
import { publishedEntries } from "./snapshot";

/** The wording version the served content carries. */
export const CONSENT_VERSION = String(publishedEntries("consent-banner")[0]?.version ?? "");

export const TAG_MANAGER_URL_PATTERN = "https://www.googletagmanager.com/**";

export function consentCookie(
  choice: { analytics: boolean; advertising: boolean },
  options: { version?: string; at?: number; host?: string } = {},
) {
  return {
    name: CONSENT_COOKIE,
    value: encodeConsentChoice({
      version: options.version ?? CONSENT_VERSION,
      at: options.at ?? Math.floor(Date.now() / 1000),
      ...choice,
    }),
    domain: options.host ?? "127.0.0.1",
    path: "/",
    expires: Math.floor(Date.now() / 1000) + 30 * 24 * 3600,
    httpOnly: false,
    secure: false,
    sameSite: "Lax" as const,
  };
}

/** A returning visitor who rejected everything: no banner, no tag manager. */
export const REJECTED_STATE = {
  cookies: [consentCookie({ analytics: false, advertising: false })],
  origins: [],
};

export const FIRST_VISIT_STATE = { cookies: [], origins: [] };

// Records every consent command already queued and every one pushed later.
const STAND_IN_SCRIPT = `(function () {
  var layer = (window.dataLayer = window.dataLayer || []);
  var seen = [];
  function record(entry) {
    if (Object.prototype.toString.call(entry) === "[object Arguments]" && entry[0] === "consent") {
      seen.push([entry[1], JSON.parse(JSON.stringify(entry[2]))]);
    }
  }
  layer.forEach(record);
  var push = layer.push;
  layer.push = function () {
    for (var i = 0; i < arguments.length; i++) record(arguments[i]);
    return push.apply(layer, arguments);
  };
  window.__tagManagerStandIn = { loads: ((window.__tagManagerStandIn || {}).loads || 0) + 1, consent: seen };
})();`;

/** Answers the tag manager's URL with the stand-in; returns the URLs it was asked for. */
export async function standInTagManager(target: Page | BrowserContext): Promise<string[]> {
  const requested: string[] = [];
  await target.route(TAG_MANAGER_URL_PATTERN, (route) => {
    requested.push(route.request().url());
    return route.fulfill({ contentType: "text/javascript", body: STAND_IN_SCRIPT });
  });
  return requested;
}

/**
 * Waits until the page has had its chance to load the tag manager, then checks that it did
 * not. The consent runtime injects the tag manager's script in the first idle callback after
 * the load event (after a new choice, in the next one): an idle callback queued once the
 * load event has fired runs after it. No script element then means no request, now or
 * later; `requested` (every request for the tag manager's URL so far) says no other way
 * asked for it either.
 */
export async function expectNoTagManager(page: Page, requested: string[]): Promise<void> {
  await afterLoadAndIdle(page);
  await expect(page.locator('script[src*="googletagmanager"]')).toHaveCount(0);
  expect(requested).toEqual([]);
}

export type ConsentCall = [string, Record<string, unknown>];

/** What the stand-in saw, or null when it never loaded. */
export function standInSaw(page: Page): Promise<{ loads: number; consent: ConsentCall[] } | null> {
  return page.evaluate(
    () =>
      (window as { __tagManagerStandIn?: { loads: number; consent: ConsentCall[] } })
        .__tagManagerStandIn ?? null,
  );
}

/** The Consent Mode commands in the page's data layer, in order. */
export function consentCommands(page: Page): Promise<ConsentCall[]> {
  return page.evaluate(() =>
    ((window as { dataLayer?: unknown[] }).dataLayer ?? [])
      .filter(
        (e) =>
          Object.prototype.toString.call(e) === "[object Arguments]" &&
          (e as IArguments)[0] === "consent",
      )
      .map((e) => [(e as IArguments)[1], (e as IArguments)[2]] as ConsentCall),
  );
}

export const GRANTED = {
  ad_storage: "granted",
  analytics_storage: "granted",
  ad_user_data: "granted",
  ad_personalization: "granted",
};
export const DENIED = {
  ad_storage: "denied",
  analytics_storage: "denied",
  ad_user_data: "denied",
  ad_personalization: "denied",
};
