// Renders inline rich nodes (hero titles: <strong>, <em>, <br>, <span>, <a> ...). Block tags that
// slip into a title are unwrapped to their children so a heading never contains a <p>.
import { Fragment, type ReactNode } from "react";
import type { RichNode } from "~/content/models";
import { SmartLink } from "../ui/smart-link";

const INLINE_TAGS = new Set(["strong", "em", "u", "s", "code", "span"]);

function renderNode(node: RichNode, key: number): ReactNode {
  if (typeof node === "string") return node;
  const children = node.children.map(renderNode);
  if (node.tag === "br") return <br key={key} />;
  if (node.tag === "a" && node.attrs?.href) {
    return (
      <SmartLink
        key={key}
        href={node.attrs.href}
        newTab={node.attrs.target === "_blank" ? true : undefined}
      >
        {children}
      </SmartLink>
    );
  }
  if (INLINE_TAGS.has(node.tag)) {
    const Tag = node.tag as "strong";
    return (
      <Tag key={key} lang={node.attrs?.lang}>
        {children}
      </Tag>
    );
  }
  return <Fragment key={key}>{children}</Fragment>;
}

export function RichInline({ nodes }: { nodes: RichNode[] | string }) {
  return <>{typeof nodes === "string" ? nodes : nodes.map(renderNode)}</>;
}
