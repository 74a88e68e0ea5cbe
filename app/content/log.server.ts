// The logger of the content layer, the routes and the forms: the production server's own
// (installed with its settings, so every line of the process has one shape and is scrubbed of
// the API secret), else, in a build's prerendering or the dev server, one made from the
// environment on first use.
import { getEnv } from "~/config/env.server";
import { createJsonLogger, type LogFields, type SiteLogger } from "~/logging/logger.server";

let current: SiteLogger | undefined;

function active(): SiteLogger {
  if (!current) {
    try {
      const env = getEnv();
      current = createJsonLogger({ secrets: [env.bcms.apiKey.secret], level: env.logLevel });
    } catch {
      // An invalid environment is reported where the site starts; log at the default here.
      return createJsonLogger();
    }
  }
  return current;
}

export function installLogger(logger: SiteLogger): void {
  current = logger;
}

export const logger: Required<Omit<SiteLogger, "infoMembers">> = {
  debug: (message: string, fields?: LogFields) => active().debug?.(message, fields),
  info: (message: string, fields?: LogFields) => active().info(message, fields),
  warn: (message: string, fields?: LogFields) => active().warn(message, fields),
  error: (message: string, fields?: LogFields) => active().error(message, fields),
};
