import { describe, expect, it } from "vitest";
import {
  contrastRatio,
  DEFAULT_HERO_THEME,
  HERO_THEME_COLORS,
  HERO_THEME_TEXT_COLORS,
  HERO_THEMES,
  isHeroTheme,
  WCAG_AA_TEXT_CONTRAST,
} from "./hero-theme";

describe("hero themes", () => {
  it("has the four spec colours, blue-dark by default", () => {
    expect(HERO_THEME_COLORS).toEqual({
      "blue-dark": "#000131",
      "blue-light": "#0955D5",
      mint: "#2EBB9B",
      orange: "#F19C09",
    });
    expect(DEFAULT_HERO_THEME).toBe("blue-dark");
    expect(isHeroTheme("mint")).toBe(true);
    expect(isHeroTheme("purple")).toBe(false);
  });

  it.each(HERO_THEMES)("keeps %s text at WCAG AA contrast (4.5:1)", (theme) => {
    expect(
      contrastRatio(HERO_THEME_TEXT_COLORS[theme], HERO_THEME_COLORS[theme]),
    ).toBeGreaterThanOrEqual(WCAG_AA_TEXT_CONTRAST);
  });

  it("computes WCAG contrast ratios", () => {
    expect(contrastRatio("#FFFFFF", "#000000")).toBeCloseTo(21, 5);
    expect(contrastRatio("#777777", "#777777")).toBe(1);
    // White on mint would fail: the reason mint uses navy text.
    expect(contrastRatio("#FFFFFF", HERO_THEME_COLORS.mint)).toBeLessThan(WCAG_AA_TEXT_CONTRAST);
  });
});
