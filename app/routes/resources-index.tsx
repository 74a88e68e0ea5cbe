import { ResourcesView } from "~/components/pages/list-views";
import { loadSectionPage } from "~/content/templates/page.server";
import { loadResources } from "~/content/templates/resource.server";
import { listPageHead } from "~/seo/page-head.server";
import { routeMeta } from "~/seo/route-meta";
import type { Route } from "./+types/resources-index";

export async function loader({ url }: Route.LoaderArgs) {
  const [page, resources] = await Promise.all([loadSectionPage(url.pathname), loadResources()]);
  return { head: listPageHead(url, page.head, resources), page, resources };
}

export const meta: Route.MetaFunction = routeMeta;

export default function ResourcesIndex({ loaderData }: Route.ComponentProps) {
  return <ResourcesView page={loaderData.page} resources={loaderData.resources} />;
}
