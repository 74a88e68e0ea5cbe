import { existsSync, readFileSync } from "node:fs";
import type { Config } from "@react-router/dev/config";

// Written by scripts/prerender-paths.ts (run by scripts/build.ts before this build).
const CONTENT_PATHS_FILE = ".cache/prerender-paths.json";

function contentPaths(): string[] {
  if (!existsSync(CONTENT_PATHS_FILE)) {
    console.warn(`${CONTENT_PATHS_FILE} is missing: only fixed routes are prerendered`);
    return [];
  }
  const list: unknown = JSON.parse(readFileSync(CONTENT_PATHS_FILE, "utf8"));
  return Array.isArray(list) ? list.filter((p): p is string => typeof p === "string") : [];
}

/**
 * Paths prerendered at once. A page waits on the content service (another process) and a
 * share image on sharp's own threads, so one at a time left both cores half idle.
 */
const PRERENDER_CONCURRENCY = 4;

export default {
  ssr: true,
  // Every known page at build time: the fixed routes plus every CMS slug. The build reads
  // the configured CMS, or the embedded content service that scripts/build.ts starts.
  prerender: {
    paths({ getStaticPaths }) {
      if (process.env.PRERENDER_MIN) return ["/about"];
      // Not pages: the site-agreement PDFs and the consent form's POST address.
      const fixed = getStaticPaths().filter(
        (path) => !path.endsWith(".pdf") && path !== "/consent",
      );
      return [...new Set([...fixed, ...contentPaths()])];
    },
    concurrency: PRERENDER_CONCURRENCY,
  },
} satisfies Config;
