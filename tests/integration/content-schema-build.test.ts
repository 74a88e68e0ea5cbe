// The first connection to a new CMS, end to end: an instance with no templates (the local
// content service as its own process, over a folder holding only the seed's language and
// media) is given the content model by `content:schema --apply`, the seed's entries are
// entered through its API, and a real build of the site from that instance serves every
// page the seed has.
import { readdir, rm } from "node:fs/promises";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { LOCAL_CONTENT_IDENTITY, parseEnv } from "../../app/config/env.server";
import { entryPath, TEMPLATES } from "../../app/content/entries.server";
import { CONTENT_MODEL } from "../../app/content/model";
import { readString } from "../../app/content/read.server";
import { silentLogger, toConsoleStyle } from "../../app/logging/logger.server";
import { createBcmsClient } from "../../bcms";
import { buildSite } from "../../scripts/build";
import { runContentSchema } from "../../scripts/content-schema/run";
import { openSnapshotEntries } from "../../scripts/snapshot-entries";
import { PROJECT_DIR } from "../../server/running/build-stamp";
import { createSiteServer, type SiteServer } from "../../server/site-server";
import { SITE_BUILD_TIMEOUT_MS, TEST_BUILD_SETTINGS } from "../support/build-settings";
import {
  type ContentServerProcess,
  LOCAL_CMS_VARIABLES,
  spawnContentServer,
} from "../support/content-server-process";
import { type ProjectCopy, temporaryProject } from "../support/project-copy";
import { copySeedEntriesThroughApi } from "../support/seed-through-api";
import { copySnapshot, removeSnapshot } from "../support/snapshot-copy";

const SEED = path.join(PROJECT_DIR, "content");

let snapshot: string | undefined;
let content: ContentServerProcess | undefined;
let project: ProjectCopy | undefined;
let site: SiteServer | undefined;
const previousNodeEnv = process.env.NODE_ENV;

afterAll(async () => {
  await site?.close();
  content?.child.kill("SIGKILL");
  await content?.exited;
  if (snapshot) await removeSnapshot(snapshot);
  await project?.remove();
  if (previousNodeEnv === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = previousNodeEnv;
});

/** React's escaping of text, to find a title in the page. */
const asHtmlText = (text: string) =>
  text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#x27;");

/** Templates whose pages show their entry's title as it is (others may show a hero's). */
const TITLED: ReadonlySet<string> = new Set([
  TEMPLATES.newsArticle,
  TEMPLATES.event,
  TEMPLATES.resource,
  TEMPLATES.job,
]);

/** The seed's published pages: each path with a title its page shows, when known. */
async function seedPages(): Promise<Map<string, string[]>> {
  const { entriesOf } = await openSnapshotEntries(SEED);
  const pages = new Map<string, string[]>();
  for (const template of Object.values(TEMPLATES)) {
    for (const { local, published } of entriesOf(template)) {
      const pathOf = local && entryPath(local);
      const title = local && readString(local.meta.title);
      if (!published || !pathOf) continue;
      const titles = pages.get(pathOf) ?? [];
      if (title && TITLED.has(template)) titles.push(title);
      pages.set(pathOf, titles);
    }
  }
  return pages;
}

describe("a new CMS instance brought to the model by content:schema", () => {
  it(
    "builds and serves the seed's pages from content entered through the API",
    async () => {
      snapshot = await copySnapshot("schema-build", { withMediaFiles: true });
      for (const kind of ["templates", "groups", "widgets", "statuses", "entries"]) {
        for (const file of await readdir(path.join(snapshot, kind))) {
          await rm(path.join(snapshot, kind, file));
        }
      }
      content = await spawnContentServer(snapshot, `${snapshot}-cache`, 0, LOCAL_CMS_VARIABLES);
      const client = createBcmsClient({
        cmsOrigin: content.url,
        orgId: LOCAL_CONTENT_IDENTITY.orgId,
        instanceId: LOCAL_CONTENT_IDENTITY.instanceId,
        apiKey: {
          id: LOCAL_CONTENT_IDENTITY.apiKeyId,
          secret: LOCAL_CONTENT_IDENTITY.apiKeySecret,
        },
        logger: toConsoleStyle(silentLogger),
      });
      const out: string[] = [];
      const code = await runContentSchema({
        client,
        model: CONTENT_MODEL,
        apply: true,
        print: (line) => out.push(line),
        warn: (line) => out.push(line),
      });
      client.close();
      expect(code, out.join("\n")).toBe(0);

      const seedEntries = (await readdir(path.join(SEED, "entries"))).length;
      expect(await copySeedEntriesThroughApi(SEED, content.url)).toBe(seedEntries);

      project = await temporaryProject("schema-build-project");
      const processEnv: NodeJS.ProcessEnv = {
        ...Object.fromEntries(
          Object.entries(process.env).filter(([name]) => !name.startsWith("BCMS_")),
        ),
        ...TEST_BUILD_SETTINGS,
        ...LOCAL_CMS_VARIABLES,
        BCMS_ORIGIN: content.url,
        METRICS_PORT: "0",
        // The build's and the server's store, in the copy (never this project's .data/).
        DATA_DIR: path.join(project.dir, ".data"),
      };
      const env = parseEnv(processEnv);
      const output: string[] = [];
      const built = await buildSite({
        env,
        processEnv,
        projectDir: project.dir,
        logger: silentLogger,
        write: (line) => output.push(line),
      }).catch((error: unknown) => {
        throw new Error(`the build failed:\n${output.slice(-30).join("\n")}`, { cause: error });
      });

      const pages = await seedPages();
      expect(pages.size).toBeGreaterThan(20);
      expect(built.prerenderedPages).toEqual(expect.arrayContaining([...pages.keys()]));

      process.env.NODE_ENV = "production";
      const buildDir = path.join(project.dir, "build");
      // As `npm start` serves it: the server loads the build and renders on its render thread.
      site = await createSiteServer({ buildDir, env, logger: silentLogger });
      const { port } = await site.listen(0, "127.0.0.1");
      const failures: string[] = [];
      for (const [pagePath, titles] of pages) {
        const response = await fetch(`http://127.0.0.1:${port}${pagePath}`);
        const html = await response.text();
        if (response.status !== 200) failures.push(`${pagePath}: ${response.status}`);
        for (const title of titles) {
          if (!html.includes(asHtmlText(title))) failures.push(`${pagePath}: no "${title}"`);
        }
      }
      expect(failures).toEqual([]);
    },
    SITE_BUILD_TIMEOUT_MS + 120_000,
  );
});
