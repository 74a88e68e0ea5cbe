import { NewsListView } from "~/components/pages/list-views";
import { notFound } from "~/content/content-errors.server";
import { loadNewsList } from "~/content/templates/news-article.server";
import { loadSectionPage } from "~/content/templates/page.server";
import { CONTENT_URL_PATTERNS } from "~/content/urls";
import type { RouteHandle } from "~/root";
import { listPageHead } from "~/seo/page-head.server";
import { routeMeta } from "~/seo/route-meta";
import type { Route } from "./+types/news-index";

/** Its slugs name entries: a slug the content does not list is a 404 (no render). */
export const handle: RouteHandle = { addresses: "listed" };

/** `/news` is page 1; `/news/page/{n}` any page (a non-number is a 404). */
function pageNumber(raw: string | undefined, path: string): number {
  if (raw === undefined) return 1;
  if (!/^[1-9]\d{0,3}$/.test(raw)) notFound(path);
  return Number(raw);
}

export async function loader({ params, url }: Route.LoaderArgs) {
  const path = url.pathname;
  const page = pageNumber(params.page, path);
  const [section, list] = await Promise.all([
    loadSectionPage(CONTENT_URL_PATTERNS.newsIndex),
    loadNewsList(page, path),
  ]);
  const head =
    page === 1 ? section.head : { ...section.head, title: `${section.title} – page ${page}` };
  return { head: listPageHead(url, head, list.items), page: section, list };
}

export const meta: Route.MetaFunction = routeMeta;

export default function NewsIndex({ loaderData }: Route.ComponentProps) {
  return <NewsListView page={loaderData.page} list={loaderData.list} />;
}
