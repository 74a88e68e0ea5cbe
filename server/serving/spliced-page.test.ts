import { crc32, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { inlineScriptHashes } from "../security/script-hashes";
import {
  CATCH_ALL,
  joined,
  multModP,
  type RenderedPage,
  SplicedPage,
  x8nModP,
} from "./spliced-page";

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;");
/** Like React Router's hydration data: JSON in a JS string, `&` and `<` as \u escapes. */
const inScript = (text: string) =>
  JSON.stringify(JSON.stringify({ message: `Page Not Found: ${text}` }))
    .replace(/&/g, "\\u0026")
    .replace(/</g, "\\u003c");

let renders = 0;
/**
 * A page that shows its path in text (twice: places that escape alike share their text), in
 * an encoded attribute and in an inline script.
 */
async function render(path: string): Promise<RenderedPage> {
  renders += 1;
  return {
    status: 404,
    body: `<!doctype html><html><head><script>window.a=1</script><title>Not found</title></head><body><h1>Page Not Found: ${escapeHtml(path)}</h1><p>${escapeHtml(path)}</p><form action="/consent?return=${encodeURIComponent(path)}"></form><script>window.ctx=${inScript(path)}</script></body></html>`,
  };
}

describe("SplicedPage", () => {
  it("answers any path as its render would, escaped per place, without rendering", async () => {
    const page = await SplicedPage.prepare(render);
    if (!(page instanceof SplicedPage)) throw new Error(page.unusable);
    const before = renders;
    for (const path of [
      "/wp-login.php",
      "/news/no-such-1",
      "/a&b'c/%3Cscript%3E",
      "/x(y)*z|^[]~",
    ]) {
      expect(page.accepts(path)).toBe(true);
      const answer = page.splice(path);
      const rendered = await render(path);
      expect(joined(answer.body).toString("utf8")).toBe(rendered.body);
      expect([...answer.scriptHashes].sort()).toEqual(inlineScriptHashes(rendered.body).sort());
      expect(gunzipSync(joined(answer.gzip())).toString("utf8")).toBe(rendered.body);
    }
    // The renders above are the test's own comparisons: splicing made none.
    expect(renders - before).toBe(4);
  });

  it("gives each path its own validator", async () => {
    const page = await SplicedPage.prepare(render);
    if (!(page instanceof SplicedPage)) throw new Error(page.unusable);
    expect(page.splice("/a").etag).not.toBe(page.splice("/b").etag);
    expect(page.splice("/a").etag).toBe(page.splice("/a").etag);
  });

  it("refuses paths it cannot vouch for", async () => {
    const page = await SplicedPage.prepare(render);
    if (!(page instanceof SplicedPage)) throw new Error(page.unusable);
    expect(page.accepts('/a"b')).toBe(false);
    expect(page.accepts("/a b")).toBe(false);
    expect(page.accepts("/é")).toBe(false);
    expect(page.accepts(`/${"a".repeat(5000)}`)).toBe(false);
  });

  it("is not used when a render is not a function of the path alone", async () => {
    let n = 0;
    const drifting = async (path: string) => ({ status: 404, body: `<p>${path} ${n++}</p>` });
    const page = await SplicedPage.prepare(drifting);
    expect(page).toEqual({ unusable: expect.any(String) });
  });

  it("is not used when the page does not show its path", async () => {
    const page = await SplicedPage.prepare(async () => ({ status: 404, body: "<p>gone</p>" }));
    expect(page).toEqual({ unusable: "the page does not show its path" });
  });
});

describe("CRC-32 combination", () => {
  it("matches the CRC of the joined bytes", () => {
    const a = Buffer.from("the first part of a page, ".repeat(40));
    const b = Buffer.from("and the rest of it.".repeat(13));
    const combined = (multModP(x8nModP(b.byteLength), crc32(a)) ^ crc32(b)) >>> 0;
    expect(combined).toBe(crc32(Buffer.concat([a, b])));
    expect((multModP(x8nModP(0), crc32(a)) ^ crc32(Buffer.alloc(0))) >>> 0).toBe(crc32(a));
  });
});

describe("SplicedPage check paths", () => {
  it("refuses a page that varies with more than its path", async () => {
    const bySection = async (path: string) => ({
      status: 404,
      body: `<nav>${path.startsWith("/news/") ? '<a aria-current="page">News</a>' : "<a>News</a>"}</nav><p>${path}</p>`,
    });
    expect(await SplicedPage.prepare(bySection)).toBeInstanceOf(SplicedPage);
    expect(await SplicedPage.prepare(bySection, CATCH_ALL, ["/news/zz-check"])).toEqual({
      unusable: "the render of /news/zz-check differs from its splice",
    });
  });
});

describe("SplicedPage of a route with a prefix", () => {
  /** Like an article route's 404: the whole path in one place, the slug alone in another. */
  async function article(path: string): Promise<RenderedPage> {
    const slug = path.slice("/news/".length);
    return {
      status: 404,
      body: `<script>import("/assets/news-article.js")</script><p>Page Not Found: ${escapeHtml(path)}</p><p data-slug="${encodeURIComponent(slug)}"></p>`,
    };
  }

  it("splices the tail after the prefix, and only one segment", async () => {
    const page = await SplicedPage.prepare(article, { prefix: "/news/", segments: "one" });
    if (!(page instanceof SplicedPage)) throw new Error(page.unusable);
    for (const path of ["/news/no-such", "/news/a&b'c%41"]) {
      expect(page.accepts(path)).toBe(true);
      expect(joined(page.splice(path).body).toString("utf8")).toBe((await article(path)).body);
    }
    expect(page.accepts("/news/a/b")).toBe(false);
    expect(page.accepts("/events/a")).toBe(false);
    expect(page.accepts("/news/")).toBe(false);
  });
});
