import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

// Client chunks (docs/decisions/0005-client-chunks-and-budgets.md): by default every module
// shared by two route entries becomes its own small chunk, so the home page loaded ten scripts.
// Two groups instead, measured with `npm run bench -- site`:
//   framework: React, React DOM, the scheduler and React Router in one chunk (they always
//              load together, and compress better together);
//   shell:     every app module the root route imports (layout, client behaviours, shared
//              components): every page loads all of it anyway.
// Route modules and what only routes use stay split per route as before.
const FRAMEWORK_MODULE = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;
const APP_MODULE = /[\\/]app[\\/]/;
const ROOT_MODULE = /[\\/]app[\\/]root\.tsx$/;

interface ModuleGraph {
  getModuleInfo(id: string): { importers: readonly string[] } | null;
}

/** Chunk name "shell" for app modules that app/root.tsx imports, directly or not. */
function shellChunk() {
  // Only positive answers are kept: a "no" found inside an import cycle may be partial.
  const imported = new Set<string>();
  const importedByRoot = (id: string, graph: ModuleGraph, seen: Set<string>): boolean => {
    if (imported.has(id)) return true;
    if (seen.has(id)) return false;
    seen.add(id);
    const result = (graph.getModuleInfo(id)?.importers ?? []).some(
      (importer) => ROOT_MODULE.test(importer) || importedByRoot(importer, graph, seen),
    );
    if (result) imported.add(id);
    return result;
  };
  return (id: string, graph: ModuleGraph) =>
    importedByRoot(id, graph, new Set()) ? "shell" : null;
}

export default defineConfig({
  plugins: [reactRouter()],
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: "framework", test: FRAMEWORK_MODULE, priority: 2 },
                {
                  name: shellChunk(),
                  // The root module itself stays the root route's chunk (its entry).
                  test: (id) => APP_MODULE.test(id) && !ROOT_MODULE.test(id) && !id.includes("?"),
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
