import { LatestNews, SectionPageView } from "~/components/pages/section-page-view";
import { loadLatestNews } from "~/content/templates/news-article.server";
import { loadSectionPage } from "~/content/templates/page.server";
import { homeHead } from "~/seo/page-head.server";
import { routeMeta } from "~/seo/route-meta";
import type { Route } from "./+types/home";

export const LATEST_NEWS_COUNT = 3;

export async function loader({ url }: Route.LoaderArgs) {
  const [page, news] = await Promise.all([
    loadSectionPage(url.pathname),
    loadLatestNews(LATEST_NEWS_COUNT),
  ]);
  return { head: homeHead(url, page.head, news), page, news };
}

export const meta: Route.MetaFunction = routeMeta;

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <SectionPageView page={loaderData.page}>
      <LatestNews items={loaderData.news} />
    </SectionPageView>
  );
}
