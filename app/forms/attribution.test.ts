import { describe, expect, it } from "vitest";
import type { ConsentApi } from "~/consent/consent-runtime";
import { ATTRIBUTION_COOKIE, decodeAttribution, readCookie } from "./attribution";
import { attributionScript, recordAttribution } from "./attribution-recorder";

function fakeDocument(referrer = "", cookie = "") {
  const jar = new Map<string, string>();
  if (cookie) {
    const [name, ...rest] = cookie.split("=");
    jar.set(name as string, rest.join("="));
  }
  return {
    referrer,
    get cookie() {
      return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
    },
    set cookie(line: string) {
      const [pair] = line.split(";");
      const [name, ...rest] = (pair as string).split("=");
      jar.set(name as string, rest.join("="));
    },
    lastLine: "",
  };
}

const at = (href: string) => new URL(href) as unknown as Location;

/** A window whose consent runtime reports `advertising` (null: no choice yet). */
function consentWindow(advertising: boolean | null) {
  const api: ConsentApi = {
    current: () => (advertising === null ? null : { analytics: advertising, advertising }),
  };
  return { id5Consent: api } as unknown as Window & { id5Consent: ConsentApi };
}

function load(doc: ReturnType<typeof fakeDocument>, href: string, now: number) {
  recordAttribution(consentWindow(true), doc as unknown as Document, at(href), now);
  return decodeAttribution(readCookie(doc.cookie, ATTRIBUTION_COOKIE));
}

describe("attribution", () => {
  it("keeps the first touch and replaces the last on a tagged or referred visit", () => {
    const doc = fakeDocument("https://search.example/?q=id5");
    const first = load(doc, "https://id5.io/solutions?utm_source=news&utm_medium=email", 1000);
    expect(first?.firstTouch).toMatchObject({
      utm: { utm_source: "news", utm_medium: "email" },
      referrer: "https://search.example/?q=id5",
      landingPage: "/solutions?utm_source=news&utm_medium=email",
    });
    expect(first?.lastTouch).toEqual(first?.firstTouch);

    doc.referrer = "https://id5.io/solutions";
    const internal = load(doc, "https://id5.io/contact", 2000);
    expect(internal).toEqual(first);

    const tagged = load(doc, "https://id5.io/?utm_campaign=summit", 3000);
    expect(tagged?.firstTouch).toEqual(first?.firstTouch);
    expect(tagged?.lastTouch).toMatchObject({
      utm: { utm_campaign: "summit" },
      landingPage: "/?utm_campaign=summit",
    });
  });

  it("is kept only with advertising consent: before a choice it waits, refused it is dropped", () => {
    const href = "https://id5.io/?utm_source=x";
    const noRuntime = fakeDocument();
    recordAttribution({} as Window, noRuntime as unknown as Document, at(href), 1000);
    expect(noRuntime.cookie).toBe("");

    const undecided = fakeDocument();
    const waiting = consentWindow(null);
    recordAttribution(waiting, undecided as unknown as Document, at(href), 1000);
    expect(undecided.cookie).toBe("");
    expect(waiting.id5Consent.pendingAttribution).toMatch(/^id5_attribution=/);

    const refused = fakeDocument();
    const denied = consentWindow(false);
    recordAttribution(denied, refused as unknown as Document, at(href), 1000);
    expect(refused.cookie).toBe("");
  });

  it("the inline script is self-contained and the cookie names agree", () => {
    const doc = fakeDocument();
    new Function("window", "document", "location", attributionScript())(
      consentWindow(true),
      doc,
      at("https://id5.io/?utm_source=x"),
    );
    expect(decodeAttribution(readCookie(doc.cookie, ATTRIBUTION_COOKIE))?.firstTouch.utm).toEqual({
      utm_source: "x",
    });
  });

  it("never trusts a malformed cookie", () => {
    expect(decodeAttribution("%7Bnot json")).toBeNull();
    expect(decodeAttribution(encodeURIComponent(JSON.stringify({ firstTouch: 1 })))).toBeNull();
    expect(decodeAttribution("x".repeat(5000))).toBeNull();
  });
});
