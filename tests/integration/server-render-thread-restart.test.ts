// The real render thread, on the real build, run out of its heap by content grown past what
// RENDER_THREAD_HEAP_MB allows: the server says so in its log, starts the thread again, looks
// for what changed while no thread watched the CMS (as at a start,
// server/refresh/content-change.ts), and serves again, the edit made meanwhile included.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTENT_SERVER_START_MS } from "../support/content-server-process";
import { rawRequest } from "../support/raw-request";
import { CATCH_UP_DEADLINE_MS, caughtUp, changesRefreshed } from "../support/server-log";
import {
  REAL_SITE_START_MS,
  type RealSiteOnContent,
  serveRealBuildOnContent,
} from "../support/site-build";

/** The smallest heap the settings allow (app/config/env.server.ts). */
const SMALLEST_HEAP_MB = "64";
/** A news article of the seed snapshot, and its page. */
const ARTICLE_ENTRY = "7ab1365e2b344851679282cb";
const ARTICLE_PAGE = "/news/id5-graph-adds-household-confidence-scores";
const ARTICLE_TITLE = "The ID5 Graph adds household confidence scores";
/**
 * Paragraphs in the grown article body (a 21 MB entry file): rendering it takes the thread
 * past 64 MB; with 256 MB it does not stop.
 */
const GROWN_PARAGRAPHS = 200_000;
/** The service's watcher and socket, the crash and a start of the thread, on a busy machine. */
const RESTART_DEADLINE_MS = 120_000;
/** What the test does besides its waits: its own timeout covers both. */
const TEST_MARGIN_MS = 30_000;

let real: RealSiteOnContent | undefined;
let entryFile = "";
let seedEntry = "";

const get = (pathWithQuery: string) => rawRequest((real as RealSiteOnContent).port, pathWithQuery);
const loggedSince = (since: number, message: string) =>
  (real as RealSiteOnContent).logs.lines.slice(since).some((line) => line.message === message);

/** Writes the article's entry file, as an editor's script would, with a new version. */
async function writeArticle(edit: (entry: ArticleEntry) => void): Promise<void> {
  const entry = JSON.parse(seedEntry) as ArticleEntry;
  edit(entry);
  entry.updatedAt = Date.now();
  await writeFile(entryFile, JSON.stringify(entry));
}

interface ArticleEntry {
  updatedAt: number;
  meta: { lng: string; props: { id: string; data: unknown }[] }[];
  content: { lng: string; nodes: unknown[] }[];
}

beforeAll(
  async () => {
    real = await serveRealBuildOnContent("render-thread-restart", {
      logLevel: "info",
      variables: { RENDER_THREAD_HEAP_MB: SMALLEST_HEAP_MB },
    });
    entryFile = path.join(real.snapshot, "entries", `${ARTICLE_ENTRY}.json`);
    seedEntry = await readFile(entryFile, "utf8");
    await caughtUp(real.logs);
  },
  REAL_SITE_START_MS + CONTENT_SERVER_START_MS + CATCH_UP_DEADLINE_MS,
);

afterAll(async () => {
  await real?.close();
});

describe("a render thread that runs out of its heap", () => {
  it(
    "is started again, catches up with the edit made while it was down, and serves it",
    async () => {
      const site = real as RealSiteOnContent;
      const before = await get(ARTICLE_PAGE);
      expect(before.status).toBe(200);
      expect(before.text).toContain(ARTICLE_TITLE);

      // The article grows past what the thread can hold: rendering it again, as the change
      // asks, ends the thread.
      const grown = site.logs.lines.length;
      await writeArticle((entry) => {
        const body = entry.content.find((content) => content.lng === "en");
        if (!body) throw new Error("the article has no English body");
        body.nodes = Array.from({ length: GROWN_PARAGRAPHS }, (_, index) => ({
          type: "paragraph",
          content: [{ type: "text", text: `Paragraph ${index} of a body grown past the heap.` }],
        }));
      });
      await site.logs.waitFor(
        () => loggedSince(grown, "render thread stopped: starting it again"),
        RESTART_DEADLINE_MS,
      );
      expect(
        loggedSince(grown, "render thread ran out of its heap: raise RENDER_THREAD_HEAP_MB"),
      ).toBe(true);

      // While no thread watches the CMS, the editor puts the body back under a new title.
      const stopped = site.logs.lines.length;
      const title = `Household confidence scores, edited ${Date.now()}`;
      await writeArticle((entry) => {
        const meta = entry.meta.find((m) => m.lng === "en");
        const titleProp = meta?.props[0];
        if (!titleProp) throw new Error("the article has no English title");
        titleProp.data = [title];
      });

      // The thread started again catches up (the edit is found there, or heard on its socket
      // if the content service tells of it once the socket is open), and the pages it touched
      // are written again.
      await caughtUp(site.logs, stopped, RESTART_DEADLINE_MS);
      await changesRefreshed(site.logs);
      const after = await get(ARTICLE_PAGE);
      expect(after.status).toBe(200);
      expect(after.text).toContain(title);
      expect(after.text).not.toContain("grown past the heap");
    },
    3 * RESTART_DEADLINE_MS + TEST_MARGIN_MS,
  );
});
