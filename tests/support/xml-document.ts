// A strict reading of an XML document for tests (the news feed, the sitemap, the share
// card's SVG). htmlparser2 in xmlMode builds the tree; it forgives what XML does not, so
// this module refuses it: an element closed by another's end tag, an end tag with no start
// tag, an unclosed element, a second root, text outside the root, an `&` that starts no
// character reference, and a `<` inside an attribute value.
import { Parser } from "htmlparser2";

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** The element's own text (entities decoded), its children's left out. */
  text: string;
}

const REFERENCE = /&(?:amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);/y;

/** Problems htmlparser2 does not report: bad `&` and `<` in attribute values. */
function lexicalProblems(xml: string): string[] {
  const problems: string[] = [];
  for (let i = xml.indexOf("&"); i >= 0; i = xml.indexOf("&", i + 1)) {
    REFERENCE.lastIndex = i;
    if (!REFERENCE.test(xml)) problems.push(`a bare "&" at ${i}: ${xml.slice(i, i + 12)}`);
  }
  for (const [, value] of xml.matchAll(/=\s*"([^"]*)"/g)) {
    if (value?.includes("<")) problems.push(`"<" in an attribute value: ${value}`);
  }
  return problems;
}

/** The document's root element; throws with every problem found. */
export function parseXmlStrict(xml: string): XmlElement {
  const problems = lexicalProblems(xml);
  const roots: XmlElement[] = [];
  const stack: { element: XmlElement; selfClosing: boolean }[] = [];
  let endTagsMatched = 0;
  const parser: Parser = new Parser(
    {
      onopentag(name, attributes) {
        const element: XmlElement = { name, attributes: { ...attributes }, children: [], text: "" };
        const parent = stack.at(-1);
        if (parent) parent.element.children.push(element);
        else roots.push(element);
        // The parser stands on the tag's `>`: a `/` before it closes the element at once.
        stack.push({ element, selfClosing: xml[parser.endIndex - 1] === "/" });
      },
      onclosetag(name, isImplied) {
        const open = stack.pop();
        if (!isImplied) endTagsMatched += 1;
        else if (!open?.selfClosing) {
          problems.push(`<${name}> is closed by another element's end tag, or never`);
        }
      },
      ontext(text) {
        const open = stack.at(-1);
        if (open) open.element.text += text;
        else if (text.trim() !== "") problems.push(`text outside the root: ${text.trim()}`);
      },
    },
    { xmlMode: true, decodeEntities: true, recognizeSelfClosing: true },
  );
  parser.write(xml);
  parser.end();
  const endTags = [...xml.matchAll(/<\/[^\s>]+\s*>/g)].length;
  if (endTagsMatched !== endTags) {
    problems.push(`${endTags - endTagsMatched} end tag(s) match no start tag`);
  }
  if (roots.length !== 1) problems.push(`${roots.length} root elements`);
  const [root] = roots;
  if (problems.length > 0 || !root) throw new Error(`not well-formed XML:\n${problems.join("\n")}`);
  return root;
}

/** The direct children of `element` named `name`. */
export function childrenNamed(element: XmlElement, name: string): XmlElement[] {
  return element.children.filter((child) => child.name === name);
}

/** The one direct child named `name`; throws unless there is exactly one. */
export function childNamed(element: XmlElement, name: string): XmlElement {
  const found = childrenNamed(element, name);
  const [only] = found;
  if (found.length !== 1 || !only)
    throw new Error(`<${element.name}> has ${found.length} <${name}>`);
  return only;
}
