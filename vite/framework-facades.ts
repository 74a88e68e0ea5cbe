// React and React DOM are CommonJS. Every client chunk that imports them unwraps the
// module with the bundler's interop helpers, and because several chunks need those
// helpers they become a chunk of their own (one more request, ~0.6 KB gzip on every page).
// This plugin resolves the app's imports of React to small ESM facades that live in the
// framework chunk (vite.config.ts): the unwrapping happens once, there, and app chunks
// import plain named bindings. A React API the app starts to use must be added to its
// facade; the build fails with a missing-export error until it is.
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

const FACADES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "facades");
const FACADES: Record<string, string> = {
  react: path.join(FACADES_DIR, "react.ts"),
  "react/jsx-runtime": path.join(FACADES_DIR, "react-jsx-runtime.ts"),
  "react-dom/client": path.join(FACADES_DIR, "react-dom-client.ts"),
};
/** Facade files, for the framework chunk group. */
export const FACADE_MODULE = /[\\/]vite[\\/]facades[\\/]/;
const APP_MODULE = /[\\/]app[\\/]/;

export function frameworkFacades(): Plugin {
  return {
    name: "id5:framework-facades",
    enforce: "pre",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    resolveId(source, importer) {
      const facade = FACADES[source];
      if (facade && importer && APP_MODULE.test(importer)) return facade;
      return null;
    },
  };
}
