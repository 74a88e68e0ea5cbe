// Prerendered pages and rendered ones on the real site, with its content service behind a
// proxy that can hold the site's reads: files are served without a render whatever query
// the page does not read; a page whose query it reads is rendered once and then answered
// from the render cache; after an edit, the pages that read it are rendered again in the
// background (the old file serves meanwhile) and cached renderings are rendered afresh.
// (Sharing a render among requests at once, the turns renders wait for, media taking none,
// cookies and compression of what is not kept: server/rendering/render-sharing.test.ts. A
// start on content newer than the build: server-content-catch-up.test.ts.)
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEDIA_CACHE_CONTROL, PAGE_CACHE_CONTROL } from "../../app/config/cache-control";
import type { GatedProxy } from "../support/gated-proxy";
import { type RawResponse, rawRequest } from "../support/raw-request";
import {
  ABOUT_DESCRIPTION,
  editAboutDescription,
  PAGE_ENTRY_READS,
  SEED_MEDIA,
} from "../support/seed-pages";
import { answerSource, pagesRefreshed } from "../support/server-log";
import {
  REAL_SITE_START_MS,
  type RealSiteOnContent,
  serveRealBuildOnContent,
} from "../support/site-build";

/** An edit reaching the site and its refresh, on a busy machine. */
const EDIT_DEADLINE_MS = 60_000;

let real: RealSiteOnContent;
const get = (pathWithQuery: string, headers?: Record<string, string>): Promise<RawResponse> =>
  rawRequest(real.port, pathWithQuery, { headers });
const source = (pathname: string) => answerSource(real.logs, pathname);

beforeAll(async () => {
  real = await serveRealBuildOnContent("server-pages", {
    logLevel: "info",
    throughProxy: true,
    withMediaFiles: true,
  });
  // The start's own reads of the CMS are over: what a test holds is its edit's.
  await real.logs.waitFor(
    (lines) => lines.some((line) => line.message === "404 answers prepared at start"),
    EDIT_DEADLINE_MS,
  );
}, REAL_SITE_START_MS);
afterAll(() => real?.close());

describe("before any edit", () => {
  it("serves prerendered pages and their data from their files", async () => {
    for (const p of ["/", "/about", "/about.data", "/_.data", "/trust/privacy-policy"]) {
      const res = await get(p);
      expect(res.status, p).toBe(200);
      expect(res.headers["cache-control"], p).toBe(PAGE_CACHE_CONTROL);
      expect(source(p), p).toBe("prerendered");
    }
    expect((await get("/about")).text).toContain(ABOUT_DESCRIPTION);
    expect((await get("/about.data")).headers["content-type"]).toBe("text/x-script");
  });

  it("ignores parameters the page does not read, and _routes on data requests", async () => {
    for (const p of [
      "/about?utm_source=mail&gclid=1",
      "/about?r=8121&ref=x",
      "/?r=1",
      "/about.data?_routes=root,routes/section-page",
    ]) {
      expect((await get(p)).status, p).toBe(200);
      expect(source(p.slice(0, p.indexOf("?"))), p).toBe("prerendered");
    }
  });

  it("renders a page whose query it reads, once: then from the cache, 304 to its validator", async () => {
    const rendered = await get("/about?sent=pages-cache");
    expect(rendered.status).toBe(200);
    expect(rendered.text).toContain(ABOUT_DESCRIPTION);
    expect(rendered.headers["cache-control"]).toBe(PAGE_CACHE_CONTROL);
    expect(source("/about")).toBe("render");
    const again = await get("/about?sent=pages-cache");
    expect(source("/about")).toBe("cache");
    expect(again.text).toBe(rendered.text);
    const revalidated = await get("/about?sent=pages-cache", {
      "If-None-Match": String(again.headers.etag),
    });
    expect(revalidated.status).toBe(304);
    expect((await get("/about.data?sent=pages-cache")).status).toBe(200);
    expect(source("/about.data")).toBe("render");
  });

  it("answers an address the site does not have with its 404 page", async () => {
    const res = await get("/no/such/page");
    expect(res.status).toBe(404);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.text).toContain("</html>");
  });

  it("passes resource routes through: media bytes with their own cache policy", async () => {
    const res = await get(SEED_MEDIA.address);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("image/jpeg");
    expect(res.headers["cache-control"]).toBe(MEDIA_CACHE_CONTROL);
    expect(res.body.equals(await readFile(SEED_MEDIA.file))).toBe(true);
  });
});

describe("after an edit", () => {
  it(
    "renders the pages that read it again in the background, serving the old file meanwhile; cached renderings render afresh",
    async () => {
      const cached = "/about?sent=pages-edit";
      expect((await get(cached)).text).toContain(ABOUT_DESCRIPTION);
      expect(source("/about")).toBe("render");
      const edited = `About, edited ${Date.now()}`;
      const reads = (real.proxy as GatedProxy).hold(PAGE_ENTRY_READS, EDIT_DEADLINE_MS);
      const since = real.logs.lines.length;
      await editAboutDescription(real.snapshot, edited);
      await reads.arrived;
      // While the new rendering waits on the CMS, visitors get the old file, not a wait.
      const meanwhile = await get("/about");
      expect(meanwhile.text).toContain(ABOUT_DESCRIPTION);
      expect(source("/about")).toBe("prerendered");
      reads.release();
      await pagesRefreshed(real.logs, since, EDIT_DEADLINE_MS);

      const fresh = await get("/about");
      expect(fresh.text).toContain(edited);
      expect(fresh.headers["cache-control"]).toBe(PAGE_CACHE_CONTROL);
      // Rendered in the background: visitors get the written file.
      expect(source("/about")).toBe("prerendered");
      expect((await get("/about.data")).text).toContain(edited);
      // The rendering cached before the edit is stale: rendered again, with the edit.
      expect((await get(cached)).text).toContain(edited);
      expect(source("/about")).toBe("render");
    },
    // Two waits in turn (the held read, the refresh), and the requests around them.
    2 * EDIT_DEADLINE_MS + 30_000,
  );
});
