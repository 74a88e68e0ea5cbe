// The one BCMS client of the server process, created on first use from the validated
// environment. Route modules reach content only through the content layer that uses it.

import { getEnv } from "~/config/env.server";
import { toConsoleStyle } from "~/logging/logger.server";
import {
  type BcmsClient,
  CONTENT_EVENT_NAMES,
  type ContentEvent,
  createBcmsClient,
  parseContentEvent,
} from "../../bcms";
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
      enableSocket: process.env.NODE_ENV === "development",
      injectSvg: true,
      logger: toConsoleStyle(logger),
    });
  }
  return client;
}

/**
 * Connects the CMS socket and calls `onChange` for every content event, after the client's
 * own caches have dropped what the event touched. Returns a function that stops watching.
 */
export function watchContentChanges(onChange: (event: ContentEvent) => void): () => void {
  const bcms = getContentClient();
  const stops = CONTENT_EVENT_NAMES.map((name) =>
    bcms.socket.on(name, (data) => {
      const event = parseContentEvent(name, data);
      if (event) onChange(event);
    }),
  );
  // Events sent while the socket was down are lost, and content read meanwhile may be
  // older than the CMS: after any interruption (including a failed first attempt), the
  // first open drops the client's caches and counts as a change of everything.
  let interrupted = false;
  stops.push(
    bcms.socket.onStateChange((state) => {
      if (state === "closed" || state === "reconnecting") {
        interrupted = true;
      } else if (state === "open" && interrupted) {
        interrupted = false;
        bcms.clearCache();
        onChange({ name: "template", type: "update", id: null, templateId: null });
      }
    }),
  );
  bcms.socket.connect().catch(() => {
    // The socket logs the failure and keeps reconnecting by itself.
  });
  return () => {
    for (const stop of stops) stop();
    bcms.socket.disconnect();
  };
}
