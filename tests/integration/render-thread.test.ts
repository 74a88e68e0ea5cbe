// Page renders on the render thread (server/rendering/render-thread.ts), on the real build
// with the content service as its own process, served as `npm start` serves it: a page
// rendered there is the page the build prerendered, compressed there, a form's action runs
// there too, and after a content change the thread reads the CMS as changed.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FORM_ERRORS } from "../../app/forms/action.server";
import { CONTENT_SERVER_START_MS } from "../support/content-server-process";
import { type RawResponse, rawRequest } from "../support/raw-request";
import { renderFigures } from "../support/render-metrics";
import { answerSource } from "../support/server-log";
import {
  CONSENT_BANNER_HEADING,
  REAL_SITE_START_MS,
  type RealSiteOnContent,
  retitleConsentBanner,
  serveRealBuildOnContent,
} from "../support/site-build";

/** The service's watcher and socket, on a busy machine. */
const CHANGE_DEADLINE_MS = 30_000;
/** The 404 answers the site prepares at start, on a busy machine. */
const PREPARE_DEADLINE_MS = 60_000;
/** What a test does besides its waits: its own timeout covers both, so a wait fails with its message. */
const TEST_MARGIN_MS = 30_000;

let real: RealSiteOnContent | undefined;

const get = (pathWithQuery: string, headers: Record<string, string> = {}): Promise<RawResponse> =>
  rawRequest((real as RealSiteOnContent).port, pathWithQuery, { headers });

beforeAll(
  async () => {
    real = await serveRealBuildOnContent("render-thread", { logLevel: "info" });
    // The 404 pages are prepared at start: renders of the thread, not a visitor's.
    await real.logs.waitFor(
      (lines) => lines.some((line) => line.message === "404 answers prepared at start"),
      PREPARE_DEADLINE_MS,
    );
  },
  REAL_SITE_START_MS + CONTENT_SERVER_START_MS + PREPARE_DEADLINE_MS,
);

afterAll(async () => {
  await real?.close();
});

describe("the render thread", () => {
  it("renders a page, byte for byte as the build did", async () => {
    const before = await renderFigures();
    // A form outcome no form has: rendered (the route reads `sent`), and then the page is
    // the one the build prerendered. (Not compared with the serving thread's own render:
    // under the test runner, its copy of the build is transformed as it loads.)
    const response = await get("/contact?sent=no-such-form");
    expect(response.status).toBe(200);
    expect(answerSource((real as RealSiteOnContent).logs, "/contact")).toBe("render");
    const after = await renderFigures();
    expect(after.admitted - before.admitted).toBe(1);
    expect(after.running).toBe(0);
    const built = await readFile(
      path.join((real as RealSiteOnContent).buildDir, "client", "contact", "index.html"),
      "utf8",
    );
    // The page names its own address where the consent form returns to.
    expect(response.text.replaceAll("/contact?sent=no-such-form", "/contact")).toBe(built);
  });

  it("compresses what it rendered for the encoding asked", async () => {
    const identity = await get("/contact?sent=contact");
    const response = await get("/contact?sent=contact", { "accept-encoding": "br" });
    expect(response.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(response.body).toString("utf8")).toBe(identity.text);
  });

  it("runs a form's action too, with the body the server read", async () => {
    const before = await renderFigures();
    const response = await fetch(`http://127.0.0.1:${(real as RealSiteOnContent).port}/contact`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "_form=contact&email=someone%40example.com",
    });
    // The action read the form, and answers as it does without a forms service to store it.
    expect(response.status).toBe(503);
    expect(await response.text()).toContain(FORM_ERRORS.unavailable);
    // It took a render's turn (a submission's), as every action does.
    expect((await renderFigures()).admitted - before.admitted).toBe(1);
  });

  it(
    "watches the CMS itself: after a change it renders, and prepares the 404, as changed",
    async () => {
      const site = real as RealSiteOnContent;
      const before = await get("/contact?sent=contact");
      expect(before.text).toContain(CONSENT_BANNER_HEADING);
      expect((await get("/wp-login.php")).text).toContain(CONSENT_BANNER_HEADING);
      const { heading, since } = await retitleConsentBanner(site, CHANGE_DEADLINE_MS);
      // The change was heard and classified on the render thread, not here.
      const changed = site.logs.lines
        .slice(since)
        .find((line) => line.message === "content changed");
      expect(changed?.fields).toMatchObject({ event: "entry", type: "update" });
      const after = await get("/contact?sent=contact");
      expect(after.status).toBe(200);
      expect(after.text).toContain(heading);
      expect(after.text).not.toContain(CONSENT_BANNER_HEADING);
      // The catch-all's 404 shows the banner: it is prepared again from the thread's content.
      await site.logs.waitFor(
        (lines) =>
          lines
            .slice(since)
            .some(
              (line) =>
                line.message === "404 answer prepared" &&
                line.fields.route === "routes/not-found" &&
                line.fields.kind === "page",
            ),
        CHANGE_DEADLINE_MS,
      );
      const rendersBefore = (await renderFigures()).admitted;
      const notFound = await get("/wp-login.php");
      expect(notFound.status).toBe(404);
      expect(notFound.text).toContain(heading);
      expect(notFound.text).not.toContain(CONSENT_BANNER_HEADING);
      // The prepared page, not a render for this visitor.
      expect(answerSource(site.logs, "/wp-login.php")).toBe("not-found");
      expect((await renderFigures()).admitted).toBe(rendersBefore);
    },
    2 * CHANGE_DEADLINE_MS + TEST_MARGIN_MS,
  );
});
