import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { NewsCardModel } from "~/content/models";
import {
  defaultShareImageResponse,
  newsShareCard,
  newsShareImageResponse,
} from "./share-image.server";

const CARD: NewsCardModel = {
  slug: "launch",
  href: "/news/launch",
  title: "Launch day",
  description: "",
  date: "2026-03-12",
  dateLabel: "12 March 2026",
  category: "product",
};

describe("share images", () => {
  it("put an article's category and date above its title, the site below", () => {
    expect(newsShareCard(CARD, "id5.io")).toEqual({
      title: "Launch day",
      kicker: "Product · 12 March 2026",
      footer: "id5.io",
    });
  });

  it("answer with 1200×630 PNGs, the article's and the default", async () => {
    for (const response of [
      await newsShareImageResponse(CARD),
      await defaultShareImageResponse(),
    ]) {
      expect(response.headers.get("content-type")).toBe("image/png");
      const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["png", 1200, 630]);
    }
  });
});
