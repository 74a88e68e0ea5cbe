// The browser's half of attribution (the server's is attribution.ts): an inline script in
// the document head, so it runs on the first page of every visit before anything else and
// adds nothing to the JavaScript bundles. It keeps, in a first-party cookie (90 days), the
// first touch ever and the last touch with campaign tags (utm_*) or an outside referrer;
// a plain internal page load changes nothing. The cookie is written only with advertising
// consent (app/consent/consent-runtime.ts, which runs first): before a choice the touch
// waits on `window.id5Consent`, and the runtime writes it if advertising is granted.
//
// `recordAttribution` is serialised with Function#toString: it must not use anything from
// outside its own body (no imports, no module constants).
export function recordAttribution(win: Window, doc: Document, loc: Location, now: number): void {
  const name = "id5_attribution";
  // Short enough that two touches always fit in one cookie (4096 bytes, encoded).
  const clip = (value: string) => value.slice(0, 100);
  const utm: Record<string, string> = {};
  let tagged = false;
  for (const key of ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"]) {
    const value = new URLSearchParams(loc.search).get(key)?.trim();
    if (value) {
      utm[key] = clip(value);
      tagged = true;
    }
  }
  let referrer = "";
  try {
    if (doc.referrer && new URL(doc.referrer).host !== loc.host) referrer = clip(doc.referrer);
  } catch {
    referrer = "";
  }
  const touch = {
    utm,
    ...(referrer ? { referrer } : {}),
    landingPage: clip(loc.pathname + loc.search),
    at: new Date(now).toISOString(),
  };
  let current: { firstTouch?: unknown } | undefined;
  for (const part of doc.cookie.split(";")) {
    const index = part.indexOf("=");
    if (index > 0 && part.slice(0, index).trim() === name) {
      try {
        current = JSON.parse(decodeURIComponent(part.slice(index + 1).trim()));
      } catch {
        current = undefined;
      }
    }
  }
  const first = current && typeof current === "object" ? current.firstTouch : undefined;
  if (first && !tagged && !referrer) return;
  const value = encodeURIComponent(
    JSON.stringify({ firstTouch: first ?? touch, lastTouch: touch }),
  );
  const secure = loc.protocol === "https:" ? "; Secure" : "";
  const cookie = `${name}=${value}; Max-Age=7776000; Path=/; SameSite=Lax${secure}`;
  const consent = win.id5Consent;
  if (!consent) return; // no consent runtime on this page: nothing is stored
  if (consent.current()?.advertising) doc.cookie = cookie;
  else consent.pendingAttribution = cookie;
}

/** The inline script: records this page load. */
export function attributionScript(): string {
  return `try{(${recordAttribution.toString()})(window,document,location,Date.now())}catch(e){}`;
}
