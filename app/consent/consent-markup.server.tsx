// The banner as HTML, made on the server by the root loader: the root layout shows it in
// ConsentSlot, so React in the browser only places a string it already has, and the
// banner's component, wording and markup add nothing to the JavaScript bundles.
import { renderToStaticMarkup } from "react-dom/server";
import { ConsentBanner } from "./consent-banner";
import type { ConsentMarkup, ConsentWording } from "./model";

/** `returnTo`: the page the form without JavaScript comes back to (path and query). */
export function renderConsentMarkup(wording: ConsentWording, returnTo: string): ConsentMarkup {
  return {
    version: wording.version,
    html: renderToStaticMarkup(<ConsentBanner wording={wording} returnTo={returnTo} />),
  };
}
