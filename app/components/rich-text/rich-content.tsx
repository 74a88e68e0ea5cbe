// Renders a page's content blocks in order: rich text, widgets (through the registry),
// figures, and hidden placeholders for what the site cannot handle.
import { Suspense } from "react";
import type { ContentBlock } from "~/content/models";
import type { SourceMark } from "~/content/source-marks";
import { WidgetBlock } from "~/widgets/registry";
import { UnhandledWidget } from "~/widgets/unhandled-widget";
import { Picture } from "../media/picture";
import { RichNodes } from "./rich-nodes";
import "./rich-content.css";

/** Figures in running text are at most the prose width. */
export const FIGURE_SIZES = "(min-width: 48rem) 44rem, 100vw";

export interface RichContentProps {
  blocks: readonly ContentBlock[];
  className?: string;
  /** Within a preview: where the blocks come from (source-marks.ts). */
  mark?: SourceMark;
}

function renderBlock(block: ContentBlock, key: number) {
  switch (block.type) {
    case "rich":
      return <RichNodes key={key} nodes={block.nodes} />;
    case "widget":
      return (
        <Suspense key={key}>
          <WidgetBlock widget={block.widget} Blocks={RichContent} />
        </Suspense>
      );
    case "image":
      return (
        <figure key={key} className="rich-figure">
          <Picture image={block.image} sizes={FIGURE_SIZES} />
          {block.caption ? <figcaption>{block.caption}</figcaption> : null}
        </figure>
      );
    case "unhandled":
      return <UnhandledWidget key={key} name={block.name} />;
    default:
      // A block type this build does not know (newer content layer): degrade, never crash.
      return <UnhandledWidget key={key} name={String((block as { type?: unknown }).type)} />;
  }
}

export function RichContent({ blocks, className, mark }: RichContentProps) {
  return (
    <div className={className ? `rich-content ${className}` : "rich-content"} {...mark}>
      {blocks.map(renderBlock)}
    </div>
  );
}
