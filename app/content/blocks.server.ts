// Parsed BCMS content items → ContentBlock page models. A block whose data does not fit its
// widget is skipped with a logged reason; a widget the site does not know becomes the
// "not handled" placeholder. Nothing here throws on bad content.

import { lookupWidgetMapper } from "~/widgets/mappers.server";
import { WidgetDataError, type WidgetMapContext } from "~/widgets/mapping.server";
import { logger } from "./log.server";
import { isVideoMedia, mediaCaption, toImageModel, toVideoFileModel } from "./media.server";
import type { ContentBlock } from "./models";
import { isRec, type Rec, readList, readString } from "./read.server";
import { type SanitizeOptions, sanitizeHtml } from "./sanitize-html.server";

export interface BlockContext extends SanitizeOptions {
  /** Where the content comes from, for log lines ("page /about"). */
  source: string;
}

/** Width (CSS px) a figure in running text renders at; feeds the default-source rule. */
const FIGURE_IMAGE_WIDTH = 960;

function toWidgetBlock(item: Rec, ctx: BlockContext): ContentBlock | undefined {
  const name = readString(item.widgetName) ?? "unknown";
  const mapper = lookupWidgetMapper(name);
  if (!mapper) return { type: "unhandled", name };
  if (!isRec(item.value)) {
    logger.warn("Skipped content block", { source: ctx.source, widget: name, reason: "no data" });
    return undefined;
  }
  try {
    const nested: WidgetMapContext = { toContentBlocks: (items) => toContentBlocks(items, ctx) };
    return { type: "widget", widget: mapper(item.value, nested) };
  } catch (error) {
    if (!(error instanceof WidgetDataError)) throw error;
    logger.warn("Skipped content block", {
      source: ctx.source,
      widget: name,
      reason: error.message,
    });
    return undefined;
  }
}

function toMediaBlock(value: unknown): ContentBlock | undefined {
  if (isVideoMedia(value)) {
    const video = toVideoFileModel(value);
    return video ? { type: "widget", widget: { name: "video", video } } : undefined;
  }
  const image = toImageModel(value, { width: FIGURE_IMAGE_WIDTH });
  if (!image) return undefined;
  const caption = mediaCaption(value);
  return { type: "image", image, ...(caption ? { caption } : {}) };
}

/** Parsed content items (entry content or a RICH_TEXT prop's nodes) → blocks. */
export function toContentBlocks(items: unknown, ctx: BlockContext): ContentBlock[] {
  const blocks: ContentBlock[] = [];
  let pendingRich: ContentBlock & { type: "rich" } = { type: "rich", nodes: [] };
  const flush = () => {
    if (pendingRich.nodes.length > 0) blocks.push(pendingRich);
    pendingRich = { type: "rich", nodes: [] };
  };
  for (const item of readList(items)) {
    if (!isRec(item)) continue;
    if (item.type === "widget") {
      flush();
      const block = toWidgetBlock(item, ctx);
      if (block) blocks.push(block);
    } else if (item.type === "media") {
      flush();
      const block = toMediaBlock(item.value);
      if (block) blocks.push(block);
    } else if (typeof item.value === "string") {
      // Consecutive rich-text items render as one flow of elements.
      pendingRich.nodes.push(...sanitizeHtml(item.value, ctx));
    }
  }
  flush();
  return blocks;
}
