import { describe, expect, it } from "vitest";
import {
  BCMS_CDN_ORIGIN,
  buildMediaBinUrl,
  buildMediaProxyUrl,
  mediaBinQueryString,
  resolveBinOrigin,
  resolveMediaPath,
  webpFilename,
} from "./media";
import { assertSvgMedia, collectSvgMedia, injectSvg, MEDIA_NOT_SVG_MESSAGE } from "./svg";

const target = { orgId: "o1", instanceId: "i1" };

describe("bin2 URLs", () => {
  it("sets webp, sizeT and tmb flags with the value t", () => {
    expect(mediaBinQueryString({})).toBe("");
    expect(mediaBinQueryString({ webp: true, sizeTransform: "350x233", thumbnail: true })).toBe(
      "?webp=t&sizeT=350x233&tmb=t",
    );
  });

  it("goes to the CDN when the origin is the hosted app, same path", () => {
    expect(resolveBinOrigin("https://app.thebcms.com")).toBe(BCMS_CDN_ORIGIN);
    expect(resolveBinOrigin("https://app.thebcms.com/")).toBe("https://cdn.thebcms.com");
    expect(resolveBinOrigin("http://127.0.0.1:3100")).toBe("http://127.0.0.1:3100");
    expect(resolveBinOrigin("https://cms.example.com")).toBe("https://cms.example.com");
    expect(
      buildMediaBinUrl({ ...target, cmsOrigin: "https://app.thebcms.com" }, "m 1", "a b.png", {
        webp: true,
      }),
    ).toBe("https://cdn.thebcms.com/api/v3/org/o1/instance/i1/media/m%201/bin2/a%20b.png?webp=t");
    expect(buildMediaBinUrl({ ...target, cmsOrigin: "http://localhost:3100" }, "m1", "x.svg")).toBe(
      "http://localhost:3100/api/v3/org/o1/instance/i1/media/m1/bin2/x.svg",
    );
  });

  it("builds key-free proxy URLs for browsers", () => {
    expect(buildMediaProxyUrl("/media", "m1", "é.png", { sizeTransform: "350x233" })).toBe(
      "/media/m1/%C3%A9.png?sizeT=350x233",
    );
    expect(() => buildMediaProxyUrl("/media?apiKey=x", "m1", "a.png")).toThrow(TypeError);
  });

  it("names WebP variants and resolves folder paths", () => {
    expect(webpFilename("photo.final.jpg")).toBe("photo.final.webp");
    expect(webpFilename("README")).toBe("README.webp");
    const all = [
      { _id: "d1", name: "blog", parentId: "" },
      { _id: "d2", name: "2024", parentId: "d1" },
      { _id: "loop", name: "loop", parentId: "loop" },
    ];
    expect(resolveMediaPath({ _id: "m", name: "a.png", parentId: "d2" }, all)).toBe(
      "/blog/2024/a.png",
    );
    expect(resolveMediaPath({ _id: "m", name: "a.png", parentId: "loop" }, all)).toBe(
      "/loop/a.png",
    );
  });
});

describe("SVG helpers", () => {
  it("refuses non-SVG media with the exact message", () => {
    expect(() => assertSvgMedia({ _id: "m", name: "a.png", type: "IMG" })).toThrow(
      "Provided media is not of type SVG",
    );
    expect(MEDIA_NOT_SVG_MESSAGE).toBe("Provided media is not of type SVG");
    expect(() => assertSvgMedia({ _id: "m", name: "a.svg", type: "SVG" })).not.toThrow();
  });

  it("finds SVGs in meta, groups, arrays (past non-objects) and content widget values", async () => {
    const svg = (id: string) => ({
      _id: id,
      name: `${id}.svg`,
      type: "SVG",
      mimetype: "image/svg+xml",
    });
    const parsed = {
      meta: {
        en: {
          logo: svg("a"),
          gallery: ["text", null, svg("b"), { _id: "i", name: "i.png", type: "IMG" }],
          seo: { image: svg("a") },
        },
      },
      content: {
        en: [
          { type: "paragraph", value: "<p>x</p>" },
          { type: "widget", widgetName: "companies", value: { items: [{ logo: svg("c") }] } },
          { type: "media", value: svg("d") },
        ],
      },
    };
    expect(collectSvgMedia(parsed).map((media) => media._id)).toEqual(["a", "b", "a", "c", "d"]);
    const fetched: string[] = [];
    const result = await injectSvg(parsed, async (media) => {
      fetched.push(media._id);
      if (media._id === "d") throw new Error("gone");
      return `<svg id="${media._id}"/>`;
    });
    expect(fetched.sort()).toEqual(["a", "b", "c", "d"]);
    expect(result).toEqual({ injected: 4, failed: 1 });
    expect(parsed.meta.en.seo.image).toMatchObject({ svg: '<svg id="a"/>' });
    expect(parsed.content.en[1]).toMatchObject({
      value: { items: [{ logo: { svg: '<svg id="c"/>' } }] },
    });
    expect(parsed.content.en[2]?.value).not.toHaveProperty("svg");
  });
});
