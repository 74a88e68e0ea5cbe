// Gated downloads: the resource's file is never linked publicly (the media route refuses
// it); a sent form earns a signed link that expires, shown on /resources/thank-you and
// served by /resources/download/{token}.
import type { RouterContextProvider } from "react-router";
import { loadGatedDownload } from "~/content/templates/resource.server";
import { formsContext } from "./context";
import { DOWNLOAD_ROUTE_PREFIX } from "./model";
import { DOWNLOAD_TOKEN_PARAM } from "./query-params";
import { DOWNLOAD_LINK_TTL_MS, issueDownloadToken, readDownloadToken } from "./tokens.server";

export type DownloadOffer =
  | { status: "ready"; href: string; name: string; expiresAt: string }
  | { status: "expired" };

/** Where a sent gated form goes: its thank-you path with a fresh signed link. */
export async function downloadRedirect(
  slug: string,
  context: Readonly<RouterContextProvider>,
  thankYouPath: string,
  now = Date.now(),
): Promise<string> {
  const forms = context.get(formsContext);
  const gated = await loadGatedDownload(slug);
  if (!forms || !gated) return thankYouPath;
  const token = issueDownloadToken(
    { ...gated, resource: slug, expiresAt: now + DOWNLOAD_LINK_TTL_MS },
    forms.signer("download-link").sign,
  );
  return `${thankYouPath}?${DOWNLOAD_TOKEN_PARAM}=${token}`;
}

/** What the thank-you page offers for the link in its URL (undefined: none asked for). */
export function readDownloadOffer(
  url: URL,
  context: Readonly<RouterContextProvider>,
  now = Date.now(),
): DownloadOffer | undefined {
  const token = url.searchParams.get(DOWNLOAD_TOKEN_PARAM);
  if (token === null) return undefined;
  const forms = context.get(formsContext);
  const grant = forms ? readDownloadToken(token, now, forms.signer("download-link")) : undefined;
  if (!grant) return { status: "expired" };
  return {
    status: "ready",
    href: `${DOWNLOAD_ROUTE_PREFIX}${token}`,
    name: grant.name,
    expiresAt: new Date(grant.expiresAt).toISOString(),
  };
}
