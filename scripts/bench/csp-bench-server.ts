// The older site server of the CSP benchmark (scripts/bench/csp-bench.ts): the server code
// under ROOT (a copy of the commit before the hash policy) over the build in BUILD_DIR, on
// PORT. Prerendered pages only: that server still takes a build held in memory, and a stub
// stands in for React Router's handler, so no content service runs.
// Logs as the real server does (one JSON line per request on stdout).
// Usage: node --import tsx scripts/bench/csp-bench-server.ts ROOT BUILD_DIR PORT
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { DEFAULT_SITE_ORIGIN } from "../../app/config/env.server";

const [root, buildDir, port] = process.argv.slice(2);
if (!root || !buildDir || !port) throw new Error("usage: csp-bench-server ROOT BUILD_DIR PORT");

const load = (file: string) => import(pathToFileURL(path.join(root, file)).href);
const { createSiteServer } = await load("server/site-server.ts");
const { parseEnv } = await load("app/config/env.server.ts");
// The logger's home moved to app/logging/ (decision 0009); older trees keep it in server/.
const loggerFile = ["app/logging/logger.server.ts", "server/logging.ts"].find((file) =>
  existsSync(path.join(root, file)),
);
if (!loggerFile) throw new Error(`no logger under ${root}`);
const { createJsonLogger } = await load(loggerFile);

const server = await createSiteServer({
  buildDir,
  env: parseEnv({ SITE_ORIGIN: DEFAULT_SITE_ORIGIN }),
  logger: createJsonLogger({ level: "info" }),
  build: { handler: async () => new Response("not rendered in this benchmark", { status: 404 }) },
});
await server.listen(Number(port), "127.0.0.1");
process.stderr.write("ready\n");
const stop = () => server.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
