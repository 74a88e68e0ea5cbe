import { SectionPageView } from "~/components/pages/section-page-view";
import { Tabs } from "~/components/pages/tabs";
import { Container } from "~/components/ui/container";
import { loadSectionPage } from "~/content/templates/page.server";
import { pageHead } from "~/seo/page-head.server";
import { routeMeta } from "~/seo/route-meta";
import type { Route } from "./+types/solutions";

export async function loader({ url }: Route.LoaderArgs) {
  const page = await loadSectionPage(url.pathname);
  return { head: pageHead(url, page.head), page };
}

export const meta: Route.MetaFunction = routeMeta;

export default function Solutions({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    // The introduction ("pick your role below") comes before the tabs.
    <SectionPageView page={page}>
      {page.tabs.length > 0 && (
        <Container className="page__section">
          <Tabs tabs={page.tabs} source={page.source} />
        </Container>
      )}
    </SectionPageView>
  );
}
