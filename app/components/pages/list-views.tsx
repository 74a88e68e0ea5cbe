// Listing pages: news with pagination, resources and jobs.
import { Link } from "react-router";
import type {
  JobModel,
  NewsListModel,
  ResourceCardModel,
  SectionPageModel,
} from "~/content/models";
import { sourceMark } from "~/content/source-marks";
import { newsPagePath } from "~/content/urls";
import { ButtonLink } from "../ui/button";
import { Container } from "../ui/container";
import { Card, CardGrid, NewsCard } from "./cards";
import { paginationItems } from "./pagination-window";
import { SectionPageView } from "./section-page-view";

export function NewsListView({ page, list }: { page: SectionPageModel; list: NewsListModel }) {
  return (
    <SectionPageView page={{ ...page, body: list.page === 1 ? page.body : [] }}>
      <section
        className="page__section"
        aria-label={`News, page ${list.page} of ${list.pageCount}`}
      >
        <Container>
          <CardGrid>
            {list.items.map((item) => (
              <NewsCard key={item.slug} item={item} headingLevel={2} />
            ))}
          </CardGrid>
          <Pagination page={list.page} pageCount={list.pageCount} />
        </Container>
      </section>
    </SectionPageView>
  );
}

/** The news list's page links (pagination-window.ts decides which numbers). */
export function Pagination({ page, pageCount }: { page: number; pageCount: number }) {
  if (pageCount < 2) return null;
  return (
    <nav className="pagination" aria-label="News pages">
      {page > 1 && (
        <Link to={newsPagePath(page - 1)} className="pagination__step" rel="prev">
          Newer
        </Link>
      )}
      <ol className="pagination__pages">
        {paginationItems(page, pageCount).map((n, i) =>
          n === "gap" ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a gap is known by its place
            <li key={`gap-${i}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                to={newsPagePath(n)}
                className="pagination__page"
                aria-current={n === page ? "page" : undefined}
                aria-label={`Page ${n}`}
              >
                {n}
              </Link>
            </li>
          ),
        )}
      </ol>
      {page < pageCount && (
        <Link to={newsPagePath(page + 1)} className="pagination__step" rel="next">
          Older
        </Link>
      )}
    </nav>
  );
}

export function ResourcesView({
  page,
  resources,
}: {
  page: SectionPageModel;
  resources: ResourceCardModel[];
}) {
  return (
    <SectionPageView page={page}>
      <section className="page__section" aria-label="All resources">
        <Container>
          <CardGrid>
            {resources.map((item) => (
              <ResourceCard key={item.slug} item={item} />
            ))}
          </CardGrid>
        </Container>
      </section>
    </SectionPageView>
  );
}

const EMPLOYMENT_LABELS: Record<string, string> = {
  "full-time": "Full time",
  "part-time": "Part time",
  contract: "Contract",
};

export function JobsView({ page, jobs }: { page: SectionPageModel; jobs: JobModel[] }) {
  return (
    <SectionPageView page={page}>
      <section className="page__section" aria-labelledby="open-roles">
        <Container width="prose">
          <h2 id="open-roles">Open roles</h2>
          <ul className="jobs">
            {jobs.map((job) => (
              <li key={job.slug} className="jobs__item">
                <div>
                  <h3 className="jobs__title" {...sourceMark(job.source, "title")}>
                    {job.title}
                  </h3>
                  <p className="jobs__meta">
                    {job.department} · {job.location} ·{" "}
                    {EMPLOYMENT_LABELS[job.employmentType] ?? job.employmentType}
                  </p>
                  <p className="jobs__description" {...sourceMark(job.source, "description")}>
                    {job.description}
                  </p>
                </div>
                <ButtonLink href={job.applyUrl} variant="outline" size="sm">
                  Apply<span className="visually-hidden"> for {job.title}</span>
                </ButtonLink>
              </li>
            ))}
          </ul>
        </Container>
      </section>
    </SectionPageView>
  );
}

/** A card right under the page's title: its heading is the next level down, h2. */
function ResourceCard({ item }: { item: ResourceCardModel }) {
  return (
    <Card
      href={item.href}
      title={item.title}
      description={item.description}
      eyebrow={item.kindLabel}
      cover={item.cover}
      headingLevel={2}
      source={item.source}
    />
  );
}
