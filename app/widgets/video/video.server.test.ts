import { describe, expect, it } from "vitest";
import { bcmsMedia } from "../../../tests/support/bcms-media";
import { mapVideoWidget } from "./video.server";

const nested = { toContentBlocks: () => [] };

describe("mapVideoWidget", () => {
  it("rewrites a watch link to the privacy-friendly embed URL", () => {
    const video = mapVideoWidget(
      {
        video: null,
        iframe: "https://www.youtube.com/watch?v=abcdefghijk",
        thumbnail: bcmsMedia("IMG"),
      },
      nested,
    );
    expect(video.embedUrl).toBe("https://www.youtube-nocookie.com/embed/abcdefghijk");
  });
});
