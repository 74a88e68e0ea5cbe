// CMS HTML is untrusted: it is parsed with htmlparser2 and rebuilt from an allow-list into
// RichNode trees that React renders as elements. Nothing else reaches the page: no
// scripts, no event handlers, no style, no javascript: or data: URLs.
import { parseDocument } from "htmlparser2";
import type { RichElement, RichNode, RichTag } from "./models";

type AnyNode = ReturnType<typeof parseDocument>["children"][number];

const TAG_MAP: Record<string, RichTag> = {
  p: "p",
  h1: "h2", // the page hero owns the only h1
  h2: "h2",
  h3: "h3",
  h4: "h4",
  h5: "h5",
  h6: "h6",
  ul: "ul",
  ol: "ol",
  li: "li",
  strong: "strong",
  b: "strong",
  em: "em",
  i: "em",
  u: "u",
  s: "s",
  del: "s",
  code: "code",
  pre: "pre",
  br: "br",
  hr: "hr",
  a: "a",
  blockquote: "blockquote",
  span: "span",
};

/** Elements dropped together with everything inside them. */
const DROP_WITH_CONTENT = new Set([
  "script",
  "style",
  "iframe",
  "object",
  "embed",
  "template",
  "noscript",
  "svg",
  "math",
  "head",
  "title",
  "textarea",
  "select",
]);

const INLINE_TAGS = new Set<RichTag>(["strong", "em", "u", "s", "code", "br", "a", "span"]);

export interface SanitizeOptions {
  /** Keep only inline elements (hero titles); block elements are unwrapped. */
  inlineOnly?: boolean;
  /** Resolves BCMS internal link forms (entry:/media:) to site paths; undefined drops the link. */
  resolveInternalHref?: (href: string) => string | undefined;
}

/** Returns a safe href, or undefined when the URL scheme is not allowed. */
export function safeHref(raw: string, options: SanitizeOptions = {}): string | undefined {
  const href = raw.trim();
  if (href === "") return undefined;
  if (/^(entry|media):/i.test(href)) return options.resolveInternalHref?.(href);
  if (href.startsWith("#")) return href;
  if (href.startsWith("/") && !href.startsWith("//")) return href;
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return undefined;
  }
  return ["http:", "https:", "mailto:", "tel:"].includes(url.protocol) ? url.href : undefined;
}

/** Lower-case, dash-separated anchor id from heading text ("Why ID5" → "why-id5"). */
export function slugifyAnchor(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

export function richText(nodes: RichNode[]): string {
  return nodes.map((n) => (typeof n === "string" ? n : richText(n.children))).join("");
}

function convert(node: AnyNode, options: SanitizeOptions): RichNode[] {
  if (node.type === "text") {
    return node.data === "" ? [] : [node.data];
  }
  if (node.type !== "tag" && node.type !== "script" && node.type !== "style") {
    // comments, directives, CDATA
    return [];
  }
  const name = node.name.toLowerCase();
  if (DROP_WITH_CONTENT.has(name)) return [];
  const children = node.children.flatMap((c) => convert(c as AnyNode, options));
  const tag = TAG_MAP[name];
  if (!tag || (options.inlineOnly && !INLINE_TAGS.has(tag))) {
    // Unknown or disallowed wrapper (div, section, font…): keep its safe content.
    return children;
  }
  const element: RichElement = { tag, children: tag === "br" || tag === "hr" ? [] : children };
  if (tag === "a") {
    const href = safeHref(node.attribs.href ?? "", options);
    if (href === undefined) return children;
    element.attrs = { href };
    if (node.attribs.target === "_blank") {
      element.attrs.target = "_blank";
      element.attrs.rel = "noopener noreferrer";
    }
  }
  if (/^h[2-6]$/.test(tag)) {
    const id = slugifyAnchor(richText(children));
    if (id) element.attrs = { id };
  }
  if (node.attribs.lang && /^[a-zA-Z-]{2,12}$/.test(node.attribs.lang)) {
    element.attrs = { ...element.attrs, lang: node.attribs.lang };
  }
  return [element];
}

/** Parses untrusted HTML into sanitised rich nodes. */
export function sanitizeHtml(html: string, options: SanitizeOptions = {}): RichNode[] {
  const doc = parseDocument(html, { decodeEntities: true, lowerCaseTags: true });
  return doc.children.flatMap((c) => convert(c as AnyNode, options));
}
