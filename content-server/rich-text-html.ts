/**
 * Rich-text node (tiptap JSON) → HTML, node for node as BCMS converts it, with
 * these deliberate differences from upstream BCMS:
 *
 * - Text and attribute values are HTML-escaped. Upstream prints them raw, so a
 *   `<` typed by an editor becomes markup and a `"` in a link breaks out of the
 *   attribute: a stored-XSS hole we refuse to reproduce.
 * - A link's href is dropped unless it is relative or uses http(s), mailto, tel
 *   or BCMS's internal `entry:`/`media:` schemes (the site resolves those), so
 *   `javascript:` links cannot reach a page. A missing target is omitted
 *   (upstream prints `target="undefined"`), and `_blank` gets rel="noopener noreferrer".
 * - horizontalRule renders as `<hr />` (upstream renders nothing).
 */
import { isRecord } from "../bcms/is-record";

export interface RichTextNode {
  type?: unknown;
  text?: unknown;
  content?: unknown;
  attrs?: unknown;
  marks?: unknown;
}

const ALLOWED_SCHEMES = new Set(["http", "https", "mailto", "tel", "entry", "media"]);

/** Guards against pathological nesting in untrusted content. */
const MAX_DEPTH = 64;

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

export function isSafeHref(href: string): boolean {
  // Browsers ignore control characters and leading spaces when reading a scheme.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point
  const cleaned = href.replace(/[\u0000-\u0020\u007f]/g, "");
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(cleaned);
  return !scheme?.[1] || ALLOWED_SCHEMES.has(scheme[1].toLowerCase());
}

function childrenToHtml(node: RichTextNode, depth: number): string {
  if (!Array.isArray(node.content) || depth > MAX_DEPTH) return "";
  return node.content.map((child) => renderNode(child, depth + 1)).join("");
}

function applyMark(html: string, mark: unknown): string {
  if (!isRecord(mark)) return html;
  switch (mark.type) {
    case "bold":
      return `<strong>${html}</strong>`;
    case "italic":
      return `<i>${html}</i>`;
    case "strike":
      return `<s>${html}</s>`;
    case "underline":
      return `<u>${html}</u>`;
    case "inlineCode":
      return `<code>${html}</code>`;
    case "link": {
      const attrs = isRecord(mark.attrs) ? mark.attrs : {};
      let open = "<a";
      if (typeof attrs.href === "string" && isSafeHref(attrs.href)) {
        open += ` href="${escapeHtml(attrs.href)}"`;
      }
      if (typeof attrs.target === "string" && attrs.target !== "") {
        open += ` target="${escapeHtml(attrs.target)}"`;
        if (attrs.target === "_blank") open += ' rel="noopener noreferrer"';
      }
      return `${open}>${html}</a>`;
    }
    default:
      return html;
  }
}

function renderNode(value: unknown, depth: number): string {
  if (!isRecord(value)) return "";
  const node = value as RichTextNode;
  switch (node.type) {
    case "text": {
      const text = typeof node.text === "string" ? escapeHtml(node.text) : "";
      // The first mark is innermost, as upstream.
      return Array.isArray(node.marks) ? node.marks.reduce<string>(applyMark, text) : text;
    }
    case "paragraph": {
      const inner = childrenToHtml(node, depth);
      return inner === "" && !hasContent(node) ? "" : `<p>${inner}</p>`;
    }
    case "heading": {
      if (!hasContent(node)) return "";
      const attrs = isRecord(node.attrs) ? node.attrs : {};
      const level = Number(attrs.level);
      const tag = `h${Number.isInteger(level) && level >= 1 && level <= 6 ? level : 1}`;
      return `<${tag}>${childrenToHtml(node, depth)}</${tag}>`;
    }
    case "bulletList":
      return `<ul>${childrenToHtml(node, depth)}</ul>`;
    case "orderedList":
      return `<ol>${childrenToHtml(node, depth)}</ol>`;
    case "listItem":
      return `<li>${childrenToHtml(node, depth)}</li>`;
    case "codeBlock":
      return `<pre><code>${childrenToHtml(node, depth)}</code></pre>`;
    case "hardBreak":
      return "<br />";
    case "horizontalRule":
      return "<hr />";
    case "widget":
      return '<div style="display: none" data-bcms-node-widget="true"></div>';
    default:
      // media (top-level media nodes become media items, not HTML) and unknown types.
      return "";
  }
}

function hasContent(node: RichTextNode): boolean {
  return Array.isArray(node.content) && node.content.length > 0;
}

/** HTML of one top-level node, as in the `value` of a parsed content item. */
export function nodeToHtml(node: unknown): string {
  return renderNode(node, 0);
}

function nodeText(value: unknown, depth: number): string {
  if (!isRecord(value) || depth > MAX_DEPTH) return "";
  if (value.type === "text") return typeof value.text === "string" ? value.text : "";
  if (value.type === "hardBreak") return "\n";
  if (!Array.isArray(value.content)) return "";
  const block = value.type !== "paragraph" && value.type !== "heading";
  return value.content.map((child) => nodeText(child, depth + 1)).join(block ? "\n" : "");
}

/**
 * Plain text of content nodes, one line per block, computed on write so that
 * the stored `plainText` always matches the nodes (upstream stores HTML here).
 */
export function nodesToPlainText(nodes: readonly unknown[]): string {
  return nodes
    .map((node) => nodeText(node, 0))
    .filter((line) => line !== "")
    .join("\n");
}
