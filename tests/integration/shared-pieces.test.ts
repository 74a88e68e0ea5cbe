// The consent wording spliced into stored pages (server/serving/shared-pieces.ts), on the real
// build with the content service as its own process: after an edit of the banner's heading no
// page is rendered, and every stored page (HTML and `.data`) answers with the new wording,
// byte for byte what a render of the same content makes. The renders compared with come from
// a second instance started after the edit on a fresh copy of the build: it never saw the
// build's wording, so it cannot splice the stored pages and renders each one (and says so),
// per request or into the file its refresher writes.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "../../app/config/env.server";
import { dataRequestOfPage } from "../../app/navigation/page-paths";
import { isPageHtmlFile, requestPathOfFile } from "../../server/addresses/page-addresses";
import { inlineScriptHashes } from "../../server/security/script-hashes";
import { TEST_BUILD_SETTINGS } from "../support/build-settings";
import { CONTENT_SERVER_START_MS, LOCAL_CMS_VARIABLES } from "../support/content-server-process";
import { type RawResponse, rawRequest } from "../support/raw-request";
import { answerSource } from "../support/server-log";
import {
  CONSENT_BANNER_HEADING,
  REAL_SITE_START_MS,
  type RealSite,
  type RealSiteOnContent,
  retitleConsentBanner,
  serveRealBuild,
  serveRealBuildOnContent,
} from "../support/site-build";
import { recordingLogger } from "../support/webhook-receiver";

/** The service's watcher and socket, and the site's read of the wording, on a busy machine. */
const CHANGE_DEADLINE_MS = 30_000;
/** What the test does besides its waits (two instances, 60 pages rendered by the second). */
const TEST_MARGIN_MS = 240_000;

let real: RealSiteOnContent | undefined;
let fresh: RealSite | undefined;

const get = (port: number, pathWithQuery: string, headers: Record<string, string> = {}) =>
  rawRequest(port, pathWithQuery, { headers });

beforeAll(async () => {
  real = await serveRealBuildOnContent("shared-pieces", {
    logLevel: "info",
    // The media files too: a render inlines the SVG logos the build inlined.
    withMediaFiles: true,
  });
}, REAL_SITE_START_MS + CONTENT_SERVER_START_MS);

afterAll(async () => {
  await fresh?.close();
  await real?.close();
});

/** The pages served from stored files (not those with a form, rendered per request). */
async function storedPages(buildDir: string): Promise<string[]> {
  const manifest = JSON.parse(await readFile(path.join(buildDir, "prerendered.json"), "utf8")) as {
    files: string[];
    dynamic: string[];
  };
  const dynamic = new Set(manifest.dynamic);
  return manifest.files
    .filter((file) => isPageHtmlFile(file) && !dynamic.has(file))
    .map(requestPathOfFile)
    .sort();
}

function hashesIn(response: RawResponse): string[] {
  const policy = String(response.headers["content-security-policy"] ?? "");
  return policy.match(/'sha256-[^']+'/g) ?? [];
}

/** Where two texts first differ, with a little of each around it (a page is 50 kB). */
function firstDifference(a: string, b: string): string | undefined {
  if (a === b) return undefined;
  let at = 0;
  while (at < a.length && a[at] === b[at]) at++;
  return `at ${at} of ${a.length}/${b.length}: ${JSON.stringify(a.slice(at - 80, at + 80))} against ${JSON.stringify(b.slice(at - 80, at + 80))}`;
}

async function waitForHeading(port: number, heading: string): Promise<void> {
  const deadline = Date.now() + CHANGE_DEADLINE_MS;
  for (;;) {
    if ((await get(port, "/")).text.includes(heading)) return;
    if (Date.now() > deadline) throw new Error(`"/" never showed "${heading}"`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("the consent wording, spliced into stored pages", () => {
  it(
    "answers every stored page with the new wording, as a render makes it, rendering none",
    async () => {
      const site = real as RealSiteOnContent;
      const pages = await storedPages(site.buildDir);
      expect(pages.length).toBeGreaterThan(20);
      const before = new Map<string, RawResponse>();
      for (const page of pages) before.set(page, await get(site.port, page));
      expect(before.get("/")?.text).toContain(CONSENT_BANNER_HEADING);

      const { heading, since } = await retitleConsentBanner(site, CHANGE_DEADLINE_MS);
      await waitForHeading(site.port, heading);
      const changed = site.logs.lines.slice(since).find((l) => l.message === "content changed");
      expect(changed?.fields.refreshing).toBe(0);

      // A second instance, started after the edit on a copy of the build as it was built.
      const env = parseEnv({
        ...TEST_BUILD_SETTINGS,
        LOG_LEVEL: "info",
        BCMS_ORIGIN: site.contentUrl,
        ...LOCAL_CMS_VARIABLES,
      });
      const freshLogs = recordingLogger();
      fresh = await serveRealBuild(env, freshLogs);
      await waitForHeading(fresh.port, heading);

      for (const page of pages) {
        for (const asked of [page, dataRequestOfPage(page)]) {
          const spliced = await get(site.port, asked);
          const rendered = await get(fresh.port, asked);
          expect(answerSource(site.logs, asked), asked).toBe("prerendered");
          // The second instance's answer is a render: per request (or cached), or the file it wrote.
          expect(["render", "cache", "prerendered"], asked).toContain(
            answerSource(freshLogs, asked),
          );
          expect(spliced.status, asked).toBe(200);
          expect(spliced.text, asked).toContain(
            asked === page ? heading : JSON.stringify(heading).slice(1, -1),
          );
          expect(firstDifference(spliced.text, rendered.text), asked).toBeUndefined();
          // Compressed from the spliced body, and given a new validator.
          const gzip = await get(site.port, asked, { "accept-encoding": "gzip" });
          expect(gzip.headers["content-encoding"], asked).toBe("gzip");
          expect(gunzipSync(gzip.body).toString("utf8"), asked).toBe(rendered.text);
          if (asked === page) {
            expect(spliced.headers.etag, asked).not.toBe(before.get(page)?.headers.etag);
            // The policy allows the scripts the page holds: the context script re-hashed.
            const hashes = hashesIn(spliced);
            for (const hash of inlineScriptHashes(Buffer.from(rendered.text))) {
              expect(hashes, asked).toContain(hash);
            }
          }
        }
      }
      // The second instance could not splice what it never saw, and said so.
      expect(
        freshLogs.lines.some(
          (line) => line.message === "stored page carries no known consent wording: rendered again",
        ),
      ).toBe(true);
      // The first rendered none of them: the change queued no page.
      expect(
        site.logs.lines
          .slice(since)
          .some((line) => line.message === "request" && line.fields.source === "render"),
      ).toBe(false);
    },
    3 * CHANGE_DEADLINE_MS + TEST_MARGIN_MS,
  );
});
