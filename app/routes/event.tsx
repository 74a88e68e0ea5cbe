import { EventView } from "~/components/pages/article-views";
import { loadEvent } from "~/content/templates/event.server";
import { eventHead } from "~/seo/page-head.server";
import { routeMeta } from "~/seo/route-meta";
import type { Route } from "./+types/event";

export async function loader({ params, url }: Route.LoaderArgs) {
  const event = await loadEvent(params.slug, url.pathname);
  return { head: eventHead(url, event), event };
}

export const meta: Route.MetaFunction = routeMeta;

export default function Event({ loaderData }: Route.ComponentProps) {
  return <EventView event={loaderData.event} breadcrumbs={loaderData.head.breadcrumbs} />;
}
