// Inline SVG from the CMS is untrusted markup: rebuilt from an allow-list of SVG elements
// and presentation attributes. Scripts, event handlers, foreignObject, external references
// and styles with url()/expression are dropped.
import { parseDocument } from "htmlparser2";

type AnyNode = ReturnType<typeof parseDocument>["children"][number];

const ELEMENTS = new Set(
  [
    "svg",
    "g",
    "path",
    "rect",
    "circle",
    "ellipse",
    "line",
    "polyline",
    "polygon",
    "text",
    "tspan",
    "defs",
    "lineargradient",
    "radialgradient",
    "stop",
    "clippath",
    "mask",
    "title",
    "desc",
    "symbol",
    "use",
  ].map((n) => n.toLowerCase()),
);

const ATTRIBUTES = new Set(
  [
    "viewbox",
    "width",
    "height",
    "x",
    "y",
    "x1",
    "x2",
    "y1",
    "y2",
    "cx",
    "cy",
    "r",
    "rx",
    "ry",
    "d",
    "points",
    "fill",
    "fill-rule",
    "fill-opacity",
    "clip-rule",
    "stroke",
    "stroke-width",
    "stroke-linecap",
    "stroke-linejoin",
    "stroke-opacity",
    "stroke-dasharray",
    "opacity",
    "transform",
    "offset",
    "stop-color",
    "stop-opacity",
    "gradientunits",
    "gradienttransform",
    "clip-path",
    "mask",
    "id",
    "font-size",
    "font-weight",
    "font-family",
    "text-anchor",
    "letter-spacing",
    "dominant-baseline",
    "preserveaspectratio",
    "xmlns",
    "href",
    "xlink:href",
  ].map((n) => n.toLowerCase()),
);

function escapeAttr(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/"/g, "&quot;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;");
}

function escapeText(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function safeAttribute(name: string, value: string): boolean {
  if (!ATTRIBUTES.has(name)) return false;
  // Only same-document references (#id) in href and url(#id) in paint values.
  if (name === "href" || name === "xlink:href") return /^#[\w-]+$/.test(value.trim());
  if (/url\(/i.test(value)) return /^url\(#[\w-]+\)$/.test(value.trim());
  return !/javascript:|expression\(/i.test(value);
}

function serialize(node: AnyNode): string {
  if (node.type === "text") return escapeText(node.data);
  if (node.type !== "tag") return "";
  const name = node.name.toLowerCase();
  if (!ELEMENTS.has(name)) return "";
  const tag = node.name; // keep camelCase (linearGradient) for SVG
  const attrs = Object.entries(node.attribs)
    .filter(([key, value]) => safeAttribute(key.toLowerCase(), value))
    .map(([key, value]) => ` ${key}="${escapeAttr(value)}"`)
    .join("");
  const children = node.children.map((c) => serialize(c as AnyNode)).join("");
  return `<${tag}${attrs}>${children}</${tag}>`;
}

/**
 * Results by input: the same logos are on every page, and parsing them again was part of every
 * render. Bounded: it starts over when full (the library has a few hundred SVGs at most).
 */
const sanitized = new Map<string, string | undefined>();
const MAX_REMEMBERED = 1000;

/** Safe SVG markup, or undefined when the input holds no <svg> root. */
export function sanitizeSvg(markup: string): string | undefined {
  if (sanitized.has(markup)) return sanitized.get(markup);
  const result = sanitizeSvgNow(markup);
  if (sanitized.size >= MAX_REMEMBERED) sanitized.clear();
  sanitized.set(markup, result);
  return result;
}

function sanitizeSvgNow(markup: string): string | undefined {
  const doc = parseDocument(markup, { xmlMode: true });
  const root = doc.children.find(
    (c): c is Extract<AnyNode, { type: "tag" }> =>
      (c as AnyNode).type === "tag" && (c as { name: string }).name.toLowerCase() === "svg",
  );
  if (!root) return undefined;
  return serialize(root as AnyNode);
}
