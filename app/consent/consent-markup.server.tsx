// The banner as HTML, made on the server by the root loader: the root layout shows it in
// ConsentSlot, so React in the browser only places a string it already has, and the
// banner's component, wording and markup add nothing to the JavaScript bundles.
import { renderToStaticMarkup } from "react-dom/server";
import { ConsentBanner } from "./consent-banner";
import type { ConsentMarkup, ConsentWording } from "./model";

/**
 * Stands for the page in the markup made once per wording. Control characters pass React's
 * escaping unchanged and never occur in a path, a query or checked CMS wording.
 */
const RETURN_TO_MARK = "\u0001return-to\u0001";

/** Wordings in use at once: the CMS's, the built-in one, and one being replaced. */
const KEPT_WORDINGS = 4;

/** The banner's markup split where the page goes, by the wording's JSON. */
const markupParts = new Map<string, string[]>();

/**
 * `returnTo`: the page the form without JavaScript comes back to (path and query). React
 * renders the banner once per wording; each page only has its address put in (a render of
 * the banner cost a tenth of a page's render).
 */
export function renderConsentMarkup(wording: ConsentWording, returnTo: string): ConsentMarkup {
  return { version: wording.version, html: partsOf(wording).join(escapeAttribute(returnTo)) };
}

function partsOf(wording: ConsentWording): string[] {
  const key = JSON.stringify(wording);
  let parts = markupParts.get(key);
  if (!parts) {
    parts = renderToStaticMarkup(
      <ConsentBanner wording={wording} returnTo={RETURN_TO_MARK} />,
    ).split(RETURN_TO_MARK);
    if (markupParts.size >= KEPT_WORDINGS) {
      const oldest = markupParts.keys().next().value;
      if (oldest !== undefined) markupParts.delete(oldest);
    }
    markupParts.set(key, parts);
  }
  return parts;
}

const ATTRIBUTE_ESCAPES: Record<string, string> = {
  '"': "&quot;",
  "&": "&amp;",
  "'": "&#x27;",
  "<": "&lt;",
  ">": "&gt;",
};

/** An attribute value escaped as React's server renderer escapes it. */
export function escapeAttribute(value: string): string {
  return value.replace(/["&'<>]/g, (c) => ATTRIBUTE_ESCAPES[c] ?? c);
}
