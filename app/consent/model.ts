// The consent banner's wording and the visitor's stored choice (no analytics before it).
// The wording is content: the CMS's `consent-banner` entry, read by
// app/content/consent.server.ts; a new `version` asks every visitor again.
import type { EntrySource } from "../content/source-marks";

/** Categories a visitor chooses; "necessary" is always on and never stored. */
export const CONSENT_CATEGORIES = ["analytics", "advertising"] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];

export interface ConsentCategoryWording {
  label: string;
  description: string;
}

export interface ConsentWording {
  /** Changes when the wording changes in a way visitors must see again. */
  version: string;
  title: string;
  /** Plain-text paragraphs. */
  body: string[];
  acceptLabel: string;
  rejectLabel: string;
  chooseLabel: string;
  saveLabel: string;
  necessary: ConsentCategoryWording;
  analytics: ConsentCategoryWording;
  advertising: ConsentCategoryWording;
  /** Shown when the browser sends Global Privacy Control. */
  gpcNotice: string;
  /** Shown after a choice was saved without JavaScript. */
  savedNotice: string;
  /** The cookie policy page, linked from the banner. */
  policyHref: string;
  policyLabel: string;
  /** Within a preview only: the CMS entry the wording was read from. */
  source?: EntrySource;
}

/** The banner as the root loader hands it to the page (consent-markup.server.tsx). */
export interface ConsentMarkup {
  /** The wording version the runtime compares with the stored choice. */
  version: string;
  html: string;
}

/**
 * The banner of one wording as the server splices it into stored pages: its version and its
 * markup cut where the page's own address goes (the form's return-to field).
 */
export interface ConsentPiece {
  version: string;
  /** The markup is these joined with the page's address, escaped as an attribute. */
  parts: readonly string[];
}
