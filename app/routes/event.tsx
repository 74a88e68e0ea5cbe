import { EventView } from "../components/pages/article-views";
import { loadEvent } from "../content/pages.server";
import { pageMeta } from "../seo/route-meta";
import type { Route } from "./+types/event";

export async function loader({ params, url }: Route.LoaderArgs) {
  const event = await loadEvent(params.slug, url.pathname);
  return { head: event.head, event };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, args.loaderData?.head);

export default function Event({ loaderData }: Route.ComponentProps) {
  return <EventView event={loaderData.event} />;
}
