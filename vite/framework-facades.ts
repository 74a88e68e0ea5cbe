// React and React DOM are CommonJS. Every client chunk that imports them unwraps the
// module with the bundler's interop helpers, and because several chunks need those
// helpers they become a chunk of their own (one more request, ~0.6 KB gzip on every page).
// This plugin resolves the app's imports of React to small ESM facades that live in the
// framework chunk (vite.config.ts): the unwrapping happens once, there, and app chunks
// import plain named bindings. A React API the app starts to use must be added to its
// facade: until it is, the build stops with an error naming the app file, the API and the
// facade to add it to.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";
import { isAppModule, projectPath } from "./project-modules.ts";

const FACADES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "facades");
const FACADES: Record<string, string> = {
  react: path.join(FACADES_DIR, "react.ts"),
  "react/jsx-runtime": path.join(FACADES_DIR, "react-jsx-runtime.ts"),
  "react-dom/client": path.join(FACADES_DIR, "react-dom-client.ts"),
};
/** True for a facade file, for the framework chunk group. */
export function isFacadeModule(id: string): boolean {
  return projectPath(id)?.startsWith("vite/facades/") ?? false;
}

/** The names a facade file exports (its `export const { a, b } = …` lists). */
export function facadeExports(facadeSource: string): Set<string> {
  const names = new Set<string>();
  for (const match of facadeSource.matchAll(/export const \{([^}]*)\}/g)) {
    for (const name of (match[1] ?? "").split(",")) if (name.trim()) names.add(name.trim());
  }
  return names;
}

/**
 * The value bindings `code` imports by name from each facaded module that its facade does
 * not export (type-only imports are erased and need no facade).
 */
export function missingFacadeImports(
  code: string,
  exportsOf: (module: string) => Set<string> | undefined,
): { module: string; name: string }[] {
  const missing: { module: string; name: string }[] = [];
  const imports = /import\s+(type\s+)?(?:[\w$]+\s*,\s*)?\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;
  for (const [, typeOnly, list, module] of code.matchAll(imports)) {
    const available = module ? exportsOf(module) : undefined;
    if (typeOnly || !available || list === undefined) continue;
    for (const item of list.split(",")) {
      const spec = item.trim();
      if (!spec || spec.startsWith("type ")) continue;
      const name = spec.split(/\s+as\s+/)[0]?.trim() ?? "";
      if (name && !available.has(name)) missing.push({ module: module as string, name });
    }
  }
  return missing;
}

export function frameworkFacades(): Plugin {
  const exportsByModule = new Map<string, Set<string>>();
  const exportsOf = (module: string) => {
    const file = FACADES[module];
    if (!file) return undefined;
    let names = exportsByModule.get(module);
    if (!names) {
      names = facadeExports(readFileSync(file, "utf8"));
      exportsByModule.set(module, names);
    }
    return names;
  };
  return {
    name: "id5:framework-facades",
    enforce: "pre",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    resolveId(source, importer) {
      const facade = FACADES[source];
      if (facade && importer && isAppModule(importer)) return facade;
      return null;
    },
    transform(code, id) {
      if (!isAppModule(id) || !/\.[cm]?[jt]sx?$/.test(id.split("?")[0] ?? "")) return null;
      const missing = missingFacadeImports(code, exportsOf);
      if (missing.length === 0) return null;
      const lines = missing.map(
        ({ module, name }) =>
          `${path.relative(process.cwd(), id)} imports ${name} from "${module}": add it to ${path.relative(process.cwd(), FACADES[module] as string)}`,
      );
      this.error(
        `React API not in its client facade (see vite/framework-facades.ts):\n${lines.join("\n")}`,
      );
    },
  };
}
