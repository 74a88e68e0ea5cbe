// What search engines, feed readers and link previews get from the real build (build/),
// served by the production server from a content service process on a copy of the seed:
// the home page's, an article's and an event's structured data, checked against the
// schema.org table of tests/support/schema-org.ts; the Atom feed, read strictly; the share
// images, prerendered for every article and 1200×630 PNGs; the sitemap's lastmod, equal to
// the entries' own updatedAt; hreflang between the two platform privacy policies. Then an
// article's title is edited into markup: the page, the feed and the share image follow it,
// and the structured data keeps it as data (`<` escaped, no hash in the CSP).
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { DomUtils, parseDocument } from "htmlparser2";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LocalEntry } from "../../app/content/entries.server";
import { isoDateTime, newestOf, readDate, readString } from "../../app/content/read.server";
import { openSnapshotEntries } from "../../scripts/snapshot-entries";
import { STAMP_FILE } from "../../server/running/build-stamp";
import {
  findScriptElements,
  inlineScriptHashes,
  scriptHashSource,
} from "../../server/security/script-hashes";
import { ClientFiles } from "../../server/serving/static-files";
import { type RawResponse, rawRequest } from "../support/raw-request";
import { type JsonLdJson, missingProperties, schemaOrgProblems } from "../support/schema-org";
import { pagesRefreshed } from "../support/server-log";
import {
  BUILD_SITE_ORIGIN,
  type RealSiteOnContent,
  SITE_BUILD_DIR,
  serveRealBuildOnContent,
} from "../support/site-build";
import { editEntryWith } from "../support/snapshot-copy";
import {
  childNamed,
  childrenNamed,
  parseXmlStrict,
  type XmlElement,
} from "../support/xml-document";

const CLIENT_DIR = path.join(SITE_BUILD_DIR, "client");
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const FEED_PATH = "/news/feed.atom";
const EN_POLICY = "/trust/platform-privacy-policy";
const JA_POLICY = "/jp/platform-privacy-policy";
const DEFAULT_CARD = "/og/default.png";
/** An edit reaching the page through the service's watcher and socket. */
const LIVE_EDIT_DEADLINE_MS = 30_000;
const POLL_MS = 250;

let real: RealSiteOnContent | undefined;
let sitePort: number;
/** The snapshot's published entries, as the site reads them. */
let entries: (template: string) => LocalEntry[];

/** The content service's copy of the seed (edited by the tests). */
const snapshotDir = (): string => {
  if (!real) throw new Error("the site is not running");
  return real.snapshot;
};
const get = (pathWithQuery: string): Promise<RawResponse> => rawRequest(sitePort, pathWithQuery);
const absolute = (p: string) => `${BUILD_SITE_ORIGIN}${p}`;
const modifiedAt = (entry: LocalEntry) => isoDateTime(new Date(entry.updatedAt));
const slugOf = (entry: LocalEntry) => readString(entry.meta.slug) ?? entry.id;

beforeAll(async () => {
  real = await serveRealBuildOnContent("site-discovery", { withMediaFiles: true });
  ({ port: sitePort } = real);
  const snapshot = await openSnapshotEntries(real.snapshot);
  entries = (template) =>
    snapshot
      .entriesOf(template)
      .filter((e) => e.published && e.local)
      .map((e) => e.local as LocalEntry);
}, 15 * 60_000);

afterAll(async () => {
  await real?.close();
});

interface Head {
  html: string;
  meta: (key: "name" | "property", value: string) => string | undefined;
  links: Record<string, string>[];
  /** The text of each ld+json script, as served. */
  jsonLdTexts: string[];
  jsonLd: JsonLdJson[];
  lang: string | undefined;
}

async function page(pathname: string): Promise<Head> {
  const response = await get(pathname);
  expect(response.status, pathname).toBe(200);
  const doc = parseDocument(response.text);
  const head = DomUtils.findOne((el) => el.name === "head", doc.children);
  const html = DomUtils.findOne((el) => el.name === "html", doc.children);
  if (!head) throw new Error(`${pathname} has no head`);
  const tags = (name: string) => DomUtils.findAll((el) => el.name === name, head.children);
  const jsonLdTexts = findScriptElements(response.text)
    .filter((script) => script.attributes.get("type") === "application/ld+json")
    .map((script) => script.text);
  return {
    html: response.text,
    meta: (key, value) => tags("meta").find((m) => m.attribs[key] === value)?.attribs.content,
    links: tags("link").map((l) => l.attribs),
    jsonLdTexts,
    jsonLd: jsonLdTexts.map((text) => JSON.parse(text) as JsonLdJson),
    lang: html?.attribs.lang,
  };
}

const typeOf = (data: JsonLdJson) => (data as Record<string, unknown>)["@type"];

function dataOfType(head: Head, type: string): Record<string, unknown> {
  const found = head.jsonLd.filter((data) => typeOf(data) === type);
  expect(found, `one ${type}`).toHaveLength(1);
  return found[0] as Record<string, unknown>;
}

function expectValidData(head: Head): void {
  expect(head.jsonLd.length).toBeGreaterThan(0);
  for (const data of head.jsonLd) {
    expect(schemaOrgProblems(data)).toEqual([]);
    expect(missingProperties(data)).toEqual([]);
  }
}

async function expectSharePng(url: string): Promise<Buffer> {
  expect(url.startsWith(`${BUILD_SITE_ORIGIN}/`), url).toBe(true);
  const image = await get(new URL(url).pathname);
  expect(image.status, url).toBe(200);
  expect(image.headers["content-type"]).toBe("image/png");
  expect(image.body.subarray(0, 8)).toEqual(PNG_SIGNATURE);
  const meta = await sharp(image.body).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(["png", 1200, 630]);
  return image.body;
}

/** A raw entry without any reference to the media item `mediaId`. */
function withoutMedia(value: unknown, mediaId: string): unknown {
  if (Array.isArray(value)) {
    return value
      .filter((item) => (item as { _id?: unknown } | null)?._id !== mediaId)
      .map((item) => withoutMedia(item, mediaId));
  }
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutMedia(v, mediaId)]));
}

/** Articles as the site lists them: newest first by their own date. */
function articlesNewestFirst(): LocalEntry[] {
  const dated = entries("news-article").filter(
    (e) => readDate(e.meta.date) && readString(e.meta.title),
  );
  return dated.sort(
    (a, b) => (readDate(b.meta.date)?.getTime() ?? 0) - (readDate(a.meta.date)?.getTime() ?? 0),
  );
}

describe("discovery on the real build", () => {
  it("prerendered the feed, the default card and every article's card at build", async () => {
    const files = [
      "news/feed.atom",
      "og/default.png",
      ...articlesNewestFirst().map((a) => `og/news/${slugOf(a)}.png`),
    ];
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      expect((await stat(path.join(CLIENT_DIR, file))).isFile(), file).toBe(true);
      // React Router's encoded copy of a resource route is not kept.
      await expect(stat(path.join(CLIENT_DIR, `${file}.data`)), file).rejects.toThrow();
    }
    const png = await readFile(path.join(CLIENT_DIR, files[2] ?? ""));
    expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    // The types the server gives these files while it serves them from the build.
    const built = await ClientFiles.scan(CLIENT_DIR);
    expect(built.lookup(FEED_PATH)?.contentType).toBe("application/atom+xml; charset=utf-8");
    expect(built.lookup(DEFAULT_CARD)?.contentType).toBe("image/png");
  });

  it("answers an image for no article with a 404, not an error", async () => {
    for (const missing of [
      "/og/news/no-such-article.png",
      `/og/news/${slugOf(articlesNewestFirst()[0] as LocalEntry)}.jpg`,
    ]) {
      const response = await get(missing);
      expect(response.status, missing).toBe(404);
    }
  });

  it("describes the organisation and the site on the home page, with the feed and a share image", async () => {
    const home = await page("/");
    expectValidData(home);
    expect(home.jsonLd.map(typeOf)).toEqual(["Organization", "WebSite"]);
    expect(dataOfType(home, "Organization")).toMatchObject({ url: `${BUILD_SITE_ORIGIN}/` });
    expect(home.links).toContainEqual({
      rel: "alternate",
      type: "application/atom+xml",
      title: "ID5 news",
      href: absolute(FEED_PATH),
    });
    const image = home.meta("property", "og:image") ?? "";
    expect(home.meta("name", "twitter:image")).toBe(image);
    const served = await get(new URL(image).pathname);
    expect(served.status).toBe(200);
    expect(served.headers["content-type"]).toMatch(/^image\//);
  });

  it("serves the default card for pages without an image of their own", async () => {
    await expectSharePng(absolute(DEFAULT_CARD));
  });

  it("describes a news article: NewsArticle with its dates, its share card, its breadcrumbs", async () => {
    const [article] = articlesNewestFirst();
    if (!article) throw new Error("the seed has no article");
    const slug = slugOf(article);
    const head = await page(`/news/${slug}`);
    expectValidData(head);
    expect(head.jsonLd.map(typeOf)).toEqual(["NewsArticle", "BreadcrumbList"]);
    const published = isoDateTime(readDate(article.meta.date) as Date);
    const updated = modifiedAt(article);
    expect(dataOfType(head, "NewsArticle")).toMatchObject({
      headline: readString(article.meta.title),
      url: absolute(`/news/${slug}`),
      mainEntityOfPage: { "@id": absolute(`/news/${slug}`) },
      datePublished: published,
      dateModified: newestOf([updated, published]),
    });
    expect(dataOfType(head, "BreadcrumbList").itemListElement).toMatchObject([
      { position: 1, item: `${BUILD_SITE_ORIGIN}/` },
      { position: 2, name: "News", item: absolute("/news") },
      { position: 3, item: absolute(`/news/${slug}`) },
    ]);
    const card = absolute(`/og/news/${slug}.png`);
    expect(head.meta("property", "og:image")).toBe(card);
    expect(head.meta("name", "twitter:image")).toBe(card);
    expect([
      head.meta("property", "og:image:width"),
      head.meta("property", "og:image:height"),
    ]).toEqual(["1200", "630"]);
    expect(head.meta("property", "og:type")).toBe("article");
    await expectSharePng(card);
  });

  it("describes an event: Event with its dates and place, and its breadcrumbs", async () => {
    const event = entries("event").find(
      (e) => readDate(e.meta.start_date) && readString(e.meta.location),
    );
    if (!event) throw new Error("the seed has no event with a place");
    const head = await page(`/events/${slugOf(event)}`);
    expectValidData(head);
    expect(head.jsonLd.map(typeOf)).toEqual(["Event", "BreadcrumbList"]);
    const end = readDate(event.meta.end_date);
    expect(dataOfType(head, "Event")).toMatchObject({
      name: readString(event.meta.title),
      url: absolute(`/events/${slugOf(event)}`),
      startDate: isoDateTime(readDate(event.meta.start_date) as Date),
      ...(end ? { endDate: isoDateTime(end) } : {}),
      location: { address: readString(event.meta.location) },
    });
  });

  it("serves the Atom feed: well-formed, every required element, the newest articles first", async () => {
    const response = await get(FEED_PATH);
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toBe("application/atom+xml; charset=utf-8");
    const feed = parseXmlStrict(response.text);
    expect(feed.name).toBe("feed");
    expect(feed.attributes.xmlns).toBe("http://www.w3.org/2005/Atom");
    for (const name of ["id", "title", "updated", "author"])
      expect(childrenNamed(feed, name)).toHaveLength(1);
    const self = childrenNamed(feed, "link").find((l) => l.attributes.rel === "self");
    expect(self?.attributes.href).toBe(absolute(FEED_PATH));
    const items = childrenNamed(feed, "entry");
    const articles = articlesNewestFirst();
    expect(items).toHaveLength(Math.min(50, articles.length));
    const text = (element: XmlElement, name: string) => childNamed(element, name).text;
    items.forEach((item, i) => {
      const article = articles[i] as LocalEntry;
      expect(text(item, "title")).toBe(readString(article.meta.title));
      expect(text(item, "id")).toContain(article.id);
      expect(childNamed(item, "link").attributes.href).toBe(absolute(`/news/${slugOf(article)}`));
      expect(text(item, "published")).toBe(isoDateTime(readDate(article.meta.date) as Date));
      expect(text(item, "updated") >= text(item, "published")).toBe(true);
    });
    expect(text(feed, "updated")).toBe(newestOf(items.map((item) => text(item, "updated"))));
  });

  it("dates the sitemap's pages by their entries' updatedAt, not by the build", async () => {
    const response = await get("/sitemap.xml");
    expect(response.status).toBe(200);
    const urls = childrenNamed(parseXmlStrict(response.text), "url");
    const lastmod = new Map(
      urls.map((url) => [
        new URL(childNamed(url, "loc").text).pathname,
        childrenNamed(url, "lastmod")[0]?.text,
      ]),
    );
    const own = [
      ...articlesNewestFirst().map((a) => [`/news/${slugOf(a)}`, a] as const),
      ...entries("event").map((e) => [`/events/${slugOf(e)}`, e] as const),
      ...entries("legal-page").map((e) => [readString(e.meta.path) ?? "", e] as const),
      ...entries("page")
        .map((e) => [readString(e.meta.path) ?? "", e] as const)
        .filter(([p]) => ["/about", "/technology", "/solutions", "/contact"].includes(p)),
    ].filter(([p]) => lastmod.has(p));
    expect(own.length).toBeGreaterThan(25);
    for (const [pagePath, entry] of own)
      expect(lastmod.get(pagePath), pagePath).toBe(modifiedAt(entry));
    // The news list changed when its newest article or its own entry did.
    const newsPage = entries("page").find((e) => e.meta.path === "/news");
    const newest = newestOf(
      [newsPage, ...articlesNewestFirst().slice(0, 9)].map((e) => e && modifiedAt(e)),
    );
    expect(lastmod.get("/news")).toBe(newest);
    // No date is the build's.
    const stamp = await readFile(path.join(SITE_BUILD_DIR, STAMP_FILE), "utf8");
    const builtAt: string = JSON.parse(stamp).builtAt;
    expect([...lastmod.values()]).not.toContain(isoDateTime(new Date(builtAt)));
  });

  it("links the English and Japanese platform privacy policies to each other (x-default: English)", async () => {
    const expected = [
      { rel: "alternate", hreflang: "en", href: absolute(EN_POLICY) },
      { rel: "alternate", hreflang: "ja", href: absolute(JA_POLICY) },
      { rel: "alternate", hreflang: "x-default", href: absolute(EN_POLICY) },
    ];
    for (const [pathname, lang] of [
      [EN_POLICY, "en"],
      [JA_POLICY, "ja"],
    ] as const) {
      const head = await page(pathname);
      expect(head.lang).toBe(lang);
      expect(head.links.filter((l) => l.hreflang)).toEqual(expected);
    }
    expect((await page("/trust/privacy-policy")).links.some((l) => l.hreflang)).toBe(false);
    const sitemap = await get("/sitemap.xml");
    expect(sitemap.text).toContain(`hreflang="ja" href="${absolute(JA_POLICY)}"`);
  });

  it(
    "follows an edited title in the page, the feed and the share image, keeping markup in it as data",
    async () => {
      const [article] = articlesNewestFirst();
      if (!article) throw new Error("the seed has no article");
      const slug = slugOf(article);
      const title = readString(article.meta.title) as string;
      const edited = `</script><script>alert(1)</script> & "more" ${Date.now()}`;
      const builtCard = await readFile(path.join(CLIENT_DIR, `og/news/${slug}.png`));
      const since = (real as RealSiteOnContent).logs.lines.length;
      // The entry's own file: the only one that holds its id as `_id`.
      await editEntryWith(snapshotDir(), `"_id": "${article.id}"`, (text) =>
        text.replaceAll(JSON.stringify(title), JSON.stringify(edited)),
      );

      const deadline = Date.now() + LIVE_EDIT_DEADLINE_MS;
      let head = await page(`/news/${slug}`);
      while (!head.jsonLd.some((data) => (data as { headline?: string }).headline === edited)) {
        if (Date.now() > deadline) throw new Error(`/news/${slug} did not follow the edit`);
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        head = await page(`/news/${slug}`);
      }
      // Data, not markup: `<` is escaped in the script's text, which ends where it should.
      for (const text of head.jsonLdTexts) expect(text).not.toContain("<");
      expect(head.jsonLdTexts.join("")).toContain("\\u003c/script\\u003e");
      expect(findScriptElements(head.html).some((script) => script.text === "alert(1)")).toBe(
        false,
      );
      // The policy names the page's inline scripts and not the data blocks.
      const response = await get(`/news/${slug}`);
      const csp = String(response.headers["content-security-policy"]);
      for (const hash of inlineScriptHashes(response.text)) expect(csp).toContain(hash);
      for (const text of head.jsonLdTexts) expect(csp).not.toContain(scriptHashSource(text));

      // The feed and the share image read the article too: rewritten in the background.
      await pagesRefreshed((real as RealSiteOnContent).logs, since, LIVE_EDIT_DEADLINE_MS);
      const feed = parseXmlStrict((await get(FEED_PATH)).text);
      expect(childrenNamed(feed, "entry").map((e) => childNamed(e, "title").text)).toContain(
        edited,
      );

      const card = await expectSharePng(absolute(`/og/news/${slug}.png`));
      expect(card.equals(builtCard)).toBe(false);
    },
    // Two waits in turn (the page, then the feed and the card), and the checks between.
    2 * LIVE_EDIT_DEADLINE_MS + 20_000,
  );

  it(
    "shares the default card once a page's image is taken out in the CMS",
    async () => {
      const jobs = entries("page").find((e) => e.meta.path === "/jobs");
      if (!jobs) throw new Error("the seed has no /jobs page");
      const before = await page("/jobs");
      const image = before.meta("property", "og:image") ?? "";
      expect(image).not.toBe(absolute(DEFAULT_CARD));
      const mediaId = /\/media\/([0-9a-f]{24})\//.exec(image)?.[1];
      if (!mediaId) throw new Error(`/jobs shares ${image}, not a CMS image`);
      await editEntryWith(
        snapshotDir(),
        `"_id": "${jobs.id}"`,
        (text) => `${JSON.stringify(withoutMedia(JSON.parse(text), mediaId), null, 2)}\n`,
      );
      const deadline = Date.now() + LIVE_EDIT_DEADLINE_MS;
      let after = await page("/jobs");
      while (after.meta("property", "og:image") === image) {
        if (Date.now() > deadline) throw new Error("/jobs still shares its old image");
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        after = await page("/jobs");
      }
      expect(after.meta("property", "og:image")).toBe(absolute(DEFAULT_CARD));
      expect(after.meta("name", "twitter:image")).toBe(absolute(DEFAULT_CARD));
      expect(after.meta("property", "og:image:width")).toBe("1200");
      expect(after.meta("property", "og:image:height")).toBe("630");
      await expectSharePng(absolute(DEFAULT_CARD));
    },
    LIVE_EDIT_DEADLINE_MS + 20_000,
  );
});
