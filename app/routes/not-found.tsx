// The catch-all: old URLs were already redirected by root middleware; anything left is 404.
import { notFound } from "~/content/content-errors.server";
import type { RouteHandle } from "~/root";
import type { Route } from "./+types/not-found";

/** No path is a page here: the server answers the prepared 404 page without rendering. */
export const handle: RouteHandle = { addresses: "none" };

export function loader({ url }: Route.LoaderArgs): never {
  notFound(url.pathname);
}

/** A post to a path with no page is a 404 too (not a "no action" 405). */
export function action({ url }: Route.ActionArgs): never {
  notFound(url.pathname);
}

export default function NotFound() {
  return null;
}
