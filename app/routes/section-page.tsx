import { SectionPageView } from "../components/pages/section-page-view";
import { loadSectionPage } from "../content/pages.server";
import { pageHead } from "../seo/page-head.server";
import { routeMeta } from "../seo/route-meta";
import type { Route } from "./+types/section-page";

export async function loader({ url }: Route.LoaderArgs) {
  const page = await loadSectionPage(url.pathname);
  return { head: pageHead(url, page.head), page };
}

export const meta: Route.MetaFunction = routeMeta;

export default function SectionPage({ loaderData }: Route.ComponentProps) {
  return <SectionPageView page={loaderData.page} />;
}
