import { SectionPageView } from "../components/pages/section-page-view";
import { loadSectionPage } from "../content/pages.server";
import { pageMeta } from "../seo/route-meta";
import type { Route } from "./+types/section-page";

export async function loader({ url }: Route.LoaderArgs) {
  const page = await loadSectionPage(url.pathname);
  return { head: page.head, page };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, args.loaderData?.head);

export default function SectionPage({ loaderData }: Route.ComponentProps) {
  return <SectionPageView page={loaderData.page} />;
}
