// Fixed pages (home, section, thank-you pages): a hero, the rich body and optional extra
// sections. Every part here is used by the home page; views of other routes live with them.
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { HeroModel, NewsCardModel, SectionPageModel } from "~/content/models";
import { type EntrySource, richContentMark, sourceMark } from "~/content/source-marks";
import { Hero } from "../hero/hero";
import { RichContent } from "../rich-text/rich-content";
import { Container } from "../ui/container";
import { CardGrid, NewsCard } from "./cards";
import "./pages.css";

/** A hero description is plain text or rich blocks from the CMS. */
export function heroDescription(description: HeroModel["description"]): ReactNode {
  if (description === undefined || typeof description === "string") return description;
  return <RichContent blocks={description} />;
}

export function PageBody({
  page,
}: {
  page: { body: SectionPageModel["body"]; source?: EntrySource };
}) {
  if (page.body.length === 0) return null;
  return (
    <Container width="prose" className="page__body">
      <RichContent blocks={page.body} mark={richContentMark(page.source, "content", page.body)} />
    </Container>
  );
}

/** A page's hero shows its `hero` group (or, without one, its title). */
export function heroMarks(page: { source?: EntrySource; hero?: HeroModel }) {
  if (!page.source) return undefined;
  return {
    title: sourceMark(page.source, page.hero ? "hero · title" : "title"),
    description: sourceMark(
      page.source,
      page.hero?.description ? "hero · description" : "description",
    ),
    cta: sourceMark(page.source, "hero · cta_label"),
    image: sourceMark(page.source, "hero · image (its alt text is the media's)"),
  };
}

export function SectionPageView({
  page,
  lead,
  children,
}: {
  page: SectionPageModel;
  /** A section before the body (the download a thank-you page offers). */
  lead?: ReactNode;
  /** Sections after the body (lists, tabs). */
  children?: ReactNode;
}) {
  return (
    <>
      <Hero
        title={page.hero?.title ?? page.title}
        description={heroDescription(page.hero?.description)}
        theme={page.hero?.theme}
        cta={page.hero?.cta}
        image={page.hero?.image}
        marks={heroMarks(page)}
      />
      {lead}
      <PageBody page={page} />
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
