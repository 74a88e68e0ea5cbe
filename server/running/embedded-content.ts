// Starts the embedded local content service (content-server/) for start, dev and build,
// with the identity the site's environment expects and a clear message when its port is taken.
import type { SiteEnv } from "../../app/config/env.server";
import type { SiteLogger } from "../../app/logging/logger.server";
import { type RunningContentServer, startContentServer } from "../../content-server/server";

export class PortInUseError extends Error {
  constructor(
    readonly variable: "PORT" | "CONTENT_PORT" | "METRICS_PORT",
    readonly port: number,
  ) {
    super(
      `${variable}=${port} is already in use: stop what listens there, or set ${variable} to a free port`,
    );
    this.name = "PortInUseError";
  }
}

export function isAddressInUse(error: unknown): boolean {
  return (error as NodeJS.ErrnoException)?.code === "EADDRINUSE";
}

export interface EmbeddedContentOptions {
  /** Default env.contentPort; 0 picks a free port (builds). */
  port?: number;
  logger: SiteLogger;
  /** Pick up edits to the snapshot while running (default true; builds pass false). */
  watch?: boolean;
}

export async function startEmbeddedContent(
  env: SiteEnv,
  options: EmbeddedContentOptions,
): Promise<RunningContentServer> {
  const port = options.port ?? env.contentPort;
  const { logger } = options;
  try {
    return await startContentServer({
      dir: env.contentDir,
      port,
      // Only the site reads it: loopback whatever CONTENT_HOST says (that is for
      // `npm run content-server`). Its media transforms go where CONTENT_CACHE_DIR says.
      host: "127.0.0.1",
      cacheDir: env.contentCacheDir,
      identity: {
        orgId: env.bcms.orgId,
        instanceId: env.bcms.instanceId,
        apiKeyId: env.bcms.apiKey.id,
        apiKeySecret: env.bcms.apiKey.secret,
      },
      watch: options.watch ?? true,
      logger: {
        info: (message) => logger.info(message, { service: "content" }),
        warn: (message) => logger.warn(message, { service: "content" }),
        error: (message) => logger.error(message, { service: "content" }),
      },
    });
  } catch (error) {
    if (isAddressInUse(error)) throw new PortInUseError("CONTENT_PORT", port);
    throw error;
  }
}
