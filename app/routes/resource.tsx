import { ResourceView } from "../components/pages/article-views";
import { loadResource } from "../content/pages.server";
import { pageMeta } from "../seo/route-meta";
import type { Route } from "./+types/resource";

export async function loader({ params, url }: Route.LoaderArgs) {
  const resource = await loadResource(params.slug, url.pathname);
  return { head: resource.head, resource };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, args.loaderData?.head);

export default function Resource({ loaderData }: Route.ComponentProps) {
  return <ResourceView resource={loaderData.resource} />;
}
