// The CMS part of the prerender list (every news, event, resource and sign-up slug, and
// every article's share image),
// collected before `react-router build` and handed to react-router.config.ts in a file:
// the config cannot load the app's TypeScript at the time React Router calls prerender().
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { readContentVersions } from "../app/content/content-versions.server";
import { listEventPaths } from "../app/content/templates/event.server";
import { listNewsImagePaths, listNewsPaths } from "../app/content/templates/news-article.server";
import { listResourcePaths } from "../app/content/templates/resource.server";
import { listUniversalIdPaths } from "../app/content/templates/universal-id-page.server";

export const PRERENDER_PATHS_FILE = resolve(".cache/prerender-paths.json");
/**
 * What the CMS holds before anything is prerendered (app/content/content-versions.ts): an
 * edit made while the build runs is newer than this record, so the server finds it at start.
 */
export const BUILD_CONTENT_VERSIONS_FILE = resolve(".cache/content-versions.json");

/** Every path with CMS content of its own (the fixed routes come from routes.ts). */
export async function listContentPaths(): Promise<string[]> {
  const lists = await Promise.all([
    listNewsPaths(),
    listNewsImagePaths(),
    listEventPaths(),
    listResourcePaths(),
    listUniversalIdPaths(),
  ]);
  return lists.flat();
}

/** Reads the content service named by the environment and writes the path list. */
export async function writePrerenderPaths(file = PRERENDER_PATHS_FILE): Promise<string[]> {
  const paths = await listContentPaths();
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(paths, null, 2)}\n`);
  return paths;
}

/** Writes the content versions the build's pages are rendered from (at least as new). */
export async function writeBuildContentVersions(file = BUILD_CONTENT_VERSIONS_FILE): Promise<void> {
  const versions = await readContentVersions();
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(versions)}\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // First: the record must not be newer than anything prerendered.
  await writeBuildContentVersions();
  const paths = await writePrerenderPaths();
  console.log(`${paths.length} content paths written to ${PRERENDER_PATHS_FILE}`);
  process.exit(0);
}
