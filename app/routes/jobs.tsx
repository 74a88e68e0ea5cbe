import { JobsView } from "~/components/pages/list-views";
import { loadJobs } from "~/content/templates/job.server";
import { loadSectionPage } from "~/content/templates/page.server";
import { listPageHead } from "~/seo/page-head.server";
import { routeMeta } from "~/seo/route-meta";
import type { Route } from "./+types/jobs";

export async function loader({ url }: Route.LoaderArgs) {
  const [page, jobs] = await Promise.all([loadSectionPage(url.pathname), loadJobs()]);
  return { head: listPageHead(url, page.head, jobs), page, jobs };
}

export const meta: Route.MetaFunction = routeMeta;

export default function Jobs({ loaderData }: Route.ComponentProps) {
  return <JobsView page={loaderData.page} jobs={loaderData.jobs} />;
}
