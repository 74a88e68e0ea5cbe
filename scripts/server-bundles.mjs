// The server's JavaScript bundles: what `npm start` runs (scripts/start.mjs) and the render
// thread's entry (server/rendering/render-thread.ts), each the entry's sources with what
// they import of ours, packages left in node_modules. Written below build/, so a bundle
// finds the project folder and its packages as the sources do (build-stamp.ts).
// Each bundle records the sources it was made of (hashed) beside it: a start whose bundles
// are current writes nothing, so the image (which bundles at build time, scripts/image/build.sh)
// runs on a read-only root filesystem. `node scripts/server-bundles.mjs` makes them now.
// JavaScript, because it runs before anything can compile TypeScript.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build, version as esbuildVersion, stop } from "esbuild";

const projectDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export const SERVER_BUNDLES = {
  server: { entry: "server/main.ts", file: "build/server.mjs" },
  renderWorker: { entry: "server/rendering/render-worker.ts", file: "build/render-worker.mjs" },
};

const BUNDLE_OPTIONS = {
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node26",
  packages: "external",
  logLevel: "warning",
};

/** The record beside a bundle: what it was made of. */
function recordFile(bundle) {
  return `${bundle}.inputs.json`;
}

/** A hash of the bundler, its options and each input's path and bytes; undefined if one is gone. */
function hashInputs(inputs) {
  const hash = createHash("sha256");
  hash.update(`esbuild ${esbuildVersion} ${JSON.stringify(BUNDLE_OPTIONS)}\n`);
  for (const input of [...inputs].sort()) {
    let bytes;
    try {
      bytes = readFileSync(path.join(projectDir, input));
    } catch {
      return undefined;
    }
    hash.update(`${input}\n`);
    hash.update(bytes);
    hash.update("\n");
  }
  return hash.digest("hex");
}

/** True when the bundle exists and none of the sources it was made of changed since. */
export function bundleIsCurrent(name) {
  return fileIsCurrent(path.join(projectDir, SERVER_BUNDLES[name].file));
}

function fileIsCurrent(bundle) {
  if (!existsSync(bundle)) return false;
  try {
    const record = JSON.parse(readFileSync(recordFile(bundle), "utf8"));
    return Array.isArray(record.inputs) && hashInputs(record.inputs) === record.hash;
  } catch {
    return false;
  }
}

/** Bundles one of SERVER_BUNDLES now; resolves with the bundle's absolute path. */
export function bundleServer(name) {
  const { entry, file } = SERVER_BUNDLES[name];
  return bundleWithRecord(entry, path.join(projectDir, file));
}

async function bundleWithRecord(entry, bundle) {
  // Processes bundling side by side each write their own file and swap it in whole.
  const unique = `${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  const written = `${bundle}.${unique}`;
  mkdirSync(path.dirname(bundle), { recursive: true });
  const result = await bundleEntry(projectDir, entry, written, { metafile: true });
  const inputs = Object.keys(result.metafile.inputs);
  const record = `${recordFile(bundle)}.${unique}`;
  writeFileSync(record, `${JSON.stringify({ hash: hashInputs(inputs), inputs })}\n`);
  // The bundle first: a record never describes a bundle that is not there yet.
  renameSync(written, bundle);
  renameSync(record, recordFile(bundle));
  return bundle;
}

/**
 * Bundles `entry` (relative to `root`) into `outfile`: its sources with what they import
 * of ours, packages left in node_modules (tests compile operators' commands so too).
 */
export function bundleEntry(root, entry, outfile, extra = {}) {
  return build({
    ...BUNDLE_OPTIONS,
    ...extra,
    entryPoints: [path.join(root, entry)],
    outfile,
    absWorkingDir: root,
    tsconfig: path.join(root, "tsconfig.json"),
  });
}

/** The bundle's absolute path, bundled first only when it is missing or behind its sources. */
export function currentBundle(name) {
  return currentBundleOf(SERVER_BUNDLES[name].entry, SERVER_BUNDLES[name].file);
}

/**
 * As currentBundle, for any entry of the project and a file of its own (relative to the
 * project): tests run the content service's process so, not through a TypeScript loader.
 */
export async function currentBundleOf(entry, file) {
  const bundle = path.join(projectDir, file);
  return fileIsCurrent(bundle) ? bundle : bundleWithRecord(entry, bundle);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const name of Object.keys(SERVER_BUNDLES)) await bundleServer(name);
  await stop();
}
