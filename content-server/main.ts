/**
 * `npm run content-server`: the local content service alone. Configuration from
 * the environment (CONTENT_DIR, CONTENT_PORT, CONTENT_HOST, CONTENT_CACHE_DIR and
 * the BCMS_* identity of docs/content-model.md), validated by app/config/env.server.ts;
 * stops cleanly on SIGTERM/SIGINT, finishing queued writes first.
 */
import { EnvError, parseEnv } from "../app/config/env.server";
import { createJsonLogger } from "../app/logging/logger.server";
import { startContentServer } from "./server";

let logger = createJsonLogger();

async function main(): Promise<void> {
  const env = parseEnv(process.env);
  logger = createJsonLogger({ secrets: [env.bcms.apiKey.secret], level: env.logLevel });
  const identity = {
    orgId: env.bcms.orgId,
    instanceId: env.bcms.instanceId,
    apiKeyId: env.bcms.apiKey.id,
    apiKeySecret: env.bcms.apiKey.secret,
  };
  const server = await startContentServer({
    dir: env.contentDir,
    port: env.contentPort,
    host: env.contentHost,
    cacheDir: env.contentCacheDir,
    identity,
    logger,
  });
  logger.info(`content server listening on ${server.url}`, {
    org: identity.orgId,
    instance: identity.instanceId,
    snapshot: server.store.dir,
  });
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`content server: ${signal} received, shutting down`);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error(`content server: shutdown failed: ${(error as Error).message}`);
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch((error: unknown) => {
  logger.error(
    error instanceof EnvError
      ? error.message
      : `content server failed to start: ${(error as Error).message}`,
  );
  process.exit(1);
});
