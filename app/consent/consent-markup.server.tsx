// The banner as HTML, made on the server by the root loader: the root layout shows it in
// ConsentSlot, so React in the browser only places a string it already has, and the
// banner's component, wording and markup add nothing to the JavaScript bundles.
import { renderToStaticMarkup } from "react-dom/server";
import { loadConsentWording, narrowPolicyPath } from "~/content/consent.server";
import { ConsentBanner } from "./consent-banner";
import { escapeAttribute } from "./escape-attribute";
import type { ConsentMarkup, ConsentPiece, ConsentWording } from "./model";

/**
 * Stands for the page in the markup made once per wording. Control characters pass React's
 * escaping unchanged and never occur in a path, a query or checked CMS wording.
 */
const RETURN_TO_MARK = "\u0001return-to\u0001";

export { escapeAttribute };

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

/**
 * The wording as the CMS holds it now, as a piece to splice (the production server reads it
 * on its serving thread at each edit of the banner, not through the render thread). Errors
 * of the content service are thrown: the server keeps the piece it has.
 */
export async function readConsentPiece(): Promise<ConsentPiece> {
  const wording = await loadConsentWording(narrowPolicyPath);
  return { version: wording.version, parts: partsOf(wording) };
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
