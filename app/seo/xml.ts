// Text and attribute values for the XML the site writes (the news feed, the sitemap, the
// share-image SVG): the five markup characters escaped, and the characters XML 1.0 cannot
// hold at all dropped, so content can neither break the markup nor make a parser refuse it.

/** Characters outside XML 1.0's `Char` production: C0 controls but tab, LF and CR; U+FFFE/F. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is its job
const NOT_XML_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
/** Surrogates without their other half (a cut string): not characters either. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

/** `text` as XML character data or a quoted attribute value (either quote). */
export function escapeXml(text: string): string {
  return text
    .replace(NOT_XML_CHAR, "")
    .replace(LONE_SURROGATE, "")
    .replace(/[&<>"']/g, (c) => ENTITIES[c] as string);
}
