// The names the inline consent runtime, the banner, the footer and the CSS share. The
// runtime is serialised on its own and writes them as literals: consent-runtime.test.ts
// checks they agree.
export const CONSENT_STATE_ATTRIBUTE = "data-consent";
export const CONSENT_VERSION_ATTRIBUTE = "data-consent-version";
export const GTM_ID_ATTRIBUTE = "data-gtm-id";
export const GPC_ATTRIBUTE = "data-gpc";
export const CONSENT_FORM_ATTRIBUTE = "data-consent-form";
export const CONSENT_OPEN_ATTRIBUTE = "data-consent-open";
/** The banner's panel (focused when the choices are reopened). */
export const CONSENT_PANEL_ID = "consent";
