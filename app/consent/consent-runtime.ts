// Consent before tracking: an inline script at the top of the document head, so it runs first
// on every document, prerendered or not, and without the app's bundle. It sets Google Consent
// Mode v2 defaults to denied and applies the stored choice as an update (the cookie is read in
// the browser, so pages stay the same for everyone); honours Global Privacy Control
// (advertising stays denied); marks <html data-consent="ask|decided|open"> for the CSS that
// shows the banner, and answers its forms and the footer's "Cookie choices" link; loads the tag
// manager only once a choice grants something, after the page is interactive (a new choice
// loads it at once). `consentRuntime` and its helpers (choice.ts's codec, `readCookie`,
// `tagManagerLoader`) are serialised with Function#toString: nothing from outside their own
// bodies; what they need comes in `config` or as arguments.
import {
  CONSENT_COOKIE,
  CONSENT_MAX_AGE_SECONDS,
  type ConsentChoice,
  decodeConsentChoice,
  encodeConsentChoice,
} from "./choice";

export interface ConsentRuntimeConfig {
  cookie: string;
  maxAgeSeconds: number;
  /** The tag manager script's URL without the id (`…/gtm.js?id=`). */
  tagManagerUrl: string;
  /** The attribution cookie (app/forms/attribution.ts): kept only with advertising consent. */
  attributionCookie: string;
}

/** What the runtime leaves on `window` for the attribution recorder and for tests. */
export interface ConsentApi {
  /** The choice in force (after Global Privacy Control), or null before any. */
  current: () => { analytics: boolean; advertising: boolean } | null;
  /** The attribution cookie to write once advertising is allowed (set by the recorder). */
  pendingAttribution?: string;
}

declare global {
  interface Window {
    id5Consent?: ConsentApi;
  }
}

type RuntimeWindow = Window & { dataLayer?: unknown[] };

/** The value of cookie `name` in `doc.cookie`, or undefined (serialised into the runtime). */
export function readCookie(doc: Document, name: string): string | undefined {
  for (const part of doc.cookie.split(";")) {
    const index = part.indexOf("=");
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}

/**
 * What loads the tag manager `gtmId` once (none without an id): when the page is interactive
 * (load, then idle) or at once (serialised into the runtime).
 */
export function tagManagerLoader(
  win: RuntimeWindow,
  doc: Document,
  dataLayer: unknown[],
  tagManagerUrl: string,
  gtmId: string | null,
): (whenInteractive: boolean) => void {
  let queued = false;
  return (whenInteractive) => {
    if (!gtmId || queued) return;
    queued = true;
    const inject = () => {
      dataLayer.push({ "gtm.start": Date.now(), event: "gtm.js" });
      const script = doc.createElement("script");
      script.async = true;
      script.src = tagManagerUrl + encodeURIComponent(gtmId);
      script.setAttribute("data-gtm-id", gtmId);
      doc.head.appendChild(script);
    };
    const idle = () => {
      // With a timeout, as app/navigation/idle.ts: a page that is never idle still loads it.
      if (win.requestIdleCallback) win.requestIdleCallback(inject, { timeout: 2000 });
      else win.setTimeout(inject, 1);
    };
    if (!whenInteractive || doc.readyState === "complete") idle();
    else win.addEventListener("load", idle, { once: true });
  };
}

export function consentRuntime(
  win: RuntimeWindow,
  doc: Document,
  config: ConsentRuntimeConfig,
  decode: (value: string) => ConsentChoice | null,
  encode: (choice: ConsentChoice) => string,
  cookieOf: typeof readCookie,
  loaderOf: typeof tagManagerLoader,
): void {
  const root = doc.documentElement;
  win.dataLayer = win.dataLayer || [];
  const dataLayer = win.dataLayer;
  // Consent Mode reads Arguments objects from the queue, as the vendor's gtag() pushes them.
  function gtag(..._: unknown[]) {
    // biome-ignore lint/complexity/noArguments: the tag manager expects the Arguments object
    dataLayer.push(arguments);
  }
  const gpc =
    (win.navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true;
  const version = root.getAttribute("data-consent-version") || "";
  const gtmId = root.getAttribute("data-gtm-id");
  const secure = win.location.protocol === "https:" ? "; Secure" : "";
  const nowSeconds = () => Math.floor(Date.now() / 1000);

  gtag("consent", "default", {
    ad_storage: "denied",
    analytics_storage: "denied",
    ad_user_data: "denied",
    ad_personalization: "denied",
    wait_for_update: 500,
  });
  if (gpc) root.setAttribute("data-gpc", "");

  const readStored = () => {
    const raw = cookieOf(doc, config.cookie);
    const choice = raw ? decode(raw) : null;
    if (!choice) return null;
    // An empty page version is the site's built-in wording: any stored answer counts.
    if (version && choice.version !== version) return null;
    const age = nowSeconds() - choice.at;
    return age >= 0 && age < config.maxAgeSeconds ? choice : null;
  };

  let current: { analytics: boolean; advertising: boolean } | null = null;
  const api: ConsentApi = { current: () => current };
  win.id5Consent = api;

  const loadTagManager = loaderOf(win, doc, dataLayer, config.tagManagerUrl, gtmId);

  const apply = (choice: { analytics: boolean; advertising: boolean }, fromStore: boolean) => {
    const advertising = choice.advertising && !gpc;
    current = { analytics: choice.analytics, advertising };
    const ads = advertising ? "granted" : "denied";
    gtag("consent", "update", {
      ad_storage: ads,
      analytics_storage: choice.analytics ? "granted" : "denied",
      ad_user_data: ads,
      ad_personalization: ads,
    });
    if (advertising) {
      if (api.pendingAttribution) doc.cookie = api.pendingAttribution;
    } else if (cookieOf(doc, config.attributionCookie) !== undefined) {
      doc.cookie = `${config.attributionCookie}=; Max-Age=0; Path=/; SameSite=Lax${secure}`;
    }
    api.pendingAttribution = undefined;
    if (choice.analytics || advertising) loadTagManager(fromStore);
  };

  const stored = readStored();
  if (stored) apply(stored, true);
  root.setAttribute("data-consent", stored ? "decided" : "ask");

  const panel = () => doc.getElementById("consent");
  let opener: HTMLElement | null = null;
  let reopened = false;

  const close = () => {
    root.setAttribute("data-consent", "decided");
    const back = opener && doc.contains(opener) ? opener : doc.getElementById("main");
    opener = null;
    reopened = false;
    back?.focus({ preventScroll: true });
  };

  doc.addEventListener("submit", (event) => {
    const form = event.target as HTMLFormElement | null;
    if (!form?.hasAttribute?.("data-consent-form")) return;
    event.preventDefault();
    const submitter = (event as SubmitEvent).submitter as HTMLButtonElement | null;
    const action = submitter ? submitter.value : "save";
    const checked = (name: string) => {
      const input = form.elements.namedItem(name) as HTMLInputElement | null;
      return !!input && input.checked;
    };
    const choice = {
      analytics: action === "accept" || (action === "save" && checked("analytics")),
      advertising: action === "accept" || (action === "save" && checked("advertising")),
    };
    const saved: ConsentChoice = {
      version,
      ...choice,
      advertising: choice.advertising && !gpc,
      at: nowSeconds(),
    };
    doc.cookie = `${config.cookie}=${encode(saved)}; Max-Age=${config.maxAgeSeconds}; Path=/; SameSite=Lax${secure}`;
    apply(choice, false);
    close();
  });

  const open = (from: HTMLElement | null) => {
    opener = from;
    reopened = true;
    const boxes = current || { analytics: false, advertising: false };
    for (const name of ["analytics", "advertising"] as const) {
      const input = doc.querySelector(
        `[data-consent-form] input[name="${name}"]`,
      ) as HTMLInputElement | null;
      if (input) input.checked = boxes[name];
    }
    const details = doc.querySelector("#consent details") as HTMLDetailsElement | null;
    if (details) details.open = true;
    root.setAttribute("data-consent", "open");
    panel()?.focus();
  };

  doc.addEventListener("click", (event) => {
    const target = event.target as Element | null;
    const link = target?.closest ? target.closest("[data-consent-open]") : null;
    if (!link) return;
    event.preventDefault();
    open(link as HTMLElement);
  });

  doc.addEventListener("keydown", (event) => {
    // Only choices reopened from the footer close without a new answer: a first visit asks.
    if (event.key === "Escape" && reopened && root.getAttribute("data-consent") === "open") {
      close();
    }
  });
}

/** The inline script for the document head (before every other script). */
export function consentRuntimeScript(tagManagerOrigin: string, attributionCookie: string): string {
  const config: ConsentRuntimeConfig = {
    cookie: CONSENT_COOKIE,
    maxAgeSeconds: CONSENT_MAX_AGE_SECONDS,
    tagManagerUrl: `${tagManagerOrigin}/gtm.js?id=`,
    attributionCookie,
  };
  const helpers = [decodeConsentChoice, encodeConsentChoice, readCookie, tagManagerLoader];
  return `(${consentRuntime.toString()})(window,document,${JSON.stringify(config)},${helpers.map(String).join(",")})`;
}
