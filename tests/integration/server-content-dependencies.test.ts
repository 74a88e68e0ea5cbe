// Pages know their content, on the real build with the content service as its own process:
// prerendering recorded what each page read (build/content-tags.json), answers carry those
// tags, and an edit re-renders in the background exactly the pages that read what changed,
// rewriting their files while the others stay as built (the consent wording every page shows
// is spliced in as pages are answered: its edit rewrites none).
import { readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CONTENT_TAGS_MANIFEST_FILE,
  type ContentTagsManifest,
} from "../../server/refresh/content-dependencies";
import { type RawResponse, rawRequest } from "../support/raw-request";
import { caughtUp, pagesRefreshed } from "../support/server-log";
import {
  type RealSiteOnContent,
  SITE_BUILD_DIR,
  serveRealBuildOnContent,
} from "../support/site-build";
import type { RecordingLogger } from "../support/webhook-receiver";

/** An article of the snapshot, and the consent banner every page shows. */
const ARTICLE = {
  id: "359e533091ae2e0a5c53132f",
  page: "/news/brightwave-exchange-passes-id5-id-by-default",
  title: "Brightwave Exchange passes the ID5 ID to buyers by default",
};
const CONSENT_BANNER_ENTRY = "25c71e0e98511ed65df1dec4";
/** The service's watcher and socket, then a few renders, on a busy 2-core machine. */
const CHANGE_DEADLINE_MS = 30_000;
/** Every page rendered again on the render thread, which gives way to all else on a busy machine. */
const REFRESH_DEADLINE_MS = 120_000;
/** One change applied: told, then its pages written again. */
const CHANGE_TEST_MS = CHANGE_DEADLINE_MS + REFRESH_DEADLINE_MS + 30_000;

let snapshot: string;
let real: RealSiteOnContent | undefined;
let buildCopy: string;
let sitePort: number;
let logs: RecordingLogger;
let built: ContentTagsManifest;

const get = (pathWithQuery: string): Promise<RawResponse> => rawRequest(sitePort, pathWithQuery);

const entryFile = (id: string) => path.join(snapshot, "entries", `${id}.json`);

/** Modification times of every prerendered answer's file in the server's copy of the build. */
async function pageTimes(): Promise<Map<string, number>> {
  const clientDir = path.join(buildCopy, "client");
  const times = new Map<string, number>();
  for (const page of Object.keys(built.pages)) {
    // A page's HTML, or a resource's own file (the feed, a share image).
    const candidates =
      page === "/" ? ["index.html"] : [page.slice(1), `${page.slice(1)}/index.html`];
    for (const file of candidates) {
      const info = await stat(path.join(clientDir, file)).catch(() => undefined);
      if (info?.isFile()) times.set(page, info.mtimeMs);
    }
  }
  return times;
}

/** Pages the build recorded as reading any of `tags`. */
function dependentsOf(tags: string[]): string[] {
  return Object.entries(built.pages)
    .filter(([, read]) => tags.some((tag) => read.includes(tag)))
    .map(([page]) => page)
    .sort();
}

/** Waits for the content change logged after `since` and for its page refresh to finish. */
async function changeApplied(since: number): Promise<Record<string, unknown>> {
  await logs.waitFor(
    (lines) => lines.slice(since).some((line) => line.message === "content changed"),
    CHANGE_DEADLINE_MS,
  );
  const change = logs.lines.slice(since).find((line) => line.message === "content changed");
  // Pages it queued are written again in one round of the refresher, which says so.
  if (Number(change?.fields.refreshing) > 0) await pagesRefreshed(logs, since, REFRESH_DEADLINE_MS);
  return change?.fields ?? {};
}

async function editEntry(id: string, edit: (text: string) => string): Promise<void> {
  const file = entryFile(id);
  await writeFile(file, edit(await readFile(file, "utf8")));
}

beforeAll(async () => {
  real = await serveRealBuildOnContent("site-dependencies", { logLevel: "info" });
  ({ port: sitePort, buildDir: buildCopy, logs, snapshot } = real);
  built = JSON.parse(
    await readFile(path.join(SITE_BUILD_DIR, CONTENT_TAGS_MANIFEST_FILE), "utf8"),
  ) as ContentTagsManifest;
  // Edits made before the socket is open would never be announced.
  await logs.waitFor(
    (lines) => lines.some((line) => line.message === "watching content changes"),
    CHANGE_DEADLINE_MS,
  );
}, 15 * 60_000);

afterAll(async () => {
  await real?.close();
});

describe("pages know their content", () => {
  it(
    "records at build what each page read, and answers with it as Cache-Tag and Surrogate-Key",
    async () => {
      expect(Object.keys(built.pages).length).toBeGreaterThan(50);
      expect(built.pages[ARTICLE.page]).toContain(`entry:${ARTICLE.id}`);
      // An article reads its own entry, not the list of every article.
      expect(built.pages[ARTICLE.page]).not.toContain("template:news-article");
      expect(built.pages["/news"]).toContain("order:news-article");
      expect(built.pages["/news"]).not.toContain("template:news-article");
      expect(built.pages["/about"]).toContain("template:consent-banner");
      // The snapshot is the build's: the start's catch-up found nothing and re-rendered nothing.
      expect(await caughtUp(logs, 0, REFRESH_DEADLINE_MS)).toMatchObject({ tags: 0, refreshed: 0 });
      expect(logs.lines.some((line) => line.message === "content changed")).toBe(false);

      for (const page of [ARTICLE.page, `${ARTICLE.page}.data`, "/about"]) {
        const response = await get(page);
        expect(response.status, page).toBe(200);
        const tags = String(response.headers["cache-tag"]).split(",");
        expect(tags, page).toEqual(built.pages[page.replace(/\.data$/, "")]);
        expect(response.headers["surrogate-key"], page).toBe(tags.join(" "));
      }
    },
    REFRESH_DEADLINE_MS + 30_000,
  );

  it(
    "re-renders exactly the pages that show an edited article, in the background",
    async () => {
      const expected = dependentsOf([`entry:${ARTICLE.id}`, "template:news-article"]);
      expect(expected).toContain(ARTICLE.page);
      expect(expected).toContain("/news/feed.atom");
      expect(expected).not.toContain("/about");
      // Of the pages that list news (the home pages and the news list's pages), only those
      // that show the article read it.
      const lists = Object.keys(built.pages).filter(
        (page) =>
          page === "/" ||
          page === "/new/home" ||
          page === "/news" ||
          page.startsWith("/news/page/"),
      );
      const listed: string[] = [];
      for (const list of lists)
        if ((await get(list)).text.includes(ARTICLE.title)) listed.push(list);
      expect(listed.length).toBeGreaterThan(0);
      expect(listed.length).toBeLessThan(lists.length);
      expect(expected.filter((page) => lists.includes(page)).sort()).toEqual(listed.sort());
      const before = await pageTimes();
      const since = logs.lines.length;
      const edited = `${ARTICLE.title} (edited ${Date.now()})`;
      await editEntry(ARTICLE.id, (text) => text.replace(ARTICLE.title, edited));
      const change = await changeApplied(since);
      expect(change.refreshing).toBe(expected.length);

      const after = await pageTimes();
      const rewritten = [...after].filter(([page, time]) => time !== before.get(page));
      expect(rewritten.map(([page]) => page).sort()).toEqual(expected);

      const article = await get(ARTICLE.page);
      expect(article.text).toContain(edited);
      const line = logs.lines
        .slice(since)
        .find((l) => l.message === "request" && l.fields?.path === ARTICLE.page);
      expect(line?.fields?.source).toBe("prerendered");
      expect((await get(listed[0] ?? "")).text).toContain(edited);
    },
    CHANGE_TEST_MS,
  );

  it(
    "renders no page when a shared piece (the consent banner) changes: each answers with it",
    async () => {
      const dependents = dependentsOf([`entry:${CONSENT_BANNER_ENTRY}`, "template:consent-banner"]);
      // Every page shows the banner (and keeps its tag, which the CDN purges by).
      expect(dependents).toContain("/about");
      expect(dependents.length).toBeGreaterThan(50);
      const before = await pageTimes();
      const since = logs.lines.length;
      const heading = `Cookies, edited ${Date.now()}`;
      await editEntry(CONSENT_BANNER_ENTRY, (text) =>
        text
          .replace("Cookies on this website", heading)
          .replace(/"updatedAt": \d+/, `"updatedAt": ${Date.now()}`),
      );
      const change = await changeApplied(since);
      expect(change.refreshing).toBe(0);
      // The new wording is read on the serving thread and spliced into the stored pages.
      await logs.waitFor(
        (lines) =>
          lines.slice(since).some((line) => line.message.startsWith("consent wording changed")),
        CHANGE_DEADLINE_MS,
      );
      const about = await get("/about");
      expect(about.text).toContain(heading);
      expect(String(about.headers["cache-tag"])).toContain("template:consent-banner");
      expect((await get("/about.data")).text).toContain(heading);
      const after = await pageTimes();
      expect([...after].filter(([page, time]) => time !== before.get(page))).toEqual([]);
    },
    CHANGE_TEST_MS,
  );

  it(
    "gives a new article its page and list entry, and a deleted one a 404",
    async () => {
      const slug = `a-new-article-${Date.now()}`;
      const id = "5eed00000000000000000001";
      const title = `A new article ${Date.now()}`;
      const source = await readFile(entryFile(ARTICLE.id), "utf8");
      const since = logs.lines.length;
      await writeFile(
        entryFile(id),
        source
          .replaceAll(ARTICLE.id, id)
          .replace(/"brightwave-exchange-passes-id5-id-by-default"/, `"${slug}"`)
          .replace(/Brightwave Exchange passes the ID5 ID to buyers by default[^"]*/, title)
          // The newest article: first on /news.
          .replace(/"timestamp": 1755604800000/, `"timestamp": ${Date.now()}`),
      );
      const added = await changeApplied(since);
      expect(added.added).toEqual([`/news/${slug}`]);
      const page = await get(`/news/${slug}`);
      expect(page.status).toBe(200);
      expect(page.text).toContain(title);
      const files = await readdir(path.join(buildCopy, "client", "news", slug));
      expect(files).toContain("index.html");
      expect((await get("/news")).text).toContain(title);

      const removedSince = logs.lines.length;
      await rm(entryFile(id));
      const removed = await changeApplied(removedSince);
      expect(removed.removed).toEqual([`/news/${slug}`]);
      expect((await get(`/news/${slug}`)).status).toBe(404);
      expect((await get(`/news/${slug}.data`)).status).toBe(404);
      expect((await get("/news")).text).not.toContain(title);
    },
    2 * CHANGE_TEST_MS,
  );
});
