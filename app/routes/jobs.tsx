import { JobsView } from "../components/pages/list-views";
import { loadJobs, loadSectionPage } from "../content/pages.server";
import { pageMeta } from "../seo/route-meta";
import type { Route } from "./+types/jobs";

export async function loader({ url }: Route.LoaderArgs) {
  const [page, jobs] = await Promise.all([loadSectionPage(url.pathname), loadJobs()]);
  return { head: page.head, page, jobs };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, args.loaderData?.head);

export default function Jobs({ loaderData }: Route.ComponentProps) {
  return <JobsView page={loaderData.page} jobs={loaderData.jobs} />;
}
