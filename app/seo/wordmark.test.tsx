import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Logo } from "~/components/layout/logo";
import {
  WORDMARK_ACCENT_PATH,
  WORDMARK_LETTERS_PATH,
  WORDMARK_STROKE_WIDTH,
  WORDMARK_VIEWBOX,
} from "./wordmark";

describe("the share image's wordmark", () => {
  it("is the drawing the site's Logo component renders", () => {
    const svg = renderToStaticMarkup(<Logo />);
    expect(svg).toContain(`viewBox="${WORDMARK_VIEWBOX}"`);
    expect(svg).toContain(`stroke-width="${WORDMARK_STROKE_WIDTH}"`);
    const paths = [...svg.matchAll(/<path d="([^"]+)"/g)].map((m) => m[1]);
    expect(paths).toEqual([WORDMARK_LETTERS_PATH, WORDMARK_ACCENT_PATH]);
  });
});
