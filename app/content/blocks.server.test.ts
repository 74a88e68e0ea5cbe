import { afterEach, describe, expect, it, vi } from "vitest";
import { bcmsMedia as media } from "../../tests/support/bcms-media";
import { toContentBlocks } from "./blocks.server";
import { logger } from "./log.server";

const ctx = { source: "test page" };

afterEach(() => vi.restoreAllMocks());

describe("toContentBlocks", () => {
  it("merges consecutive rich items into one sanitised block", () => {
    const blocks = toContentBlocks(
      [
        { type: "heading", attrs: { level: 2 }, value: "<h2>Why ID5</h2>" },
        { type: "paragraph", value: '<p>Hi <a href="javascript:x()">there</a></p>' },
      ],
      ctx,
    );
    expect(blocks).toEqual([
      {
        type: "rich",
        nodes: [
          { tag: "h2", attrs: { id: "why-id5" }, children: ["Why ID5"] },
          { tag: "p", children: ["Hi ", "there"] },
        ],
      },
    ]);
  });

  it("maps every widget to its model through the widget table", () => {
    const blocks = toContentBlocks(
      [
        { type: "widget", widgetName: "cta", value: { href: "/contact", label: "Talk to us" } },
        {
          type: "widget",
          widgetName: "stats",
          value: { items: [{ title: "Countries", value: "80+", progress: null }] },
        },
        {
          type: "widget",
          widgetName: "graph",
          value: { items: [media("IMG"), media("IMG"), media("IMG")] },
        },
        {
          type: "widget",
          widgetName: "video",
          value: {
            video: null,
            iframe: "https://www.youtube.com/watch?v=abcdefghijk",
            thumbnail: media("IMG"),
          },
        },
      ],
      ctx,
    );
    expect(blocks.map((b) => (b.type === "widget" ? b.widget.name : b.type))).toEqual([
      "cta",
      "stats",
      "graph",
      "video",
    ]);
  });

  it("skips a widget whose data does not fit, with a logged reason, and keeps the rest", () => {
    const warn = vi.spyOn(logger, "warn").mockImplementation(() => {});
    const blocks = toContentBlocks(
      [
        { type: "widget", widgetName: "cta", value: { href: "/contact" } },
        { type: "paragraph", value: "<p>Still here</p>" },
      ],
      ctx,
    );
    expect(blocks).toEqual([{ type: "rich", nodes: [{ tag: "p", children: ["Still here"] }] }]);
    expect(warn).toHaveBeenCalledWith("Skipped content block", {
      source: "test page",
      widget: "cta",
      reason: "missing label",
    });
  });

  it("turns an unknown widget into the not-handled placeholder", () => {
    expect(toContentBlocks([{ type: "widget", widgetName: "carousel", value: {} }], ctx)).toEqual([
      { type: "unhandled", name: "carousel" },
    ]);
  });

  it("shows VID media as the video widget and IMG media as an image with srcset", () => {
    const [video, image] = toContentBlocks(
      [
        { type: "media", value: media("VID") },
        { type: "media", value: media("IMG", { caption: "Our office" }) },
      ],
      ctx,
    );
    expect(video).toEqual({
      type: "widget",
      widget: {
        name: "video",
        video: {
          src: "/media/0123456789abcdef01234567/clip.mp4",
          mimetype: "video/mp4",
          width: 1600,
          height: 900,
        },
      },
    });
    expect(image?.type).toBe("image");
    if (image?.type !== "image") return;
    expect(image.caption).toBe("Our office");
    expect(image.image.sources[0]?.type).toBe("image/webp");
    expect(image.image.src).toBe("/media/0123456789abcdef01234567/photo.jpg?sizeT=1024x576");
    expect(`${image.image.sources.map((s) => s.srcset)}`).not.toMatch(/apiKey|secret/);
  });

  it("ignores items that are not objects instead of throwing", () => {
    expect(toContentBlocks([null, 3, "x", { type: "paragraph" }], ctx)).toEqual([]);
    expect(toContentBlocks("not a list", ctx)).toEqual([]);
  });
});
