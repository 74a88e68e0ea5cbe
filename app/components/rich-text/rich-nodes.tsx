// Renders sanitised RichNode trees (models.ts) as React elements: text is escaped by React,
// elements come from the allow-listed RichTag set, internal links become router links.
import { createElement, type ReactNode } from "react";
import { Link } from "react-router";
import type { RichElement, RichNode } from "~/content/models";
import { isInternalHref, linkRel } from "../ui/href";

const VOID_TAGS = new Set(["br", "hr"]);

function renderLink(element: RichElement, key: number): ReactNode {
  const { href, target, rel, id, lang } = element.attrs ?? {};
  const children = renderNodes(element.children);
  const common = { id, lang, target, rel: linkRel(target, rel) };
  if (href && isInternalHref(href)) {
    // Router link: in-app navigation with JS, a real <a href> without it.
    return (
      <Link key={key} to={href} {...common}>
        {children}
      </Link>
    );
  }
  // "#…", mailto:, tel:, http(s): plain anchors.
  return (
    <a key={key} href={href} {...common}>
      {children}
    </a>
  );
}

function renderNode(node: RichNode, key: number): ReactNode {
  if (typeof node === "string") return node;
  if (node.tag === "a") return renderLink(node, key);
  const { id, lang } = node.attrs ?? {};
  const props = { key, id, lang };
  if (VOID_TAGS.has(node.tag)) return createElement(node.tag, props);
  return createElement(node.tag, props, ...renderNodes(node.children));
}

function renderNodes(nodes: readonly RichNode[]): ReactNode[] {
  return nodes.map(renderNode);
}

export function RichNodes({ nodes }: { nodes: readonly RichNode[] }) {
  return <>{renderNodes(nodes)}</>;
}
