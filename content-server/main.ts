/**
 * `npm run content-server`: the local content service alone. Configuration from
 * the environment (CONTENT_DIR, CONTENT_PORT, CONTENT_HOST, CONTENT_CACHE_DIR and
 * the BCMS_* identity of docs/content-model.md); stops cleanly on SIGTERM/SIGINT,
 * finishing queued writes first.
 */
import {
  DEFAULT_CACHE_DIR,
  DEFAULT_CONTENT_DIR,
  DEFAULT_CONTENT_PORT,
  identityFromEnv,
} from "./identity";
import { consoleLogger } from "./logger";
import { startContentServer } from "./server";

function readPort(value: string | undefined): number {
  if (value === undefined || value === "") return DEFAULT_CONTENT_PORT;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`CONTENT_PORT must be a port number (0-65535), got "${value}"`);
  }
  return port;
}

async function main(): Promise<void> {
  const dir = process.env.CONTENT_DIR || DEFAULT_CONTENT_DIR;
  const identity = identityFromEnv();
  const server = await startContentServer({
    dir,
    port: readPort(process.env.CONTENT_PORT),
    host: process.env.CONTENT_HOST || "127.0.0.1",
    cacheDir: process.env.CONTENT_CACHE_DIR || DEFAULT_CACHE_DIR,
    identity,
    logger: consoleLogger,
  });
  consoleLogger.info(
    `content server listening on ${server.url} (org ${identity.orgId}, instance ${identity.instanceId}, snapshot ${server.store.dir})`,
  );
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    consoleLogger.info(`content server: ${signal} received, shutting down`);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        consoleLogger.error(`content server: shutdown failed: ${(error as Error).message}`);
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch((error: unknown) => {
  consoleLogger.error(`content server failed to start: ${(error as Error).message}`);
  process.exit(1);
});
