/**
 * A small authoring DSL that emits BCMS rich text (tiptap JSON).
 *
 * Inline syntax inside strings: **bold**, *italic*, `code`, [label](href) and
 * "\n" for a hard break. Links starting with "http" open in a new tab (target _blank);
 * site paths ("/news/...") get target _self so the site navigates in-app.
 */
import type { EntryContentNodeMarker as Mark, EntryContentNode as Node } from "@thebcms/types";
import type { MediaRef } from "./media";
import { getWidget } from "./schema";
import { encodeProps, type MediaUse, type Values } from "./values";

/** Authored content: nodes, or nested lists of nodes (flattened). */
export type Block = Node | Block[] | false | null | undefined;

export function blocks(...items: Block[]): Node[] {
  const out: Node[] = [];
  const walk = (b: Block) => {
    if (!b) return;
    if (Array.isArray(b)) b.forEach(walk);
    else out.push(b);
  };
  items.forEach(walk);
  return out;
}

function linkMark(href: string): Mark {
  return { type: "link", attrs: { href, target: /^https?:/.test(href) ? "_blank" : "_self" } };
}

function textNode(text: string, marks: Mark[]): Node {
  return marks.length > 0 ? { type: "text", text, marks: [...marks] } : { type: "text", text };
}

/** Parses the inline syntax into text/hardBreak nodes. */
export function inline(source: string, marks: Mark[] = []): Node[] {
  const out: Node[] = [];
  let buf = "";
  const flush = () => {
    if (buf) out.push(textNode(buf, marks));
    buf = "";
  };
  let i = 0;
  while (i < source.length) {
    const ch = source.charAt(i);
    if (source.startsWith("**", i)) {
      const end = source.indexOf("**", i + 2);
      if (end < 0) throw new Error(`Unclosed ** in: ${source}`);
      flush();
      out.push(...inline(source.slice(i + 2, end), [{ type: "bold" }, ...marks]));
      i = end + 2;
    } else if (ch === "*") {
      const end = source.indexOf("*", i + 1);
      if (end < 0) throw new Error(`Unclosed * in: ${source}`);
      flush();
      out.push(...inline(source.slice(i + 1, end), [{ type: "italic" }, ...marks]));
      i = end + 1;
    } else if (ch === "`") {
      const end = source.indexOf("`", i + 1);
      if (end < 0) throw new Error(`Unclosed \` in: ${source}`);
      flush();
      out.push(textNode(source.slice(i + 1, end), [{ type: "inlineCode" }, ...marks]));
      i = end + 1;
    } else if (ch === "[") {
      const mid = source.indexOf("](", i);
      const end = mid < 0 ? -1 : source.indexOf(")", mid);
      if (mid < 0 || end < 0) throw new Error(`Bad link in: ${source}`);
      flush();
      out.push(
        ...inline(source.slice(i + 1, mid), [linkMark(source.slice(mid + 2, end)), ...marks]),
      );
      i = end + 1;
    } else if (ch === "\n") {
      flush();
      out.push({ type: "hardBreak" });
      i += 1;
    } else {
      buf += ch;
      i += 1;
    }
  }
  flush();
  return out;
}

export const p = (text: string): Node => ({ type: "paragraph", content: inline(text) });

const heading =
  (level: number) =>
  (text: string): Node => ({ type: "heading", attrs: { level }, content: inline(text) });
export const h2 = heading(2);
export const h3 = heading(3);
export const h4 = heading(4);

type ListItem = string | Node[];
const listItem = (item: ListItem): Node => ({
  type: "listItem",
  content: typeof item === "string" ? [p(item)] : item,
});
export const ul = (items: ListItem[]): Node => ({
  type: "bulletList",
  content: items.map(listItem),
});
export const ol = (items: ListItem[]): Node => ({
  type: "orderedList",
  content: items.map(listItem),
});
export const hr = (): Node => ({ type: "horizontalRule" });

/** Several paragraphs at once. */
export const ps = (...texts: string[]): Node[] => texts.map(p);

/** A headed section: an h2 followed by paragraphs (strings) or nodes. */
export function section(title: string, ...body: (string | Block)[]): Node[] {
  return blocks(
    h2(title),
    body.map((b) => (typeof b === "string" ? p(b) : b)),
  );
}

/** A media node placed directly in content. */
export function media(ref: MediaRef, altText = ref.alt, caption = ref.caption): Node {
  return { type: "media", attrs: { mediaId: ref.id, altText, caption } };
}

/** A widget node; values are keyed by the widget's prop names. */
export function widget(name: string, values: Values): Node {
  const w = getWidget(name);
  return {
    type: "widget",
    attrs: {
      data: { _id: w._id, props: encodeProps(`widget ${name}`, w.props, values) },
      propPath: "",
    },
  };
}

// Typed shorthands for the seven widgets.

export const cta = (label: string, href: string) => widget("cta", { href, label });

export const uploadedVideo = (video: MediaRef) => widget("video", { video });

export const embeddedVideo = (watchUrl: string, thumbnail: MediaRef) =>
  widget("video", { iframe: watchUrl, thumbnail });

export const columns = (...cols: Block[][]) =>
  widget("content-cols", { cols: cols.map((c) => blocks(...c)) });

export interface Stat {
  title: string;
  value: string;
  progress?: number;
}
export const stats = (items: Stat[]) => widget("stats", { items });

export interface Testimonial {
  quote: string;
  author: {
    name: string;
    title?: string;
    logo?: MediaRef | MediaUse;
    avatar?: MediaRef | MediaUse;
  };
}
export const testimonials = (items: Testimonial[]) => widget("testimonials", { items });

export interface Company {
  logo: MediaRef | MediaUse;
  description: string | Node[];
}
export const companies = (title: string | undefined, items: Company[]) =>
  widget("companies", {
    title,
    items: items.map((c) => ({
      logo: c.logo,
      description: typeof c.description === "string" ? [p(c.description)] : c.description,
    })),
  });

export const graph = (items: (MediaRef | MediaUse)[]) => widget("graph", { items });

/** Plain text of a node tree: blocks on their own lines, widgets and media skipped. */
export function plainText(nodes: Node[]): string {
  const textOf = (n: Node): string => {
    switch (n.type) {
      case "text":
        return n.text ?? "";
      case "hardBreak":
        return "\n";
      case "widget":
      case "media":
      case "horizontalRule":
        return "";
      case "bulletList":
      case "orderedList":
      case "listItem":
        return (n.content ?? []).map(textOf).filter(Boolean).join("\n");
      default:
        return (n.content ?? []).map(textOf).join("");
    }
  };
  return nodes.map(textOf).filter(Boolean).join("\n");
}
