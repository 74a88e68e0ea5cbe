// Parsed BCMS content items → ContentBlock page models. A block whose data does not fit its
// widget is skipped with a logged reason; a widget the site does not know becomes the
// "not handled" placeholder. Nothing here throws on bad content.

import type { CompanyItem } from "../widgets/companies/model";
import type { StatItem } from "../widgets/stats/model";
import { STATS_DEFAULT_PROGRESS } from "../widgets/stats/stats-constants";
import type { TestimonialItem } from "../widgets/testimonials/model";
import { toPrivacyEmbedUrl } from "../widgets/video/privacy-embed-url";
import { logger } from "./log.server";
import { isVideoMedia, mediaCaption, toImageModel, toVideoFileModel } from "./media.server";
import type { ContentBlock, ImageModel, WidgetModel } from "./models";
import {
  isRec,
  type Rec,
  readList,
  readNumber,
  readRecords,
  readRichItems,
  readString,
} from "./read.server";
import { type SanitizeOptions, sanitizeHtml } from "./sanitize-html.server";

export interface BlockContext extends SanitizeOptions {
  /** Where the content comes from, for log lines ("page /about"). */
  source: string;
}

/** Width (CSS px) images render at, per place; feeds the default-source rule. */
const IMAGE_WIDTHS = {
  content: 960,
  thumbnail: 960,
  graph: 480,
  logo: 160,
  avatar: 64,
} as const;

class BlockError extends Error {}

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new BlockError(`missing ${what}`);
  return value;
}

function images(values: unknown, width: number): ImageModel[] {
  return readList(values)
    .map((v) => toImageModel(v, { width }))
    .filter((v): v is ImageModel => v !== undefined);
}

type WidgetMapper = (value: Rec, ctx: BlockContext) => WidgetModel;

const WIDGET_MAPPERS: Record<string, WidgetMapper> = {
  video(value) {
    const video = toVideoFileModel(value.video);
    const iframe = readString(value.iframe);
    const embedUrl = iframe ? toPrivacyEmbedUrl(iframe) : undefined;
    if (!video && !embedUrl) throw new BlockError("neither an uploaded video nor an embed URL");
    return {
      name: "video",
      ...(video ? { video } : {}),
      ...(embedUrl ? { embedUrl } : {}),
      ...(value.thumbnail
        ? { thumbnail: toImageModel(value.thumbnail, { width: IMAGE_WIDTHS.thumbnail }) }
        : {}),
      ...(readString(value.title) ? { title: readString(value.title) } : {}),
    };
  },
  "content-cols"(value, ctx) {
    const cols = readList(value.cols).map((col) => toContentBlocks(readRichItems(col), ctx));
    if (cols.length === 0) throw new BlockError("no columns");
    return { name: "content-cols", cols };
  },
  cta(value) {
    return {
      name: "cta",
      href: required(readString(value.href), "href"),
      label: required(readString(value.label), "label"),
    };
  },
  stats(value) {
    const items: StatItem[] = readRecords(value.items).map((item) => ({
      title: required(readString(item.title), "stat title"),
      value: required(readString(item.value), "stat value"),
      progress: readNumber(item.progress) ?? STATS_DEFAULT_PROGRESS,
    }));
    return { name: "stats", items };
  },
  testimonials(value) {
    const items: TestimonialItem[] = readRecords(value.items).map((item) => {
      const author = isRec(item.author) ? item.author : {};
      const logo = toImageModel(author.logo, { width: IMAGE_WIDTHS.logo });
      const avatar = toImageModel(author.avatar, { width: IMAGE_WIDTHS.avatar });
      const title = readString(author.title);
      return {
        quote: required(readString(item.quote), "quote"),
        author: {
          name: required(readString(author.name), "author name"),
          ...(title ? { title } : {}),
          ...(logo ? { logo } : {}),
          ...(avatar ? { avatar } : {}),
        },
      };
    });
    return { name: "testimonials", items };
  },
  companies(value, ctx) {
    const items: CompanyItem<ContentBlock>[] = readRecords(value.items).map((item) => {
      const logo = toImageModel(item.logo, { width: IMAGE_WIDTHS.logo });
      return {
        ...(logo ? { logo } : {}),
        description: toContentBlocks(readRichItems(item.description), ctx),
      };
    });
    const title = readString(value.title);
    return { name: "companies", ...(title ? { title } : {}), items };
  },
  graph(value) {
    return { name: "graph", items: images(value.items, IMAGE_WIDTHS.graph) };
  },
};

function toWidgetBlock(item: Rec, ctx: BlockContext): ContentBlock | undefined {
  const name = readString(item.widgetName) ?? "unknown";
  const mapper = Object.hasOwn(WIDGET_MAPPERS, name) ? WIDGET_MAPPERS[name] : undefined;
  if (!mapper) return { type: "unhandled", name };
  if (!isRec(item.value)) {
    logger.warn("Skipped content block", { source: ctx.source, widget: name, reason: "no data" });
    return undefined;
  }
  try {
    return { type: "widget", widget: mapper(item.value, ctx) };
  } catch (error) {
    if (!(error instanceof BlockError)) throw error;
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
  const image = toImageModel(value, { width: IMAGE_WIDTHS.content });
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
