// Pages that exist in more than one language, and the hreflang links each version carries
// (the page head, and the sitemap's xhtml:link). Each version names every version, itself
// included, and `x-default` names the English one, for readers of any other language.
// A table, not content: the CMS has no field that pairs two entries; when translations
// become common that pairing belongs in the legal-page template.

export type SiteLanguage = "en" | "ja";

export const X_DEFAULT = "x-default";
/** The version for readers whose language has none. */
export const DEFAULT_LANGUAGE: SiteLanguage = "en";

/** Each row: one page in each of its languages. */
export const LANGUAGE_VERSIONS: readonly Readonly<Partial<Record<SiteLanguage, string>>>[] = [
  { en: "/trust/platform-privacy-policy", ja: "/jp/platform-privacy-policy" },
];

export interface LanguageAlternate {
  /** A language code, or `x-default`. */
  hreflang: string;
  path: string;
}

/** The hreflang alternates of a page, or none when it exists in one language only. */
export function languageAlternates(path: string): LanguageAlternate[] {
  const row = LANGUAGE_VERSIONS.find((versions) => Object.values(versions).includes(path));
  if (!row) return [];
  const alternates = Object.entries(row).flatMap(([hreflang, versionPath]) =>
    versionPath ? [{ hreflang, path: versionPath }] : [],
  );
  const fallback = row[DEFAULT_LANGUAGE];
  return fallback ? [...alternates, { hreflang: X_DEFAULT, path: fallback }] : alternates;
}
