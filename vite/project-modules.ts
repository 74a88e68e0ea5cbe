// Where a module the bundler sees sits in this project. Bundler ids are absolute paths, and
// the project's own folders (app/, vite/) can appear anywhere above it: the image builds in
// /app, so a pattern like /[\\/]app[\\/]/ on an absolute id matched every module there,
// node_modules included. Rules match the path relative to the project's root instead.
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The project's root: the folder above vite/. */
export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * `id` relative to the project's root with forward slashes, without a query (`?raw`), or
 * undefined for an id outside the project or not a file (a virtual module).
 */
export function projectPath(id: string, root = PROJECT_ROOT): string | undefined {
  if (!path.isAbsolute(id)) return undefined;
  const relative = path.relative(root, id.split("?")[0] ?? id);
  if (relative === "" || relative.startsWith("..") || path.isAbsolute(relative)) return undefined;
  return relative.split(path.sep).join("/");
}

/** True for a module of the app's own sources (app/…), wherever the project is. */
export function isAppModule(id: string, root = PROJECT_ROOT): boolean {
  return projectPath(id, root)?.startsWith("app/") ?? false;
}
