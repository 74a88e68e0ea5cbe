// GET /resources/download/{token}: a gated resource's file, for whoever holds an unexpired
// signed link (app/forms/downloads.server.ts). Never cached by anyone but the visitor.

import { proxyMedia } from "~/content/media-proxy.server";
import { formsContext } from "~/forms/context";
import { readDownloadToken } from "~/forms/tokens.server";
import { NO_STORE, PRIVATE_NO_STORE } from "../config/cache-control";
import type { Route } from "./+types/resource-download";

const GONE_MESSAGE =
  "This download link has expired or is not valid. Fill in the form on the resource's page again to get a new one.";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const forms = context.get(formsContext);
  const grant = forms && readDownloadToken(params.token, Date.now(), forms.signer("download-link"));
  if (!grant) {
    return new Response(GONE_MESSAGE, {
      status: 410,
      headers: { "content-type": "text/plain; charset=utf-8", "cache-control": NO_STORE },
    });
  }
  const response = await proxyMedia(
    request,
    { id: grant.mediaId, name: grant.name },
    { gated: true },
  );
  if (!response.ok) return response;
  const headers = new Headers(response.headers);
  headers.set("cache-control", PRIVATE_NO_STORE);
  headers.set(
    "content-disposition",
    `attachment; filename="${grant.name.replace(/[^\w.-]+/g, "_")}"`,
  );
  return new Response(response.body, { status: response.status, headers });
}
