// Change detection at start, on the real build with the content service as its own process:
// the snapshot the service serves differs from the one the build prerendered from by one
// article updated, one deleted and one added (as if edited while the site was down). The
// server finds exactly those from the CMS's versions, re-renders exactly the pages that read
// them, and answers with the content as it is now. (Nothing changed → nothing re-rendered is
// held by server-content-dependencies.test.ts and server-restart-catch-up.test.ts.)
import { readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LogFields } from "../../app/logging/logger.server";
import {
  CONTENT_TAGS_MANIFEST_FILE,
  type ContentTagsManifest,
} from "../../server/refresh/content-dependencies";
import { rawRequest } from "../support/raw-request";
import { caughtUp } from "../support/server-log";
import {
  type RealSiteOnContent,
  SITE_BUILD_DIR,
  serveRealBuildOnContent,
} from "../support/site-build";

const UPDATED = {
  id: "359e533091ae2e0a5c53132f",
  page: "/news/brightwave-exchange-passes-id5-id-by-default",
  title: "Brightwave Exchange passes the ID5 ID to buyers by default",
};
const DELETED = {
  id: "2d5f59655ecd47be6d6cde0d",
  page: "/news/northwind-media-rolls-out-id5-id-across-europe",
};
const ADDED = {
  id: "5eed00000000000000000002",
  slug: "an-article-written-while-the-site-was-down",
  title: "An article written while the site was down",
};
const EDITED_TITLE = `${UPDATED.title} (edited while the site was down)`;

let real: RealSiteOnContent | undefined;
let built: ContentTagsManifest;
/** The start's catch-up as its log line tells it. */
let caught: LogFields;

/** The change the catch-up applied, as its log line tells it. */
const catchUpChange = () =>
  real?.logs.lines.find((l) => l.message === "content changed" && l.fields.event === "catch-up");

const get = (pathWithQuery: string) => rawRequest(real?.port ?? 0, pathWithQuery);

async function prepareSnapshot(dir: string): Promise<void> {
  const entry = (id: string) => path.join(dir, "entries", `${id}.json`);
  const source = await readFile(entry(UPDATED.id), "utf8");
  const later = (text: string) =>
    text.replace(/"updatedAt": (\d+)/, (_, at: string) => `"updatedAt": ${Number(at) + 60_000}`);
  await writeFile(entry(UPDATED.id), later(source.replace(UPDATED.title, EDITED_TITLE)));
  await rm(entry(DELETED.id));
  await writeFile(
    entry(ADDED.id),
    source
      .replaceAll(UPDATED.id, ADDED.id)
      .replace(/"brightwave-exchange-passes-id5-id-by-default"/, `"${ADDED.slug}"`)
      .replace(UPDATED.title, ADDED.title),
  );
}

beforeAll(async () => {
  real = await serveRealBuildOnContent("site-catch-up", { logLevel: "info", prepareSnapshot });
  built = JSON.parse(
    await readFile(path.join(SITE_BUILD_DIR, CONTENT_TAGS_MANIFEST_FILE), "utf8"),
  ) as ContentTagsManifest;
  caught = await caughtUp(real.logs);
}, 15 * 60_000);

afterAll(async () => {
  await real?.close();
});

/** What the three edits change, in the words renderings record (content-tags.server.ts). */
const CHANGED_TAGS = [
  `entry:${UPDATED.id}`,
  `entry:${DELETED.id}`,
  `entry:${ADDED.id}`,
  `path:${DELETED.id}`,
  `path:${ADDED.id}`,
  "order:news-article",
  "template:news-article",
];

describe("catching up at start", () => {
  it("finds the entries updated, deleted and added since the build, and their addresses", () => {
    expect(caught).toMatchObject({
      updated: 1,
      added: 1,
      deleted: 1,
      media: 0,
      schema: 0,
      tags: CHANGED_TAGS.length,
    });
    expect(catchUpChange()?.fields).toMatchObject({
      added: [`/news/${ADDED.slug}`],
      removed: [DELETED.page],
    });
  });

  it("re-renders exactly the pages that read what changed", () => {
    const dependents = Object.entries(built.pages)
      .filter(([, read]) => CHANGED_TAGS.some((tag) => read.includes(tag)))
      .map(([page]) => page);
    const expected = new Set([...dependents, `/news/${ADDED.slug}`, DELETED.page]);
    expect(catchUpChange()?.fields.refreshing).toBe(expected.size);
    expect(caught.refreshed).toBe(expected.size);
    // Not the site: pages that show no news are left as built.
    expect(dependents).not.toContain("/about");
    expect(expected.size).toBeLessThan(Object.keys(built.pages).length / 2);
  });

  it("answers with the content as it is now", async () => {
    expect((await get(UPDATED.page)).text).toContain(EDITED_TITLE);
    expect((await get(DELETED.page)).status).toBe(404);
    const added = await get(`/news/${ADDED.slug}`);
    expect(added.status).toBe(200);
    expect(added.text).toContain(ADDED.title);
    const feed = (await get("/news/feed.atom")).text;
    expect(feed).toContain(EDITED_TITLE);
    expect(feed).toContain(ADDED.title);
  });
});
