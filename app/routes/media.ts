// GET /media/{id}/{name}?webp=t&sizeT=WxH&tmb=t — media through our own origin (no key in URLs).
import { proxyMedia } from "~/content/media-proxy.server";
import { MEDIA_QUERY_PARAMS } from "~/content/media-query";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/media";

export const handle: RouteHandle = { query: MEDIA_QUERY_PARAMS };

export function loader({ request, params }: Route.LoaderArgs) {
  return proxyMedia(request, params);
}
