import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { frameworkFacades, isFacadeModule } from "./vite/framework-facades.ts";
import { prerenderWithoutTrailingSlash } from "./vite/prerender-without-trailing-slash.ts";
import { isAppModule, projectPath } from "./vite/project-modules.ts";

// Client chunks (docs/decisions/0005-client-chunks-and-budgets.md): by default every module
// shared by two route entries becomes its own small chunk, so the home page loaded ten scripts.
// Two groups instead, measured with `npm run bench -- site`:
//   framework: React, React DOM, the scheduler and React Router in one chunk (they always
//              load together, and compress better together);
//   shell:     every app module the root route or the browser entry imports (layout, client
//              behaviours, the chunk reload guard, shared components): every page loads all
//              of it anyway, and one file compresses better than several small ones.
// Route modules and what only routes use stay split per route as before.
// A package folder, wherever node_modules is (a linked node_modules resolves outside the project).
const FRAMEWORK_MODULE = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;
// The app's own files are matched on their path in the project (vite/project-modules.ts).
/** The entries of every page: they stay chunks of their own. */
const isEntryModule = (id: string) =>
  /^app\/(root|entry\.client)\.tsx$/.test(projectPath(id) ?? "");
/** What every page renders: its hero, rich body and widgets (see the group below). */
const isPageViewModule = (id: string) =>
  projectPath(id) === "app/components/pages/section-page-view.tsx";

interface ModuleGraph {
  getModuleInfo(id: string): { importers: readonly string[] } | null;
}

/** Chunk name "shell" for app modules that root.tsx or entry.client.tsx import, directly or not. */
function shellChunk() {
  // Only positive answers are kept: a "no" found inside an import cycle may be partial.
  const imported = new Set<string>();
  const importedByShellRoot = (id: string, graph: ModuleGraph, seen: Set<string>): boolean => {
    if (imported.has(id)) return true;
    if (seen.has(id)) return false;
    seen.add(id);
    const result = (graph.getModuleInfo(id)?.importers ?? []).some(
      (importer) =>
        isEntryModule(importer) ||
        isPageViewModule(importer) ||
        importedByShellRoot(importer, graph, seen),
    );
    if (result) imported.add(id);
    return result;
  };
  return (id: string, graph: ModuleGraph) =>
    isPageViewModule(id) || importedByShellRoot(id, graph, new Set()) ? "shell" : null;
}

export default defineConfig({
  plugins: [frameworkFacades(), prerenderWithoutTrailingSlash(), reactRouter()],
  environments: {
    // Minified: the inline head scripts of every page (the consent runtime, the attribution
    // recorder) are the server's own functions serialised with Function#toString, and
    // ship in every HTML document (docs/decisions/0008-consent.md has the bytes).
    ssr: { build: { minify: true } },
    client: {
      build: {
        // BUILD_SOURCEMAP=1: source maps for byte attribution (scripts/bench/chunk-attribution.ts).
        sourcemap: process.env.BUILD_SOURCEMAP === "1",
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  test: (id) => FRAMEWORK_MODULE.test(id) || isFacadeModule(id),
                  priority: 2,
                },
                {
                  name: shellChunk(),
                  // The name is a function: this label names the group in the bundler's timing report.
                  debugName: "shell",
                  // root and entry.client themselves stay their own chunks (entries).
                  test: (id) => isAppModule(id) && !isEntryModule(id) && !id.includes("?"),
                  priority: 1,
                },
              ],
            },
          },
        },
      },
    },
  },
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
});
