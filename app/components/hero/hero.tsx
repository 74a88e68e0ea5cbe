// The hero section: full-screen themed block with a title, optional description, call
// to action, body and footer slots, staggered text entrance and an animated gradient background.
import { type CSSProperties, type ReactNode, useEffect, useId, useRef } from "react";
import type { HeroTheme, ImageModel, LinkModel, RichNode } from "~/content/models";
import { Picture } from "../media/picture";
import { ButtonLink } from "../ui/button";
import { Container } from "../ui/container";
import { ArrowRightIcon } from "../ui/icons";
import {
  HERO_ANIMATION_ATTRIBUTE,
  HERO_ANIMATION_DURATION_MS,
  HERO_GRADIENT_CYCLE_MS,
  heroAnimationDelays,
  pauseWhenUnseen,
  resolveAnimationTargets,
} from "./hero-animation";
import { DEFAULT_HERO_THEME, HERO_CTA_VARIANT } from "./hero-theme";
import { RichInline } from "./rich-inline";
import "./hero.css";
import type { SourceMark } from "~/content/source-marks";

/** Slots left empty (`undefined`, `null`, `false`, `""`) render nothing, not an empty box. */
const hasContent = (node: ReactNode) => node != null && node !== false && node !== "";

/** The media column is ~40% of the viewport from 960 px up, full width below. */
export const HERO_IMAGE_SIZES = "(min-width: 960px) 40vw, 100vw";

export interface HeroProps {
  /** Inline rich nodes from the CMS, or plain text. */
  title: RichNode[] | string;
  /** Plain string (rendered as a paragraph) or already rendered rich content. */
  description?: ReactNode;
  theme?: HeroTheme;
  cta?: LinkModel;
  /** Extra content under the text (forms, logos, ...). */
  body?: ReactNode;
  /** Content pinned to the bottom of the hero, above a divider line. */
  footer?: ReactNode;
  /** Image shown beside the text on wide screens (the CMS hero image). */
  image?: ImageModel;
  /** Any other media for that place; wins over `image`. */
  media?: ReactNode;
  /** `1` renders the title as the page's <h1> (default); `2` for a hero further down a page. */
  headingLevel?: 1 | 2;
  /** Fill the viewport below the header (default true). */
  fullScreen?: boolean;
  /**
   * Names of extra `[data-hero-animate]` elements inside `body`/`footer` to stagger after the
   * hero's own text. A name that matches nothing logs "Unknown animation target: {name}".
   */
  animateTargets?: readonly string[];
  id?: string;
  className?: string;
  /** Within a preview: where the title, description and call to action come from. */
  marks?: { title?: SourceMark; description?: SourceMark; cta?: SourceMark; image?: SourceMark };
}

export function Hero({
  title,
  description,
  theme = DEFAULT_HERO_THEME,
  cta,
  body,
  footer,
  image,
  media: mediaSlot,
  headingLevel = 1,
  fullScreen = true,
  animateTargets,
  id,
  className,
  marks,
}: HeroProps) {
  const rootRef = useRef<HTMLElement>(null);
  const titleId = useId();
  const Heading = headingLevel === 1 ? "h1" : "h2";
  // A page's main hero is above the fold: its image is the likely LCP element.
  const media =
    mediaSlot ??
    (image ? (
      <Picture
        image={image}
        sizes={HERO_IMAGE_SIZES}
        priority={headingLevel === 1}
        className="hero__image"
      />
    ) : undefined);

  // The hero's own targets, in entrance order; each gets its delay inline (works without JS).
  const ownTargets = [
    "title",
    hasContent(description) && "description",
    cta && "cta",
    hasContent(body) && "body",
    hasContent(media) && "media",
    hasContent(footer) && "footer",
  ].filter((name): name is string => Boolean(name));
  const delays = heroAnimationDelays(ownTargets.length);
  const animate = (name: string) => ({
    [HERO_ANIMATION_ATTRIBUTE]: name,
    style: { animationDelay: `${delays[ownTargets.indexOf(name)] ?? 0}ms` },
  });

  const targetKey = [...ownTargets, ...(animateTargets ?? [])].join("|");
  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    const names = targetKey.split("|");
    const targets = resolveAnimationTargets<HTMLElement>(root, names);
    // Slot targets continue the stagger after the hero's own text.
    const extra = names.slice(ownTargets.length);
    heroAnimationDelays(extra.length, ownTargets.length).forEach((delay, i) => {
      for (const element of targets.get(extra[i] ?? "") ?? []) {
        element.style.animationDelay = `${delay}ms`;
      }
    });
  }, [targetKey, ownTargets.length]);

  // The background's motion stops while nobody can see it.
  useEffect(() => {
    const root = rootRef.current;
    return root ? pauseWhenUnseen(root) : undefined;
  }, []);

  const style = {
    "--hero-duration": `${HERO_ANIMATION_DURATION_MS}ms`,
    "--hero-gradient-cycle": `${HERO_GRADIENT_CYCLE_MS}ms`,
  } as CSSProperties;

  const classes = [
    "hero",
    fullScreen && "hero--full",
    ownTargets.includes("media") && "hero--media",
    className,
  ]
    .filter(Boolean)
    .join(" ");

  return (
    <section
      ref={rootRef}
      id={id}
      className={classes}
      data-theme={theme}
      aria-labelledby={titleId}
      style={style}
    >
      <div className="hero__background" aria-hidden="true" />
      <Container className="hero__inner">
        <div className="hero__content">
          <Heading id={titleId} className="hero__title" {...animate("title")} {...marks?.title}>
            <RichInline nodes={title} />
          </Heading>
          {ownTargets.includes("description") &&
            (typeof description === "string" ? (
              <p className="hero__description" {...animate("description")} {...marks?.description}>
                {description}
              </p>
            ) : (
              <div
                className="hero__description"
                {...animate("description")}
                {...marks?.description}
              >
                {description}
              </div>
            ))}
          {cta && (
            <div className="hero__actions" {...animate("cta")} {...marks?.cta}>
              <ButtonLink href={cta.href} variant={HERO_CTA_VARIANT[theme]} size="lg">
                {cta.label}
                <ArrowRightIcon size={20} />
              </ButtonLink>
            </div>
          )}
          {ownTargets.includes("body") && (
            <div className="hero__body" {...animate("body")}>
              {body}
            </div>
          )}
        </div>
        {ownTargets.includes("media") && (
          <div className="hero__media" {...animate("media")} {...(mediaSlot ? {} : marks?.image)}>
            {media}
          </div>
        )}
      </Container>
      {ownTargets.includes("footer") && (
        <div className="hero__footer" {...animate("footer")}>
          <Container>{footer}</Container>
        </div>
      )}
    </section>
  );
}
