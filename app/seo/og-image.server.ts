// The share image (Open Graph, Twitter) drawn as SVG: 1200×630, the brand's colours,
// the wordmark, a kicker line and a title wrapped over up to four lines. Pure:
// og-png.server.ts turns it into PNG. Text is set in system fonts (the renderer has no web
// fonts), so the family list falls back from the site's own faces to common sans-serifs;
// line breaks come from an estimate of glyph widths that errs on the wide side.
import { HERO_THEME_COLORS } from "~/components/hero/hero-theme";
import {
  WORDMARK_ACCENT_PATH,
  WORDMARK_LETTERS_PATH,
  WORDMARK_STROKE_WIDTH,
  WORDMARK_VIEWBOX,
} from "./wordmark";
import { escapeXml } from "./xml";

export const OG_IMAGE_WIDTH = 1200;
export const OG_IMAGE_HEIGHT = 630;
export const OG_FONT_FAMILY =
  "Manrope, Inter, 'Liberation Sans', Arial, Helvetica, 'DejaVu Sans', sans-serif";

const COLORS = {
  background: HERO_THEME_COLORS["blue-dark"],
  glow: HERO_THEME_COLORS["blue-light"],
  accent: HERO_THEME_COLORS.mint,
  highlight: HERO_THEME_COLORS.orange,
  text: "#FFFFFF",
  muted: "#C9D3F5",
} as const;

const MARGIN = 80;
const TEXT_WIDTH = OG_IMAGE_WIDTH - 2 * MARGIN;
/** The title's box: from the top of its first line to the bottom of its last. */
const TITLE_TOP = 262;
const TITLE_BOTTOM = 540;
const LINE_HEIGHT = 1.16;
/** Largest first: the first size at which the whole title fits is used. */
const TITLE_SIZES = [72, 62, 52] as const;
const SMALLEST_TITLE_SIZE = 52;
const MAX_TITLE_LINES = 4;
const ELLIPSIS = "…";

/**
 * Estimated advance of a character in a bold sans-serif, in ems: classes, not a font's
 * metrics, each a little wider than Liberation Sans Bold's widest member (the test renders
 * lines and checks), so a line measured to fit does fit.
 */
function advance(char: string): number {
  const code = char.codePointAt(0) ?? 0;
  if (code >= 0x2e80) return 1.02; // CJK, kana, full-width forms
  if (" .,:;!'|iIjl".includes(char)) return 0.3;
  if ('ftr()[]-/"'.includes(char)) return 0.42;
  if ("mwMW@%".includes(char)) return 0.98;
  if (/[A-Z]/.test(char)) return 0.76;
  if (/[0-9]/.test(char)) return 0.58;
  return 0.63;
}

/** Estimated width of `text` at `size` pixels. */
export function textWidth(text: string, size: number): number {
  let ems = 0;
  for (const char of text) ems += advance(char);
  return ems * size;
}

/** Cuts a word too long for a line into pieces that fit. */
function splitLongWord(word: string, size: number, width: number): string[] {
  const pieces: string[] = [];
  let piece = "";
  for (const char of word) {
    if (piece && textWidth(piece + char, size) > width) {
      pieces.push(piece);
      piece = "";
    }
    piece += char;
  }
  if (piece) pieces.push(piece);
  return pieces;
}

/**
 * Breaks `text` into lines no wider than `width` at `size`; with more than `maxLines`
 * lines, the last kept line ends with an ellipsis. `fits` says whether nothing was cut.
 */
export function wrapText(
  text: string,
  size: number,
  width: number,
  maxLines: number,
): { lines: string[]; fits: boolean } {
  const words = text
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .flatMap((word) => (textWidth(word, size) > width ? splitLongWord(word, size, width) : [word]));
  const lines: string[] = [];
  let line = "";
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && textWidth(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return { lines, fits: true };
  const kept = lines.slice(0, maxLines);
  let last = kept[maxLines - 1] ?? "";
  while (last && textWidth(`${last}${ELLIPSIS}`, size) > width) {
    last = last.includes(" ")
      ? last.slice(0, last.lastIndexOf(" "))
      : [...last].slice(0, -1).join("");
  }
  kept[maxLines - 1] = `${last.replace(/[\s,;:.–-]+$/, "")}${ELLIPSIS}`;
  return { lines: kept, fits: false };
}

export interface TitleLayout {
  size: number;
  lineHeight: number;
  lines: string[];
  /** False when even the smallest size cut the title short (with an ellipsis). */
  fits: boolean;
}

/** The largest title size at which the whole title fits, its lines, and its line height. */
export function layoutTitle(title: string): TitleLayout {
  const attempt = (size: number): TitleLayout => {
    const lineHeight = Math.round(size * LINE_HEIGHT);
    const maxLines = Math.min(MAX_TITLE_LINES, Math.floor((TITLE_BOTTOM - TITLE_TOP) / lineHeight));
    return { size, lineHeight, ...wrapText(title, size, TEXT_WIDTH, maxLines) };
  };
  for (const size of TITLE_SIZES.slice(0, -1)) {
    const layout = attempt(size);
    if (layout.fits) return layout;
  }
  return attempt(SMALLEST_TITLE_SIZE);
}

export interface ShareCard {
  title: string;
  /** The small line above the title (section, date). */
  kicker?: string;
  /** The site's host, shown at the bottom (`id5.io`). */
  footer?: string;
}

/** The wordmark's drawing height (its viewBox is `0 0 width height`). */
const LOGO_DRAWING_HEIGHT = Number(WORDMARK_VIEWBOX.split(" ")[3]);

function wordmark(x: number, y: number, height: number): string {
  const scale = height / LOGO_DRAWING_HEIGHT;
  return [
    `<g transform="translate(${x} ${y}) scale(${scale})" fill="none" stroke-width="${WORDMARK_STROKE_WIDTH}" stroke-linejoin="miter">`,
    `<path d="${WORDMARK_LETTERS_PATH}" stroke="${COLORS.text}"/>`,
    `<path d="${WORDMARK_ACCENT_PATH}" stroke="${COLORS.accent}"/>`,
    "</g>",
  ].join("");
}

/** The share card as SVG text: every piece of content escaped. */
export function shareCardSvg(card: ShareCard): string {
  const { size, lineHeight, lines } = layoutTitle(card.title);
  const font = `font-family="${escapeXml(OG_FONT_FAMILY)}"`;
  // A line's baseline sits about 0.8 em below the top of its box.
  const baseline = (i: number) => Math.round(TITLE_TOP + i * lineHeight + size * 0.8);
  const title = lines
    .map(
      (line, i) =>
        `<text x="${MARGIN}" y="${baseline(i)}" ${font} font-size="${size}" font-weight="700" fill="${COLORS.text}">${escapeXml(line)}</text>`,
    )
    .join("");
  const kicker = card.kicker
    ? `<text x="${MARGIN}" y="222" ${font} font-size="28" font-weight="700" letter-spacing="2" fill="${COLORS.accent}">${escapeXml(card.kicker.toUpperCase())}</text>`
    : "";
  const footer = card.footer
    ? `<text x="${MARGIN}" y="590" ${font} font-size="26" fill="${COLORS.muted}">${escapeXml(card.footer)}</text>`
    : "";
  const logoHeight = 56;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${OG_IMAGE_WIDTH}" height="${OG_IMAGE_HEIGHT}" viewBox="0 0 ${OG_IMAGE_WIDTH} ${OG_IMAGE_HEIGHT}">`,
    "<defs>",
    `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${COLORS.background}"/><stop offset="1" stop-color="#02166B"/></linearGradient>`,
    `<radialGradient id="glow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="${COLORS.glow}" stop-opacity="0.55"/><stop offset="1" stop-color="${COLORS.glow}" stop-opacity="0"/></radialGradient>`,
    "</defs>",
    `<rect width="${OG_IMAGE_WIDTH}" height="${OG_IMAGE_HEIGHT}" fill="url(#bg)"/>`,
    `<circle cx="1090" cy="90" r="420" fill="url(#glow)"/>`,
    `<circle cx="1080" cy="110" r="150" fill="none" stroke="${COLORS.accent}" stroke-opacity="0.35" stroke-width="3"/>`,
    `<circle cx="1080" cy="110" r="18" fill="${COLORS.highlight}"/>`,
    wordmark(MARGIN, 72, logoHeight),
    kicker,
    title,
    footer,
    `<rect x="0" y="${OG_IMAGE_HEIGHT - 10}" width="${OG_IMAGE_WIDTH}" height="10" fill="${COLORS.accent}"/>`,
    "</svg>",
  ].join("");
}

/** What the default share card says: the site's promise, not a page's. */
export const DEFAULT_CARD_TITLE = "Identity infrastructure for digital advertising";
