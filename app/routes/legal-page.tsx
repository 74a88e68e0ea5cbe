import { LegalPageView } from "../components/pages/article-views";
import { loadLegalPage } from "../content/pages.server";
import { pageMeta } from "../seo/route-meta";
import type { Route } from "./+types/legal-page";

export async function loader({ url }: Route.LoaderArgs) {
  const page = await loadLegalPage(url.pathname);
  return { head: page.head, page };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, args.loaderData?.head);

export default function LegalPage({ loaderData }: Route.ComponentProps) {
  return <LegalPageView page={loaderData.page} />;
}
