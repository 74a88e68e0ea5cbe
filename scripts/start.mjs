// `npm start`: the production server (server/main.ts) run as plain JavaScript. The server and
// what it imports of ours are bundled into build/server.mjs (packages stay in node_modules)
// and imported into this one process, so no TypeScript loader stays resident beside the
// server: its thread and caches cost ~47 MB at start and ~14 MB under load (decision 0011).
// The render thread's entry is bundled too (build/render-worker.mjs). A start bundles again
// only what is behind its sources (about 0.3 s), so the bundles never lag behind them, and
// a start on a current build (the image's) writes nothing into the project.
// This file is JavaScript because it is what runs before anything can compile TypeScript.
import "./require-project-node.mjs";
import { pathToFileURL } from "node:url";
import { stop } from "esbuild";
import { currentBundle } from "./server-bundles.mjs";

const bundle = await currentBundle("server");
await currentBundle("renderWorker");
// esbuild's helper process (and, for its synchronous calls, a worker thread) would
// otherwise stay beside the server for its whole life.
await stop();

// Before anything loads React.
process.env.NODE_ENV ??= "production";
const { main } = await import(pathToFileURL(bundle).href);
await main();
