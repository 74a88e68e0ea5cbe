import { ResourcesView } from "../components/pages/list-views";
import { loadResources, loadSectionPage } from "../content/pages.server";
import { pageMeta } from "../seo/route-meta";
import type { Route } from "./+types/resources-index";

export async function loader({ url }: Route.LoaderArgs) {
  const [page, resources] = await Promise.all([loadSectionPage(url.pathname), loadResources()]);
  return { head: page.head, page, resources };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, args.loaderData?.head);

export default function ResourcesIndex({ loaderData }: Route.ComponentProps) {
  return <ResourcesView page={loaderData.page} resources={loaderData.resources} />;
}
