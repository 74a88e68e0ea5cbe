// Listing cards: the whole card is one link. News cards (the home page has them) live here;
// other kinds live with the only view that lists them.
import { Link } from "react-router";
import type { NewsCardModel } from "~/content/models";
import { type EntrySource, sourceMark } from "~/content/source-marks";
import { Picture } from "../media/picture";

const CARD_IMAGE_SIZES = "(min-width: 1100px) 360px, (min-width: 700px) 50vw, 100vw";

interface CardProps {
  href: string;
  title: string;
  description: string;
  eyebrow: string;
  meta?: string;
  cover?: NewsCardModel["cover"];
  headingLevel?: 2 | 3;
  /** Within a preview: the entry the card shows. */
  source?: EntrySource;
}

export function Card({
  href,
  title,
  description,
  eyebrow,
  meta,
  cover,
  headingLevel = 3,
  source,
}: CardProps) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="card">
      {cover && (
        <div className="card__media" {...sourceMark(source, "cover (its alt text is the media's)")}>
          <Picture image={cover} sizes={CARD_IMAGE_SIZES} className="card__image" />
        </div>
      )}
      <div className="card__body">
        <p className="card__eyebrow">
          <span>{eyebrow}</span>
          {meta && <span className="card__meta">{meta}</span>}
        </p>
        <Heading className="card__title" {...sourceMark(source, "title")}>
          <Link to={href} className="card__link">
            {title}
          </Link>
        </Heading>
        <p className="card__description" {...sourceMark(source, "description")}>
          {description}
        </p>
      </div>
    </article>
  );
}

/** How a news category reads on a card (and on the share image, in the feed). */
export const CATEGORY_LABELS: Record<string, string> = {
  company: "Company",
  product: "Product",
  partnerships: "Partnerships",
  industry: "Industry",
};

export function NewsCard({ item, headingLevel }: { item: NewsCardModel; headingLevel?: 2 | 3 }) {
  return (
    <Card
      href={item.href}
      title={item.title}
      description={item.description}
      eyebrow={CATEGORY_LABELS[item.category] ?? item.category}
      meta={item.dateLabel}
      cover={item.cover}
      headingLevel={headingLevel}
      source={item.source}
    />
  );
}

export function CardGrid({ children }: { children: React.ReactNode }) {
  return <div className="card-grid">{children}</div>;
}
