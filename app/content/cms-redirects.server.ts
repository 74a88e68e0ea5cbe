// What the server merges its redirects from (app/redirects/cms-redirects.ts): the `redirect`
// entries visitors may see, the addresses the CMS publishes pages at now, and every address
// an entry was public at (kept by the store, last-public-versions.server.ts). Read once at
// start and again after each change of a redirect or of an address.
import type { CmsRedirectEntry, PastAddress } from "../redirects/cms-redirects";
import { REDIRECT_TEMPLATE } from "../redirects/cms-redirects";
import { getContentClient } from "./content-client.server";
import { getEntryAddresses, getPublishedEntries } from "./entries.server";
import { publishedVersionStore } from "./last-public-versions.server";
import { readString } from "./read.server";

/** RedirectSources as it crosses from the render thread (plain, structured-cloneable). */
export interface RedirectSourcesRead {
  redirects: CmsRedirectEntry[];
  /** [address, entry id] of every page the CMS publishes now. */
  pages: [string, string][];
  past: PastAddress[];
}

export async function readRedirectSources(): Promise<RedirectSourcesRead> {
  const [redirects, addresses] = await Promise.all([readRedirectEntries(), getEntryAddresses()]);
  const past = await publishedVersionStore().listEntryAddresses();
  return {
    redirects,
    pages: [...addresses].map(([entryId, address]) => [address.path, entryId]),
    past: past.map(({ entryId, path, lastPublicAt }) => ({ entryId, path, lastPublicAt })),
  };
}

/**
 * The public `redirect` entries' props as written (none when the CMS has no such template).
 * A few entries of one template: the serving thread reads them itself after a redirect's edit,
 * so the edit does not wait behind the pages the render thread is rendering.
 */
export async function readRedirectEntries(): Promise<CmsRedirectEntry[]> {
  const templates = await getContentClient().template.getAll();
  if (!templates.some((template) => template.name === REDIRECT_TEMPLATE)) return [];
  return (await getPublishedEntries(REDIRECT_TEMPLATE)).map((entry) => ({
    entryId: entry.id,
    from: readString(entry.meta.from),
    to: readString(entry.meta.to),
    status: readString(entry.meta.status),
    note: readString(entry.meta.note),
  }));
}
