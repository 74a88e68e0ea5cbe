import { describe, expect, it } from "vitest";
import { sitemapPagesOf } from "./timed-view";
import { keptInView, linksKeptInView, timedViewDocument } from "./timed-view-page";

const ORIGIN = "https://id5.io";
const VIEW = "/_preview/at/tok";

describe("the timed view's document", () => {
  it("keeps links to the site's pages inside the view, and no other", () => {
    expect(keptInView("/news", "tok", ORIGIN)).toBe(`${VIEW}/news`);
    expect(keptInView("https://id5.io/about?x=1", "tok", ORIGIN)).toBe(`${VIEW}/about?x=1`);
    for (const other of [
      "https://example.com/news",
      "//evil.example/x",
      "/\\evil.example",
      "#main",
      "mailto:a@id5.io",
      "/_preview/",
      "/%5Fpreview/x",
      "/assets/app.js",
    ]) {
      expect(keptInView(other, "tok", ORIGIN)).toBe(other);
    }
  });

  it("rewrites hrefs of links and actions of forms, escaped, leaving the rest alone", () => {
    const html = `<a class="x" href="/news?a=1&amp;b=2">N</a><link rel="stylesheet" href="/assets/a.css"><form method="post" action='/contact'></form><a href="https://x.example/">X</a>`;
    expect(linksKeptInView(html, "tok", ORIGIN)).toBe(
      `<a class="x" href="${VIEW}/news?a=1&amp;b=2">N</a><link rel="stylesheet" href="/assets/a.css"><form method="post" action="${VIEW}/contact"></form><a href="https://x.example/">X</a>`,
    );
  });

  it("has no script, says the instant at UTC and the editor's offset, and keeps $ in text", () => {
    const page = `<!doctype html><html><head><title>News $&amp;</title><script>x()</script></head><body><a href="/">Home $'</a><script type="module" src="/assets/e.js"></script></body></html>`;
    const html = timedViewDocument(page, {
      token: "tok",
      claims: { at: Date.UTC(2030, 2, 5, 7, 30), timezoneOffset: -120, issuedAt: 0, expiresAt: 1 },
      sitePath: "/news",
      siteOrigin: ORIGIN,
    });
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).toContain("<title>At 2030-03-05 07:30 UTC: News $&amp;</title>");
    expect(html).toContain(`<a href="${VIEW}/">Home $'</a>`);
    expect(html).toContain("The site as it will be at");
    expect(html).toContain("2030-03-05 07:30 UTC</time> (2030-03-05 09:30 UTC+02:00)");
    expect(html).toContain(
      'href="/_preview/" style="color:#fff;text-decoration:underline" data-timed-view="desk"',
    );
  });
});

describe("the timed view's sitemap", () => {
  it("reads the pages of the served sitemap with their last change", () => {
    const xml = `<?xml version="1.0"?>\n<urlset>\n  <url><loc>https://id5.io/</loc></url>\n  <url>\n    <loc>https://id5.io/news?a=1&amp;b=2</loc>\n    <lastmod>2026-01-01T00:00:00Z</lastmod>\n  </url>\n  <url><loc>https://elsewhere.example/x</loc></url>\n</urlset>\n`;
    expect(sitemapPagesOf(xml, ORIGIN)).toEqual([
      { path: "/" },
      { path: "/news?a=1&b=2", lastmod: "2026-01-01T00:00:00Z" },
    ]);
  });
});
