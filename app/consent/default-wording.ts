// The consent banner's built-in wording: shown when the CMS has no usable `consent-banner`
// entry (app/content/consent.server.ts). The seed's entry (scripts/seed/content/consent.ts)
// is this wording with a version, so the site reads the same with or without the CMS.
import type { ConsentWording } from "./model";

/**
 * `version` is empty on purpose: an empty version means "the built-in wording", and the
 * banner then counts any stored choice, whatever version it was made under. Visitors are not
 * asked again just because the CMS could not be read or its entry was refused; only a CMS
 * wording with a new version asks them again.
 */
export const DEFAULT_CONSENT_WORDING: ConsentWording = {
  version: "",
  title: "Cookies on this website",
  body: [
    "ID5 is a privacy-first identity company, and we ask before we use any cookie this website does not need to work.",
    "With your permission, we use analytics cookies to measure how the site is used, and advertising cookies to measure our own campaigns and show you relevant ads on other websites. You can change your choice at any time.",
  ],
  acceptLabel: "Accept all",
  rejectLabel: "Reject all",
  chooseLabel: "Choose",
  saveLabel: "Save choices",
  necessary: {
    label: "Necessary",
    description:
      "Keep the site secure, spread visits across our servers and remember the choice you make here. The site cannot work without them, so they are always on.",
  },
  analytics: {
    label: "Analytics",
    description:
      "Measure how the site is used: which pages people visit and where they run into problems, so we can improve it.",
  },
  advertising: {
    label: "Advertising",
    description:
      "Measure how our own advertising campaigns perform, and show you relevant ID5 ads on other websites.",
  },
  gpcNotice:
    "Your browser sends a Global Privacy Control signal, so advertising cookies stay off. You can still choose analytics.",
  savedNotice: "Thank you, your choice is saved.",
  policyHref: "/trust/cookie-policy",
  policyLabel: "Read our cookie policy",
};
