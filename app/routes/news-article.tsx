import { NewsArticleView } from "~/components/pages/article-views";
import { loadNewsArticle } from "~/content/templates/news-article.server";
import type { RouteHandle } from "~/root";
import { newsArticleHead } from "~/seo/page-head.server";
import { routeMeta } from "~/seo/route-meta";
import type { Route } from "./+types/news-article";

/** Its slugs name entries: a slug the content does not list is a 404 (no render). */
export const handle: RouteHandle = { addresses: "listed" };

export async function loader({ params, url }: Route.LoaderArgs) {
  const article = await loadNewsArticle(params.slug, url.pathname);
  return { head: newsArticleHead(url, article), article };
}

export const meta: Route.MetaFunction = routeMeta;

export default function NewsArticle({ loaderData }: Route.ComponentProps) {
  return <NewsArticleView article={loaderData.article} breadcrumbs={loaderData.head.breadcrumbs} />;
}
