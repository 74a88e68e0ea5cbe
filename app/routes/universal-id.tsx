// /universal-id/{slug} and /partner-sign-up/{slug}: the partner screens reuse these pages.
import { UniversalIdView } from "../components/pages/universal-id-view";
import { loadUniversalIdPage } from "../content/pages.server";
import { pageHead } from "../seo/page-head.server";
import { routeMeta } from "../seo/route-meta";
import type { Route } from "./+types/universal-id";

export async function loader({ params, url }: Route.LoaderArgs) {
  const page = await loadUniversalIdPage(params.slug, url.pathname);
  return { head: pageHead(url, page.head), page };
}

export const meta: Route.MetaFunction = routeMeta;

export default function UniversalId({ loaderData }: Route.ComponentProps) {
  return <UniversalIdView page={loaderData.page} />;
}
