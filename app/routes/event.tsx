import { EventView } from "~/components/pages/article-views";
import { loadEvent } from "~/content/templates/event.server";
import type { RouteHandle } from "~/root";
import { eventHead } from "~/seo/page-head.server";
import { routeMeta } from "~/seo/route-meta";
import type { Route } from "./+types/event";

/** Its slugs name entries: a slug the content does not list is a 404 (no render). */
export const handle: RouteHandle = { addresses: "listed" };

export async function loader({ params, url }: Route.LoaderArgs) {
  const event = await loadEvent(params.slug, url.pathname);
  return { head: eventHead(url, event), event };
}

export const meta: Route.MetaFunction = routeMeta;

export default function Event({ loaderData }: Route.ComponentProps) {
  return <EventView event={loaderData.event} breadcrumbs={loaderData.head.breadcrumbs} />;
}
