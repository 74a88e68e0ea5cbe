// `npm start`: the production server (server/main.ts) run as plain JavaScript. The server and
// what it imports of ours are bundled into build/server.mjs (packages stay in node_modules)
// and imported into this one process, so no TypeScript loader stays resident beside the
// server: its thread and caches cost ~47 MB at start and ~14 MB under load (decision 0011).
// The bundle is made on every start (about 0.3 s), so it never lags behind the sources.
// This file is JavaScript because it is what runs before anything can compile TypeScript.
import { mkdirSync, renameSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build, stop } from "esbuild";

const projectDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// Below the project: the bundle finds the project folder as the sources do (build-stamp.ts).
const bundle = path.join(projectDir, "build", "server.mjs");
// Starts running side by side each write their own file and swap it in whole.
const written = `${bundle}.${process.pid}.tmp`;

mkdirSync(path.dirname(bundle), { recursive: true });
await build({
  entryPoints: [path.join(projectDir, "server", "main.ts")],
  outfile: written,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  tsconfig: path.join(projectDir, "tsconfig.json"),
  logLevel: "warning",
});
// esbuild's helper process (and, for its synchronous calls, a worker thread) would
// otherwise stay beside the server for its whole life.
await stop();
renameSync(written, bundle);

// Before anything loads React.
process.env.NODE_ENV ??= "production";
const { main } = await import(pathToFileURL(bundle).href);
await main();
