// The self-hosted web fonts (latin subset), as global.css declares them. No page preloads them:
// they are fetched after the first paint by a browser that does not have them yet
// (app/document/first-paint.server.ts, docs/decisions/0013-first-paint.md).
import interUrl from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import manropeUrl from "@fontsource-variable/manrope/files/manrope-latin-wght-normal.woff2?url";

/** The files global.css's @font-face rules point at (hashed: a new file is a new URL). */
export const FONT_URLS = { inter: interUrl, manrope: manropeUrl } as const;

/** Changes when a font file does: a browser that fetched the old files fetches the new ones. */
export const FONTS_VERSION = Object.values(FONT_URLS)
  .map((url) => url.slice(url.lastIndexOf("/") + 1))
  .join(" ");
