// The runtime's behaviour in a browser is covered end to end (tests/e2e/consent.spec.ts);
// here: the serialised script stands alone, speaks the attribute names the banner and CSS
// use, and orders the Consent Mode calls as Google documents them.
import { describe, expect, it } from "vitest";
import * as attributes from "./attributes";
import { CONSENT_COOKIE, encodeConsentChoice } from "./choice";
import { consentRuntime, consentRuntimeScript } from "./consent-runtime";

function fakePage(options: { cookie?: string; version?: string; gtmId?: string; gpc?: boolean }) {
  const attrs = new Map<string, string>();
  if (options.version !== undefined) attrs.set("data-consent-version", options.version);
  if (options.gtmId) attrs.set("data-gtm-id", options.gtmId);
  const appended: { src: string }[] = [];
  const listeners: string[] = [];
  let cookie = options.cookie ?? "";
  const doc = {
    documentElement: {
      getAttribute: (name: string) => attrs.get(name) ?? null,
      setAttribute: (name: string, value: string) => attrs.set(name, value),
    },
    get cookie() {
      return cookie;
    },
    set cookie(line: string) {
      cookie = line.split(";")[0] ?? "";
    },
    readyState: "complete",
    addEventListener: (type: string) => listeners.push(type),
    createElement: () => ({ setAttribute() {} }) as unknown as { src: string },
    head: { appendChild: (el: { src: string }) => appended.push(el) },
  };
  const idle: (() => void)[] = [];
  const win = {
    navigator: { globalPrivacyControl: options.gpc ?? false },
    location: { protocol: "https:" },
    requestIdleCallback: (cb: () => void) => idle.push(cb),
    addEventListener() {},
    setTimeout() {},
  } as unknown as Window & { dataLayer?: unknown[] };
  const run = () =>
    new Function("window", "document", consentRuntimeScript("https://gtm.test", "id5_attribution"))(
      win,
      doc,
    );
  const consentCalls = () =>
    (win.dataLayer ?? [])
      .filter((e) => Object.prototype.toString.call(e) === "[object Arguments]")
      .map((e) => Array.from(e as IArguments));
  return { attrs, appended, listeners, idle, win, run, consentCalls };
}

const storedCookie = (version: string, analytics: boolean, advertising: boolean, at: number) =>
  `${CONSENT_COOKIE}=${encodeConsentChoice({ version, analytics, advertising, at })}`;
const now = () => Math.floor(Date.now() / 1000);

describe("consent runtime", () => {
  it("writes the attribute names the banner and its CSS use", () => {
    const source = consentRuntime.toString();
    for (const name of Object.values(attributes)) expect(source).toContain(name);
  });

  it("is inline-safe", () => {
    expect(consentRuntimeScript("https://gtm.test", "a")).not.toMatch(/<\/script/i);
  });

  it("first visit: denied defaults with wait_for_update, no update, asks, no tag manager", () => {
    const page = fakePage({ version: "2026-11", gtmId: "GTM-TEST" });
    page.run();
    expect(page.consentCalls()).toEqual([
      [
        "consent",
        "default",
        {
          ad_storage: "denied",
          analytics_storage: "denied",
          ad_user_data: "denied",
          ad_personalization: "denied",
          wait_for_update: 500,
        },
      ],
    ]);
    expect(page.attrs.get("data-consent")).toBe("ask");
    expect(page.idle).toHaveLength(0);
    expect(page.listeners).toEqual(expect.arrayContaining(["submit", "click", "keydown"]));
  });

  it("a stored choice of this version becomes an update, then the tag manager loads when idle", () => {
    const page = fakePage({
      version: "2026-11",
      gtmId: "GTM-TEST",
      cookie: storedCookie("2026-11", true, false, now() - 60),
    });
    page.run();
    const calls = page.consentCalls();
    expect(calls[0]?.[1]).toBe("default");
    expect(calls[1]).toEqual([
      "consent",
      "update",
      {
        ad_storage: "denied",
        analytics_storage: "granted",
        ad_user_data: "denied",
        ad_personalization: "denied",
      },
    ]);
    expect(page.attrs.get("data-consent")).toBe("decided");
    expect(page.appended).toHaveLength(0);
    for (const run of page.idle) run();
    expect(page.appended.map((s) => s.src)).toEqual(["https://gtm.test/gtm.js?id=GTM-TEST"]);
  });

  it("asks again for another wording version or a choice older than the cookie's life", () => {
    for (const cookie of [
      storedCookie("2025-01", true, true, now() - 60),
      storedCookie("2026-11", true, true, now() - 400 * 24 * 3600),
    ]) {
      const page = fakePage({ version: "2026-11", gtmId: "GTM-TEST", cookie });
      page.run();
      expect(page.attrs.get("data-consent")).toBe("ask");
      expect(page.consentCalls()).toHaveLength(1);
    }
  });

  it("the built-in wording (empty version) accepts any stored answer", () => {
    const page = fakePage({ version: "", cookie: storedCookie("2026-11", false, false, now()) });
    page.run();
    expect(page.attrs.get("data-consent")).toBe("decided");
  });

  it("Global Privacy Control keeps advertising denied over a stored yes", () => {
    const page = fakePage({
      version: "v",
      gpc: true,
      cookie: storedCookie("v", true, true, now()),
    });
    page.run();
    expect(page.attrs.has("data-gpc")).toBe(true);
    expect(page.consentCalls()[1]?.[2]).toMatchObject({
      analytics_storage: "granted",
      ad_storage: "denied",
      ad_user_data: "denied",
      ad_personalization: "denied",
    });
  });

  it("rejecting everything never loads the tag manager", () => {
    const page = fakePage({
      version: "v",
      gtmId: "GTM-TEST",
      cookie: storedCookie("v", false, false, now()),
    });
    page.run();
    expect(page.attrs.get("data-consent")).toBe("decided");
    expect(page.idle).toHaveLength(0);
  });
});
