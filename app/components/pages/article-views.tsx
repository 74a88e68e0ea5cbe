// Article-like pages: news articles, events, resources and legal pages.
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { EventModel, LegalPageModel, NewsArticleModel, ResourceModel } from "~/content/models";
import { type EntrySource, sourceMark } from "~/content/source-marks";
import type { PageCrumb } from "~/seo/route-meta";
import { Picture } from "../media/picture";
import { ButtonLink } from "../ui/button";
import { Container } from "../ui/container";
import { Breadcrumbs } from "./breadcrumbs";
import { PageBody } from "./section-page-view";

const ARTICLE_COVER_SIZES = "(min-width: 800px) 760px, 100vw";

/** The page's breadcrumb trail (its loader's `head.breadcrumbs`). */
type TrailProps = { breadcrumbs?: readonly PageCrumb[] };

function ArticleHeader({
  eyebrow,
  title,
  lead,
  breadcrumbs,
  pageLang,
  source,
  leadProp = "description",
  children,
}: TrailProps & {
  eyebrow: ReactNode;
  title: string;
  lead?: string;
  pageLang?: string;
  /** Within a preview: the entry, whose title and lead are marked. */
  source?: EntrySource;
  /** The prop the lead shows. */
  leadProp?: string;
  children?: ReactNode;
}) {
  return (
    <header className="article__header">
      <Container width="prose">
        <Breadcrumbs crumbs={breadcrumbs} pageLang={pageLang} />
        <p className="article__eyebrow">{eyebrow}</p>
        <h1 className="article__title" {...sourceMark(source, "title")}>
          {title}
        </h1>
        {lead && (
          <p className="article__lead" {...sourceMark(source, leadProp)}>
            {lead}
          </p>
        )}
        {children}
      </Container>
    </header>
  );
}

export function NewsArticleView({
  article,
  breadcrumbs,
}: TrailProps & { article: NewsArticleModel }) {
  return (
    <article className="article">
      <ArticleHeader
        breadcrumbs={breadcrumbs}
        eyebrow={
          <>
            <Link to="/news">News</Link> · <time dateTime={article.date}>{article.dateLabel}</time>
          </>
        }
        title={article.title}
        lead={article.description}
        source={article.source}
      >
        {article.author && (
          <p className="article__byline" {...sourceMark(article.source, "author")}>
            By {article.author}
          </p>
        )}
      </ArticleHeader>
      {article.cover && (
        <Container
          width="prose"
          className="article__cover"
          {...sourceMark(article.source, "cover (its alt text is the media's)")}
        >
          <Picture image={article.cover} sizes={ARTICLE_COVER_SIZES} priority />
        </Container>
      )}
      <PageBody page={article} />
      <Container width="prose" className="article__footer">
        <Link to="/news">← All news</Link>
      </Container>
    </article>
  );
}

export function EventView({ event, breadcrumbs }: TrailProps & { event: EventModel }) {
  const when = event.endDateLabel ? `${event.dateLabel} – ${event.endDateLabel}` : event.dateLabel;
  return (
    <article className="article">
      <ArticleHeader
        breadcrumbs={breadcrumbs}
        eyebrow={
          <>
            Event · <time dateTime={event.date}>{when}</time> · {event.location}
          </>
        }
        title={event.title}
        lead={event.description}
        source={event.source}
      >
        {event.registrationUrl && event.upcoming && (
          <ButtonLink href={event.registrationUrl} variant="primary">
            Register
          </ButtonLink>
        )}
      </ArticleHeader>
      {event.cover && (
        <Container
          width="prose"
          className="article__cover"
          {...sourceMark(event.source, "cover (its alt text is the media's)")}
        >
          <Picture image={event.cover} sizes={ARTICLE_COVER_SIZES} priority />
        </Container>
      )}
      <PageBody page={event} />
    </article>
  );
}

export function ResourceView({
  resource,
  breadcrumbs,
  children,
}: TrailProps & {
  resource: ResourceModel;
  /** Sections after the body (the gated download's form). */
  children?: ReactNode;
}) {
  return (
    <article className="article">
      <ArticleHeader
        breadcrumbs={breadcrumbs}
        eyebrow={
          <>
            <Link to="/resources">Resources</Link> · {resource.kindLabel}
          </>
        }
        title={resource.title}
        lead={resource.description}
        source={resource.source}
      />
      {resource.cover && (
        <Container
          width="prose"
          className="article__cover"
          {...sourceMark(resource.source, "cover (its alt text is the media's)")}
        >
          <Picture image={resource.cover} sizes={ARTICLE_COVER_SIZES} priority />
        </Container>
      )}
      <PageBody page={resource} />
      {children}
    </article>
  );
}

export function LegalPageView({ page, breadcrumbs }: TrailProps & { page: LegalPageModel }) {
  return (
    <article className="article article--legal" lang={page.lang}>
      <ArticleHeader
        breadcrumbs={breadcrumbs}
        pageLang={page.lang}
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
        source={page.source}
        leadProp="summary"
      />
      <PageBody page={page} />
    </article>
  );
}
