/**
 * The entry of the `consent-banner` template: the cookie-consent banner's wording. It is the
 * site's built-in wording (app/consent/default-wording.ts) with a version, so the banner
 * reads the same whether or not the CMS answers.
 */

import type { EntryContentNode } from "@thebcms/types";
import { DEFAULT_CONSENT_WORDING } from "../../../app/consent/default-wording";
import type { ConsentCategoryWording } from "../../../app/consent/model";
import { type EntrySpec, slugForPath } from "../entries";
import { entryRef } from "../values";

/** The version visitors' choices are stored under; a new one asks every visitor again. */
export const CONSENT_BANNER_VERSION = "2026-11";

const wording = DEFAULT_CONSENT_WORDING;

/** A paragraph of plain text (the DSL's p() would read `*` and `[` as markup). */
const plainParagraph = (text: string): EntryContentNode => ({
  type: "paragraph",
  content: [{ type: "text", text }],
});

const category = (c: ConsentCategoryWording) => ({ label: c.label, description: c.description });

export const consentBanners: EntrySpec[] = [
  {
    template: "consent-banner",
    values: {
      title: `Cookie banner ${CONSENT_BANNER_VERSION}`,
      slug: "cookie-banner",
      version: CONSENT_BANNER_VERSION,
      heading: wording.title,
      body: wording.body.map(plainParagraph),
      accept_label: wording.acceptLabel,
      reject_label: wording.rejectLabel,
      choose_label: wording.chooseLabel,
      save_label: wording.saveLabel,
      necessary: category(wording.necessary),
      analytics: category(wording.analytics),
      advertising: category(wording.advertising),
      gpc_notice: wording.gpcNotice,
      saved_notice: wording.savedNotice,
      policy_label: wording.policyLabel,
      policy_page: entryRef("legal-page", slugForPath(wording.policyHref)),
    },
  },
];
