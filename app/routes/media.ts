// GET /media/{id}/{name}?webp=t&sizeT=WxH&tmb=t — media through our own origin (no key in URLs).
import { proxyMedia } from "~/content/media-proxy.server";
import type { Route } from "./+types/media";

export function loader({ request, params }: Route.LoaderArgs) {
  return proxyMedia(request, params);
}
