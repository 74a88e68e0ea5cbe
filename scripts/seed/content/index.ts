/** Every authored entry of the seed, in a stable order. */
import type { EntrySpec } from "../entries";
import { consentBanners } from "./consent";
import { events } from "./events";
import { forms } from "./forms";
import { jobs } from "./jobs";
import { legalPages } from "./legal";
import { documents } from "./library";
import { news } from "./news";
import { pages } from "./pages";
import { redirects } from "./redirects";
import { resources } from "./resources";
import { universalIdPages } from "./universal-id";

/** Media that no entry references but that the site serves (e.g. the site agreement PDF). */
export const standaloneMedia = [documents.siteAgreement];

export const entrySpecs: EntrySpec[] = [
  ...pages,
  ...legalPages,
  ...news,
  ...events,
  ...resources,
  ...universalIdPages,
  ...jobs,
  ...forms,
  ...consentBanners,
  ...redirects,
];
