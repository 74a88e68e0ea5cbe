/** Read endpoints: envelopes, raw/lite/parsed entries, every prop type, rich text, media, pointers, schemas. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Json, startTestServer, type TestServer } from "../support/content-server-harness";
import { IDS, NO_SIZES_SIZE, PROPS } from "../support/snapshot-builder";

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
});

afterAll(async () => {
  await t.close();
});

const article = `/template/${IDS.templateArticle}/entry`;
const person = `/template/${IDS.templatePerson}/entry`;

async function parsedArticle1(): Promise<Json> {
  const { status, body } = await t.json(`${article}/${IDS.article1}/parse`);
  expect(status).toBe(200);
  return body.item;
}

describe("envelopes", () => {
  it("wraps lists in {items, total, limit, offset}", async () => {
    const lists: [string, number][] = [
      ["/template/all", 2],
      ["/group/all", 3],
      ["/widget/all", 2],
      ["/language/all", 2],
      ["/entry-status/all", 2],
      ["/media/all", 5],
      [`${article}/all`, 2],
      [`${article}/all/lite`, 2],
      [`${article}/all/parsed`, 2],
      [`${person}/all_by_status/Published/parsed`, 2],
      ["/type-generator/ts", 8],
    ];
    for (const [path, count] of lists) {
      const { status, body } = await t.json(path);
      expect(status, path).toBe(200);
      expect(Object.keys(body).sort(), path).toEqual(["items", "limit", "offset", "total"]);
      expect(body.items, path).toHaveLength(count);
      expect(body).toMatchObject({ total: count, limit: count, offset: 0 });
    }
  });

  it("wraps single items in {item}", async () => {
    const items: [string, string][] = [
      [`/template/${IDS.templateArticle}`, IDS.templateArticle],
      [`/group/${IDS.groupSeo}`, IDS.groupSeo],
      [`/widget/${IDS.widgetCta}`, IDS.widgetCta],
      [`/language/${IDS.lngDe}`, IDS.lngDe],
      [`/entry-status/${IDS.draft}`, IDS.draft],
      [`/media/${IDS.mediaPhoto}`, IDS.mediaPhoto],
      [`${article}/${IDS.article1}`, IDS.article1],
      [`${article}/${IDS.article1}/lite`, IDS.article1],
      [`${article}/${IDS.article1}/parse`, IDS.article1],
    ];
    for (const [path, id] of items) {
      const { status, body } = await t.json(path);
      expect(status, path).toBe(200);
      expect(Object.keys(body), path).toEqual(["item"]);
      expect(body.item._id, path).toBe(id);
    }
  });

  it("answers where-is-it-used with bare objects", async () => {
    expect((await t.json(`/group/${IDS.groupStat}/where-is-it-used`)).body).toEqual({
      groupIds: [],
      templateIds: [],
      widgetIds: [IDS.widgetStats],
    });
    expect((await t.json(`/group/${IDS.groupSeo}/where-is-it-used`)).body).toEqual({
      groupIds: [],
      templateIds: [IDS.templateArticle],
      widgetIds: [],
    });
    expect((await t.json(`/widget/${IDS.widgetStats}/where-is-it-used`)).body).toEqual({
      entryIds: [IDS.article1],
    });
    // The cta widget is used in content and as a WIDGET prop of both articles.
    expect((await t.json(`/widget/${IDS.widgetCta}/where-is-it-used`)).body).toEqual({
      entryIds: [IDS.article1, IDS.article2],
    });
    expect((await t.json(`/template/${IDS.templatePerson}/where-is-it-used`)).body).toEqual({
      groupsIds: [],
      templateIds: [IDS.templatePerson],
      widgetIds: [],
    });
  });
});

describe("raw and lite entries", () => {
  it("serves raw entries exactly as stored", async () => {
    const { body } = await t.json(`${article}/${IDS.article2}`);
    expect(body.item.meta[0].props.find((p: Json) => p.id === PROPS.related).data).toEqual([
      { tid: IDS.templateArticle, eid: IDS.article1 },
    ]);
    expect(body.item.statuses).toEqual([{ lng: "en", id: IDS.draft }]);
  });

  it("builds lite entries per stored language", async () => {
    const { body } = await t.json(`${article}/${IDS.article1}/lite`);
    expect(body.item.meta).toBeUndefined();
    expect(body.item.info).toEqual([
      {
        lng: "en",
        title: "Hello <world>",
        slug: "hello-world",
        status: IDS.published,
        description: "a",
        media: IDS.mediaPhoto,
      },
      { lng: "de", title: "Hallo", slug: "hallo-welt", media: IDS.mediaPhoto },
    ]);
  });

  it("filters by status id or label", async () => {
    const byLabel = await t.json(`${article}/all_by_status/Draft`);
    expect(byLabel.body.items.map((e: Json) => e._id)).toEqual([IDS.article2]);
    const byId = await t.json(`${article}/all_by_status/${IDS.published}/parsed`);
    expect(byId.body.items.map((e: Json) => e._id)).toEqual([IDS.article1]);
    expect(byId.body.items[0].templateName).toBe("article");
  });
});

describe("parsed entries", () => {
  it("has meta and content for every language, statuses with labels", async () => {
    const item = await parsedArticle1();
    expect(Object.keys(item.meta)).toEqual(["en", "de"]);
    expect(Object.keys(item.content)).toEqual(["en", "de"]);
    expect(item.templateName).toBe("article");
    expect(item.statuses).toEqual([{ lng: "en", id: IDS.published, label: "Published" }]);
    expect(item.meta.de.title).toBe("Hallo");
  });

  it("parses every prop type by name, keeping 0 and false", async () => {
    const meta = (await parsedArticle1()).meta.en;
    expect(meta).toMatchObject({
      title: "Hello <world>",
      slug: "hello-world",
      date: { timestamp: 1_716_000_000_000, timezoneOffset: 0 },
      views: 0,
      featured: false,
      category: "news",
      tags: ["a", "b"],
      labels: ["x", "y"],
      color: "#ff0000",
      summary: "A summary",
      cta: { href: "/x", label: "X" },
    });
    expect(meta.body).toEqual({ nodes: [{ type: "paragraph", value: "<p>Body &amp; more</p>" }] });
  });

  it("parses media with folder path, alt text and caption fallbacks and size transforms", async () => {
    const meta = (await parsedArticle1()).meta.en;
    expect(meta.cover).toEqual({
      _id: IDS.mediaPhoto,
      src: "/images/photo.png",
      url: `${t.basePath}/media/${IDS.mediaPhoto}/bin2/photo.png`,
      name: "photo.png",
      width: 800,
      height: 400,
      caption: "Photo caption",
      alt_text: "Cover alt",
      type: "IMG",
      mimetype: "image/png",
      size: 0,
      sizeTransforms: ["350x175", "650x325", "800x400"],
    });
    expect(meta.gallery.map((m: Json) => [m.src, m.alt_text, m.type])).toEqual([
      ["/logo.svg", "Logo", "SVG"],
      ["/wide.jpg", "", "IMG"],
    ]);
    // Computed from the binary: the JSON of wide.jpg has neither sizes nor transforms.
    expect(meta.gallery[1].width).toBe(NO_SIZES_SIZE.width);
    expect(meta.gallery[1].sizeTransforms).toEqual([
      "350x233",
      "650x433",
      "1024x683",
      "1440x960",
      "1500x1000",
    ]);
    expect(JSON.stringify(meta)).not.toContain(t.server.identity.apiKeySecret);
  });

  it("parses nested groups, single and array", async () => {
    const meta = (await parsedArticle1()).meta.en;
    expect(meta.seo).toMatchObject({
      title: "SEO title",
      description: null,
      no_index: true,
      image: { _id: IDS.mediaLogo },
    });
    expect(meta.authors).toHaveLength(2);
    expect(meta.authors[0]).toMatchObject({ name: "Ada", avatar: { alt_text: "A blue photo" } });
    expect(meta.authors[1]).toEqual({ name: "Grace", avatar: null });
  });

  it("gives missing-value defaults for a language without meta", async () => {
    const { body } = await t.json(`${article}/${IDS.article2}/parse`);
    expect(body.item.meta.de).toMatchObject({
      title: "",
      slug: "",
      date: { timestamp: -1, timezoneOffset: 0 },
      views: null,
      category: null,
      cover: null,
      seo: null,
    });
    expect(body.item.content.de).toEqual([]);
  });

  it("expands entry pointers into parsed entries and stops at cycles", async () => {
    const meta = (await parsedArticle1()).meta.en;
    expect(meta.related).toHaveLength(1);
    expect(meta.related[0]._id).toBe(IDS.article2);
    expect(meta.related[0].templateName).toBe("article");
    // article2 points back to article1, which is being expanded: the raw pointer is kept.
    expect(meta.related[0].meta.en.related).toEqual([
      { tid: IDS.templateArticle, eid: IDS.article1 },
    ]);

    const people = (await t.json(`${person}/all/parsed`)).body.items as Json[];
    const alice = people.find((p) => p._id === IDS.personA);
    expect(alice.meta.en.friend._id).toBe(IDS.personB);
    expect(alice.meta.en.friend.meta.en.friend).toEqual([
      { tid: IDS.templatePerson, eid: IDS.personA },
    ]);
    const self = people.find((p) => p._id === IDS.personSelf);
    expect(self.meta.en.friend).toEqual([{ tid: IDS.templatePerson, eid: IDS.personSelf }]);
  });

  it("turns content nodes into items: HTML (escaped), widgets and media", async () => {
    const content = (await parsedArticle1()).content.en as Json[];
    expect(content.map((item) => item.type)).toEqual([
      "heading",
      "paragraph",
      "paragraph",
      "bulletList",
      "orderedList",
      "codeBlock",
      "horizontalRule",
      "paragraph",
      "widget",
      "widget",
      "media",
      "media",
    ]);
    expect(content[0]).toEqual({
      type: "heading",
      attrs: { level: 2 },
      value: "<h2>Intro &amp; &lt;overview&gt;</h2>",
    });
    expect(content[1].value).toBe(
      '<p>Read <strong><a href="https://example.org/?a=1&amp;b=&quot;2&quot;" target="_blank" rel="noopener noreferrer">the docs</a></strong><br /><i>&lt;script&gt;alert(1)&lt;/script&gt;</i><a> bad</a></p>',
    );
    expect(content[1].attrs).toBeUndefined();
    expect(content[2].value).toBe("");
    expect(content[3].value).toBe("<ul><li><p><s>one</s></p></li><li><p><u>two</u></p></li></ul>");
    expect(content[5].value).toBe("<pre><code>if (a &lt; b) {}</code></pre>");
    expect(content[6].value).toBe("<hr />");
    expect(content[7].value).toBe("<p><code>x</code></p>");
    expect(content[8]).toEqual({
      type: "widget",
      widgetName: "cta",
      value: { href: "/contact", label: "Talk to us" },
    });
    expect(content[9]).toEqual({
      type: "widget",
      widgetName: "stats",
      value: {
        items: [
          { title: "Reach", value: "90%", progress: 0 },
          { title: "Match", value: "2x", progress: null },
        ],
      },
    });
    expect(content[10].value).toMatchObject({
      _id: IDS.mediaPhoto,
      alt_text: "Inline alt",
      src: "/images/photo.png",
    });
    expect(content[11].value).toMatchObject({
      _id: IDS.mediaClip,
      type: "VID",
      mimetype: "video/mp4",
    });
  });

  it("resolves slugs on /parse, in any language, and template names in the path", async () => {
    expect((await t.json(`${article}/hello-world/parse`)).body.item._id).toBe(IDS.article1);
    expect((await t.json(`${article}/hallo-welt/parse`)).body.item._id).toBe(IDS.article1);
    expect((await t.json("/template/person/entry/bob/parse")).body.item._id).toBe(IDS.personB);
  });
});

describe("schemas and media metadata", () => {
  it("lists languages default first", async () => {
    const { body } = await t.json("/language/all");
    expect(body.items.map((l: Json) => [l.code, l.default])).toEqual([
      ["en", true],
      ["de", false],
    ]);
  });

  it("serves media items with computed size transforms, directories included", async () => {
    const { body } = await t.json("/media/all");
    const byId = new Map((body.items as Json[]).map((m) => [m._id, m]));
    expect(byId.get(IDS.mediaDir).type).toBe("DIR");
    expect(byId.get(IDS.mediaNoSizes).sizeTransforms).toHaveLength(5);
    expect(byId.get(IDS.mediaLogo).sizeTransforms).toBeUndefined();
  });

  it("generates TypeScript types", async () => {
    const { body } = await t.json("/type-generator/ts");
    const files = new Map((body.items as Json[]).map((f) => [f.path, f.content]));
    expect(files.get("entry/article.ts")).toContain("export interface ArticleEntryMetaItem {");
    expect(files.get("entry/article.ts")).toContain('category: "news" | "guides";');
    expect(files.get("widget/stats.ts")).toContain(
      'import type { StatGroup } from "../group/stat";',
    );
    const rust = await t.json("/type-generator/rust");
    expect(rust.status).toBe(400);
  });
});
