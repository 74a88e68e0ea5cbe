// The embedded site-agreement PDF that the terms-and-conditions redirects point at.

import { loadMediaByName } from "~/content/media.server";
import { proxyMedia } from "~/content/media-proxy.server";
import type { Route } from "./+types/site-agreement-pdf";

export const SITE_AGREEMENT_FILE = "site-agreement.pdf";

export async function loader({ request }: Route.LoaderArgs) {
  const media = await loadMediaByName(SITE_AGREEMENT_FILE);
  const response = await proxyMedia(request, { id: media.id, name: media.name });
  response.headers.set("content-disposition", `inline; filename="${SITE_AGREEMENT_FILE}"`);
  return response;
}
