// The one BCMS client of the server process, created on first use from the validated
// environment. Route modules reach content only through the content layer that uses it.

import { getEnv } from "~/config/env.server";
import { toConsoleStyle } from "~/logging/logger.server";
import { type BcmsClient, createBcmsClient } from "../../bcms";
import { logger } from "./log.server";

let client: BcmsClient | undefined;

export function getContentClient(): BcmsClient {
  if (!client) {
    const env = getEnv();
    client = createBcmsClient({
      orgId: env.bcms.orgId,
      instanceId: env.bcms.instanceId,
      apiKey: env.bcms.apiKey,
      cmsOrigin: env.bcms.origin,
      // Prerendering and rendering read each template's entries many times: keep them in
      // memory; the socket (connected by the server, see watchContentChanges) keeps them fresh.
      useMemCache: true,
      // The dev server has no watcher of its own: keep its cache live too. (Production
      // servers connect through watchContentChanges; builds never hold a socket open.)
      enableSocket: env.development,
      injectSvg: true,
      logger: toConsoleStyle(logger),
    });
  }
  return client;
}

/**
 * Drops everything the client holds: the serving thread's, which watches nothing when a
 * render thread watches the CMS for the process, at each change it is told of (its next
 * reads, for previews and media, come from the CMS).
 */
export function forgetContent(): void {
  client?.clearCache();
}
