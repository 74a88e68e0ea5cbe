// The sanitised rich-text tree: what the content layer makes of BCMS rich text and every
// component renders. A leaf of the page models, so forms and widgets can use it too.

/** Tags a rich-text tree may contain after sanitising. Anything else is dropped on the server. */
export type RichTag =
  | "p"
  | "h2"
  | "h3"
  | "h4"
  | "h5"
  | "h6"
  | "ul"
  | "ol"
  | "li"
  | "strong"
  | "em"
  | "u"
  | "s"
  | "code"
  | "pre"
  | "br"
  | "hr"
  | "a"
  | "blockquote"
  | "span";

/**
 * A sanitised rich-text node. Text is a plain string (React escapes it).
 * Attributes are limited to: `href` (http(s), mailto, tel, `#…` or site-relative `/…`),
 * `target` (`_blank` only), `rel`, `id` (headings, for anchors), `lang`.
 */
export type RichNode = string | RichElement;

export interface RichElement {
  tag: RichTag;
  attrs?: Partial<Record<"href" | "target" | "rel" | "id" | "lang", string>>;
  children: RichNode[];
}
