// Run by npm after every install ("postinstall"): corrects installed packages where their
// newest release for our platform still does something we cannot change from our own
// configuration. Each correction replaces exact text, and does nothing once a release no
// longer has that text, so an upgrade that fixes it upstream needs no change here.
// JavaScript without imports from node_modules: it runs right after an install.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const projectDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * @react-router/dev 7 starts its internal Vite servers (the config loader, the route
 * compiler) with `envFile: false`, which Vite 8.1+ reports as deprecated on every build.
 * `envDir: false` is the same setting (Vite 6.3+). React Router 8 uses it, but needs Node 22.
 */
export const CORRECTIONS = [
  {
    packageName: "@react-router/dev",
    files: ["dist/vite.js", "dist/cli/index.js", "dist/vite/cloudflare.js"],
    from: "envFile: false",
    to: "envDir: false",
  },
];

/** Applies every correction under `nodeModules`; returns how many places changed. */
export function applyCorrections(nodeModules = path.join(projectDir, "node_modules")) {
  let changed = 0;
  for (const correction of CORRECTIONS) {
    const packageDir = path.join(nodeModules, correction.packageName);
    // A production install leaves development packages out.
    if (!existsSync(packageDir)) continue;
    for (const file of correction.files) {
      const filePath = path.join(packageDir, file);
      if (!existsSync(filePath)) continue;
      const text = readFileSync(filePath, "utf8");
      const places = text.split(correction.from).length - 1;
      if (places === 0) continue;
      writeFileSync(filePath, text.replaceAll(correction.from, correction.to));
      changed += places;
    }
  }
  return changed;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const changed = applyCorrections();
  if (changed > 0) console.log(`patch-dependencies: ${changed} place(s) corrected`);
}
