// The banner's form without JavaScript: what the markup posts and where the answer returns.
// (With JavaScript the inline runtime answers the same forms in the browser.)

/** The route that stores a choice posted without JavaScript (app/routes/consent.ts). */
export const CONSENT_ACTION_PATH = "/consent";
/** The hidden field naming the page to return to. */
export const CONSENT_RETURN_FIELD = "return";
/** The saved notice's id: the answer returns to `{page}#consent-saved`, shown by CSS :target. */
export const CONSENT_SAVED_ID = "consent-saved";
