import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { childNamed, childrenNamed, parseXmlStrict } from "../../tests/support/xml-document";
import { indexablePages, isNoIndexHtml, pageUpdatedTime, sitemapXml } from "./sitemap.server";

describe("the sitemap's rule", () => {
  it("sitemap.xml lists absolute, escaped, sorted, unique URLs", () => {
    const xml = sitemapXml("https://id5.io", ["/news", "/", "/a&b", "/news"]);
    expect(xml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        "  <url><loc>https://id5.io/</loc></url>\n" +
        "  <url><loc>https://id5.io/a&amp;b</loc></url>\n" +
        "  <url><loc>https://id5.io/news</loc></url>\n" +
        "</urlset>\n",
    );
  });

  it("dates each URL by its page's last change, and leaves undated pages undated", () => {
    const xml = sitemapXml("https://id5.io", [
      { path: "/news/a", lastmod: "2026-01-12T15:30:00Z" },
      "/about",
    ]);
    const urls = childrenNamed(parseXmlStrict(xml), "url");
    expect(urls.map((u) => childNamed(u, "loc").text)).toEqual([
      "https://id5.io/about",
      "https://id5.io/news/a",
    ]);
    const [about, article] = urls;
    if (!about || !article) throw new Error("two URLs expected");
    expect(childrenNamed(about, "lastmod")).toEqual([]);
    expect(childNamed(article, "lastmod").text).toBe("2026-01-12T15:30:00Z");
  });

  it("lists the language versions of a page in both languages, English for everyone else", () => {
    const en = "/trust/platform-privacy-policy";
    const ja = "/jp/platform-privacy-policy";
    const root = parseXmlStrict(sitemapXml("https://id5.io", [en, ja, "/about"]));
    expect(root.attributes["xmlns:xhtml"]).toBe("http://www.w3.org/1999/xhtml");
    const versions = (loc: string) =>
      childrenNamed(
        childrenNamed(root, "url").find((u) => childNamed(u, "loc").text === loc) ?? root,
        "xhtml:link",
      ).map((l) => [l.attributes.hreflang, l.attributes.href]);
    const expected = [
      ["en", `https://id5.io${en}`],
      ["ja", `https://id5.io${ja}`],
      ["x-default", `https://id5.io${en}`],
    ];
    expect(versions(`https://id5.io${en}`)).toEqual(expected);
    expect(versions(`https://id5.io${ja}`)).toEqual(expected);
    expect(versions("https://id5.io/about")).toEqual([]);
    // Without the other version in the sitemap, no link to it.
    const alone = sitemapXml("https://id5.io", [en]);
    expect(alone).not.toContain("xhtml");
  });

  it("reads when a page last changed from its head, only in a date-time form", () => {
    expect(
      pageUpdatedTime('<meta property="og:updated_time" content="2026-01-12T15:30:00Z"/>'),
    ).toBe("2026-01-12T15:30:00Z");
    expect(pageUpdatedTime("<meta content='2026-01-12' property='og:updated_time'>")).toBe(
      "2026-01-12",
    );
    expect(
      pageUpdatedTime('<meta property="og:updated_time" content="yesterday"/>'),
    ).toBeUndefined();
    expect(pageUpdatedTime('<meta property="og:title" content="2026-01-12"/>')).toBeUndefined();
  });

  it("tells noindex pages apart", () => {
    expect(isNoIndexHtml('<meta name="robots" content="noindex, nofollow"/>')).toBe(true);
    expect(isNoIndexHtml('<meta content="noindex" name="robots">')).toBe(true);
    expect(isNoIndexHtml('<meta name="description" content="noindex here"/>')).toBe(false);
    expect(isNoIndexHtml("<title>noindex</title>")).toBe(false);
  });

  it("keeps the pages on disk that are not noindex, each dated by its head", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "sitemap-"));
    try {
      const put = async (rel: string, html: string) => {
        await mkdir(path.dirname(path.join(dir, rel)), { recursive: true });
        await writeFile(path.join(dir, rel), html);
      };
      await put("index.html", "<title>Home</title>");
      await put("about/index.html", '<meta property="og:updated_time" content="2026-01-12"/>');
      await put("thanks/index.html", '<meta name="robots" content="noindex"/>');
      expect(await indexablePages(dir, ["/", "/about", "/thanks", "/missing"])).toEqual([
        { path: "/" },
        { path: "/about", lastmod: "2026-01-12" },
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
