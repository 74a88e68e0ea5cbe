import { describe, expect, it } from "vitest";
import { getEnv } from "~/config/env.server";
import { TEST_MODIFIED_AT, testImage, testLocalEntry } from "../../tests/support/content";
import { toPageHead } from "./head.server";

const SEO_IMAGE = "a".repeat(24);
const COVER = "b".repeat(24);

const page = (meta: Record<string, unknown>) => testLocalEntry("page", meta);

describe("toPageHead", () => {
  it("prefers the SEO group's title, description and image", () => {
    const head = toPageHead(
      page({
        title: "About",
        seo: { title: "About ID5", description: "Who we are", image: testImage(SEO_IMAGE) },
      }),
      { description: "Fallback", image: testImage(COVER) },
    );
    expect(head.title).toBe("About ID5");
    expect(head.description).toBe("Who we are");
    expect(head.image).toMatch(new RegExp(`^${getEnv().siteOrigin}/media/${SEO_IMAGE}/`));
    expect(head).not.toHaveProperty("noIndex");
  });

  it("falls back to the entry's title and the page's own description and image", () => {
    const head = toPageHead(page({ title: "About", seo: {} }), {
      description: "Fallback",
      image: testImage(COVER),
    });
    expect(head.title).toBe("About");
    expect(head.description).toBe("Fallback");
    expect(head.image).toMatch(new RegExp(`^${getEnv().siteOrigin}/media/${COVER}/`));
  });

  it("gives the share image's size in pixels and its alt text", () => {
    const head = toPageHead(page({ seo: { image: testImage(SEO_IMAGE) } }));
    // The size transform picked for a 1200-pixel share card (testImage's are 1024 and 1600 wide).
    expect(head).toMatchObject({ imageWidth: 1024, imageHeight: 576, imageAlt: "A photo" });
    const svg = { ...testImage(COVER, "logo.svg"), type: "SVG", mimetype: "image/svg+xml" };
    const drawn = toPageHead(page({ seo: { image: svg } }));
    expect(drawn.image).toMatch(/logo\.svg$/);
    expect(drawn).not.toHaveProperty("imageWidth");
  });

  it("shares only images, and leaves out what is missing", () => {
    const video = { ...testImage(COVER, "clip.mp4"), type: "VID", mimetype: "video/mp4" };
    expect(toPageHead(page({ seo: { image: video } }))).toEqual({ modifiedAt: TEST_MODIFIED_AT });
    expect(toPageHead({ ...page({}), updatedAt: 0 })).toEqual({});
  });

  it("marks a page the editor excluded from indexing", () => {
    expect(toPageHead(page({ title: "Draft", seo: { no_index: true } }))).toEqual({
      title: "Draft",
      noIndex: true,
      modifiedAt: TEST_MODIFIED_AT,
    });
  });
});
