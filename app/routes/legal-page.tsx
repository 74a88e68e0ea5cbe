import { LegalPageView } from "~/components/pages/article-views";
import { loadLegalPage } from "~/content/templates/legal-page.server";
import { pageHead } from "~/seo/page-head.server";
import { routeMeta } from "~/seo/route-meta";
import type { Route } from "./+types/legal-page";

export async function loader({ url }: Route.LoaderArgs) {
  const page = await loadLegalPage(url.pathname);
  return { head: pageHead(url, page.head), page };
}

export const meta: Route.MetaFunction = routeMeta;

export default function LegalPage({ loaderData }: Route.ComponentProps) {
  return <LegalPageView page={loaderData.page} breadcrumbs={loaderData.head.breadcrumbs} />;
}
