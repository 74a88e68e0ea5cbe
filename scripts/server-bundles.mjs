// The server's JavaScript bundles: what `npm start` runs (scripts/start.mjs) and the render
// thread's entry (server/rendering/render-thread.ts), each the entry's sources with what
// they import of ours, packages left in node_modules. Written below build/, so a bundle
// finds the project folder and its packages as the sources do (build-stamp.ts).
// JavaScript, because it runs before anything can compile TypeScript.
import { mkdirSync, renameSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const projectDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export const SERVER_BUNDLES = {
  server: { entry: "server/main.ts", file: "build/server.mjs" },
  renderWorker: { entry: "server/rendering/render-worker.ts", file: "build/render-worker.mjs" },
};

/** Bundles one of SERVER_BUNDLES; resolves with the bundle's absolute path. */
export async function bundleServer(name) {
  const { entry, file } = SERVER_BUNDLES[name];
  const bundle = path.join(projectDir, file);
  // Processes bundling side by side each write their own file and swap it in whole.
  const written = `${bundle}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  mkdirSync(path.dirname(bundle), { recursive: true });
  await bundleEntry(projectDir, entry, written);
  renameSync(written, bundle);
  return bundle;
}

/**
 * Bundles `entry` (relative to `root`) into `outfile`: its sources with what they import
 * of ours, packages left in node_modules (tests compile operators' commands so too).
 */
export async function bundleEntry(root, entry, outfile) {
  await build({
    entryPoints: [path.join(root, entry)],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    tsconfig: path.join(root, "tsconfig.json"),
    logLevel: "warning",
  });
}
