// URLs of the self-hosted fonts, for <link rel="preload"> in root (the same files global.css uses,
// so Vite emits one hashed asset for both and the preload is never wasted).
import interUrl from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import manropeUrl from "@fontsource-variable/manrope/files/manrope-latin-wght-normal.woff2?url";
import type { LinkDescriptor } from "react-router";

export const FONT_URLS = { inter: interUrl, manrope: manropeUrl } as const;

/** Spread into root's `links()`: fonts must be fetched with CORS, hence `crossOrigin`. */
export const FONT_PRELOAD_LINKS: LinkDescriptor[] = Object.values(FONT_URLS).map((href) => ({
  rel: "preload",
  href,
  as: "font",
  type: "font/woff2",
  crossOrigin: "anonymous",
}));
