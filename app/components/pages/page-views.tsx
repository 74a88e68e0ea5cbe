// Page compositions: the hero, the rich body and the page-specific lists of each page
// type. Route modules pass their loader data straight in.
import type { ReactNode } from "react";
import { Link } from "react-router";
import type {
  EventModel,
  JobModel,
  LegalPageModel,
  NewsArticleModel,
  NewsCardModel,
  NewsListModel,
  ResourceCardModel,
  ResourceModel,
  SectionPageModel,
  UniversalIdPageModel,
} from "../../content/models";
import { Hero } from "../hero/hero";
import { Picture } from "../media/picture";
import { RichContent } from "../rich-text/rich-content";
import { ButtonLink } from "../ui/button";
import { Container } from "../ui/container";
import { CardGrid, NewsCard, ResourceCard } from "./cards";
import { Tabs } from "./tabs";
import "./pages.css";

const ARTICLE_COVER_SIZES = "(min-width: 800px) 760px, 100vw";

function Body({ page }: { page: { body: SectionPageModel["body"] } }) {
  if (page.body.length === 0) return null;
  return (
    <Container width="prose" className="page__body">
      <RichContent blocks={page.body} />
    </Container>
  );
}

export function SectionPageView({
  page,
  children,
}: {
  page: SectionPageModel;
  children?: ReactNode;
}) {
  return (
    <>
      <Hero
        title={page.hero?.title ?? page.title}
        description={page.hero?.description as ReactNode}
        theme={page.hero?.theme}
        cta={page.hero?.cta}
        image={page.hero?.image}
      />
      {page.tabs.length > 0 && (
        <Container className="page__section">
          <Tabs tabs={page.tabs} />
        </Container>
      )}
      <Body page={page} />
      {children}
    </>
  );
}

export function LatestNews({ items }: { items: NewsCardModel[] }) {
  if (items.length === 0) return null;
  return (
    <section className="page__section page__section--alt" aria-labelledby="latest-news">
      <Container>
        <div className="section-head">
          <h2 id="latest-news">Latest from ID5</h2>
          <Link to="/news" className="section-head__link">
            All news
          </Link>
        </div>
        <CardGrid>
          {items.map((item) => (
            <NewsCard key={item.slug} item={item} />
          ))}
        </CardGrid>
      </Container>
    </section>
  );
}

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

export function newsPageHref(page: number): string {
  return page === 1 ? "/news" : `/news/page/${page}`;
}

function Pagination({ page, pageCount }: { page: number; pageCount: number }) {
  if (pageCount < 2) return null;
  return (
    <nav className="pagination" aria-label="News pages">
      {page > 1 && (
        <Link to={newsPageHref(page - 1)} className="pagination__step" rel="prev">
          Newer
        </Link>
      )}
      <ol className="pagination__pages">
        {Array.from({ length: pageCount }, (_, i) => i + 1).map((n) => (
          <li key={n}>
            <Link
              to={newsPageHref(n)}
              className="pagination__page"
              aria-current={n === page ? "page" : undefined}
              aria-label={`Page ${n}`}
            >
              {n}
            </Link>
          </li>
        ))}
      </ol>
      {page < pageCount && (
        <Link to={newsPageHref(page + 1)} className="pagination__step" rel="next">
          Older
        </Link>
      )}
    </nav>
  );
}

function ArticleHeader({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow: ReactNode;
  title: string;
  lead?: string;
  children?: ReactNode;
}) {
  return (
    <header className="article__header">
      <Container width="prose">
        <p className="article__eyebrow">{eyebrow}</p>
        <h1 className="article__title">{title}</h1>
        {lead && <p className="article__lead">{lead}</p>}
        {children}
      </Container>
    </header>
  );
}

export function NewsArticleView({ article }: { article: NewsArticleModel }) {
  return (
    <article className="article">
      <ArticleHeader
        eyebrow={
          <>
            <Link to="/news">News</Link> · <time dateTime={article.date}>{article.dateLabel}</time>
          </>
        }
        title={article.title}
        lead={article.description}
      >
        {article.author && <p className="article__byline">By {article.author}</p>}
      </ArticleHeader>
      {article.cover && (
        <Container width="prose" className="article__cover">
          <Picture image={article.cover} sizes={ARTICLE_COVER_SIZES} priority />
        </Container>
      )}
      <Body page={article} />
      <Container width="prose" className="article__footer">
        <Link to="/news">← All news</Link>
      </Container>
    </article>
  );
}

export function EventView({ event }: { event: EventModel }) {
  const when = event.endDateLabel ? `${event.dateLabel} – ${event.endDateLabel}` : event.dateLabel;
  return (
    <article className="article">
      <ArticleHeader
        eyebrow={
          <>
            Event · <time dateTime={event.date}>{when}</time> · {event.location}
          </>
        }
        title={event.title}
        lead={event.description}
      >
        {event.registrationUrl && event.upcoming && (
          <ButtonLink href={event.registrationUrl} variant="primary">
            Register
          </ButtonLink>
        )}
      </ArticleHeader>
      {event.cover && (
        <Container width="prose" className="article__cover">
          <Picture image={event.cover} sizes={ARTICLE_COVER_SIZES} priority />
        </Container>
      )}
      <Body page={event} />
    </article>
  );
}

export function ResourceView({ resource }: { resource: ResourceModel }) {
  return (
    <article className="article">
      <ArticleHeader
        eyebrow={
          <>
            <Link to="/resources">Resources</Link> · {resource.kindLabel}
          </>
        }
        title={resource.title}
        lead={resource.description}
      />
      {resource.cover && (
        <Container width="prose" className="article__cover">
          <Picture image={resource.cover} sizes={ARTICLE_COVER_SIZES} priority />
        </Container>
      )}
      <Body page={resource} />
    </article>
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
                  <h3 className="jobs__title">{job.title}</h3>
                  <p className="jobs__meta">
                    {job.department} · {job.location} ·{" "}
                    {EMPLOYMENT_LABELS[job.employmentType] ?? job.employmentType}
                  </p>
                  <p className="jobs__description">{job.description}</p>
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

export function UniversalIdView({ page }: { page: UniversalIdPageModel }) {
  return (
    <>
      <Hero
        title={page.hero?.title ?? page.title}
        description={(page.hero?.description as ReactNode) ?? page.description}
        theme={page.hero?.theme ?? "blue-light"}
        cta={page.hero?.cta}
        image={page.hero?.image}
      />
      <Body page={page} />
    </>
  );
}

export function LegalPageView({ page }: { page: LegalPageModel }) {
  return (
    <article className="article article--legal" lang={page.lang}>
      <ArticleHeader
        eyebrow={
          page.updatedLabel ? (
            <>
              {page.lang === "ja" ? "最終更新日" : "Last updated"}{" "}
              <time dateTime={page.updated}>{page.updatedLabel}</time>
            </>
          ) : (
            "Legal"
          )
        }
        title={page.title}
        lead={page.summary}
      />
      <Body page={page} />
    </article>
  );
}
