// Hero colour themes and the contrast rule their text colours satisfy (WCAG AA).
import type { HeroTheme } from "~/content/models";
import type { ButtonVariant } from "../ui/button";

export const HERO_THEMES = [
  "blue-dark",
  "blue-light",
  "mint",
  "orange",
] as const satisfies readonly HeroTheme[];
export const DEFAULT_HERO_THEME: HeroTheme = "blue-dark";

export const HERO_THEME_COLORS: Record<HeroTheme, string> = {
  "blue-dark": "#000131",
  "blue-light": "#0955D5",
  mint: "#2EBB9B",
  orange: "#F19C09",
};

/** White on the blues, navy on mint and orange: every pair is at least 4.5:1. */
export const HERO_THEME_TEXT_COLORS: Record<HeroTheme, string> = {
  "blue-dark": "#FFFFFF",
  "blue-light": "#FFFFFF",
  mint: "#000131",
  orange: "#000131",
};

/** Call-to-action button style that stands out on each theme. */
export const HERO_CTA_VARIANT: Record<HeroTheme, ButtonVariant> = {
  "blue-dark": "accent",
  "blue-light": "light",
  mint: "primary",
  orange: "primary",
};

export const WCAG_AA_TEXT_CONTRAST = 4.5;

export function isHeroTheme(value: unknown): value is HeroTheme {
  return (HERO_THEMES as readonly unknown[]).includes(value);
}

/** WCAG 2 relative luminance of a #RRGGBB colour. */
export function relativeLuminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) =>
    c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}
