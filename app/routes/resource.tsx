import { ResourceView } from "../components/pages/article-views";
import { loadResource } from "../content/pages.server";
import { pageHead } from "../seo/page-head.server";
import { routeMeta } from "../seo/route-meta";
import type { Route } from "./+types/resource";

export async function loader({ params, url }: Route.LoaderArgs) {
  const resource = await loadResource(params.slug, url.pathname);
  return { head: pageHead(url, resource.head), resource };
}

export const meta: Route.MetaFunction = routeMeta;

export default function Resource({ loaderData }: Route.ComponentProps) {
  return <ResourceView resource={loaderData.resource} />;
}
