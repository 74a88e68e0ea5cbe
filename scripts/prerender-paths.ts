// The CMS part of the prerender list (every news, event, resource and sign-up slug, and
// every article's share image),
// collected before `react-router build` and handed to react-router.config.ts in a file:
// the config cannot load the app's TypeScript at the time React Router calls prerender().
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { listEventPaths } from "../app/content/templates/event.server";
import { listNewsImagePaths, listNewsPaths } from "../app/content/templates/news-article.server";
import { listResourcePaths } from "../app/content/templates/resource.server";
import { listUniversalIdPaths } from "../app/content/templates/universal-id-page.server";

export const PRERENDER_PATHS_FILE = resolve(".cache/prerender-paths.json");

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

if (import.meta.url === `file://${process.argv[1]}`) {
  const paths = await writePrerenderPaths();
  console.log(`${paths.length} content paths written to ${PRERENDER_PATHS_FILE}`);
  process.exit(0);
}
