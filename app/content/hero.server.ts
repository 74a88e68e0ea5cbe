// A page's hero group → HeroModel: a hero needs a title; an unknown theme is the default.
import type { BlockContext } from "./blocks.server";
import { toImageModel } from "./media.server";
import type { HeroModel, HeroTheme } from "./models";
import { isRec, readString } from "./read.server";
import { sanitizeHtml } from "./sanitize-html.server";

const HERO_THEMES: HeroTheme[] = ["blue-dark", "blue-light", "mint", "orange"];
const DEFAULT_HERO_THEME: HeroTheme = "blue-dark";
/** The CSS width the hero image renders at. */
const HERO_IMAGE_WIDTH = 640;

export function toHero(value: unknown, ctx: BlockContext): HeroModel | undefined {
  if (!isRec(value)) return undefined;
  const titleHtml = readString(value.title);
  if (!titleHtml) return undefined;
  const theme = HERO_THEMES.find((t) => t === value.theme) ?? DEFAULT_HERO_THEME;
  const description = readString(value.description);
  const ctaLabel = readString(value.cta_label);
  const ctaHref = readString(value.cta_href);
  const image = toImageModel(value.image, { width: HERO_IMAGE_WIDTH });
  return {
    title: sanitizeHtml(titleHtml, { ...ctx, inlineOnly: true }),
    theme,
    ...(description ? { description } : {}),
    ...(ctaLabel && ctaHref ? { cta: { label: ctaLabel, href: ctaHref } } : {}),
    ...(image ? { image } : {}),
  };
}
