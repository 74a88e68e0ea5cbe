// Server rendering. Every page is rendered whole before it is sent (no streaming): pages
// are cached and prerendered, and their loaders await all data anyway. The whole document is
// then rewritten once so that the app's scripts wait for the first paint
// (document/first-paint.server.ts).
import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { installEnv } from "./config/env.server";
import { readConsentPiece } from "./consent/consent-markup.server";
import { readRedirectEntries, readRedirectSources } from "./content/cms-redirects.server";
import { observeRefusals } from "./content/cms-values/checked";
import { watchContentChanges } from "./content/content-changes.server";
import { forgetContent } from "./content/content-client.server";
import { readContentVersions } from "./content/content-versions.server";
import { readDeskRows } from "./content/editors-desk.server";
import { readEntryPages } from "./content/entries.server";
import { installPublishedVersionStore } from "./content/last-public-versions.server";
import { installLogger, logger } from "./content/log.server";
import { describePreview, findPreviewEntry } from "./content/preview.server";
import { withPreviewOf, withViewAt } from "./content/preview-context.server";
import { holdScriptsUntilFirstPaint } from "./document/first-paint.server";
import { createLoadContext } from "./forms/context";
import type { SiteBuildExports, SiteSettings } from "./server-build-contract";

/**
 * The production server installs its validated settings and its logger before the first
 * request, so loaders read what it was started with (prerendering and the dev server, which
 * have no such server, parse their own environment).
 */
function configureSite(settings: SiteSettings): void {
  installEnv(settings.env);
  installLogger(settings.logger);
  if (settings.publishedVersions) installPublishedVersionStore(settings.publishedVersions);
  observeRefusals(settings.refusedValue);
}

/** What the production server (server/) reaches of this build (app/server-build-contract.ts). */
export const siteBuild = {
  configureSite,
  createLoadContext,
  watchContentChanges,
  readContentVersions,
  readRedirectSources,
  readRedirectEntries,
  readConsentPiece,
  forgetContent,
  withPreviewOf,
  withViewAt,
  describePreview,
  findPreviewEntry,
  readDeskRows,
  readEntryPages,
} satisfies SiteBuildExports;

export const streamTimeout = 10_000;

export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    headers.set("Content-Type", "text/html; charset=utf-8");
    return new Response(null, { status, headers });
  }
  // Cleared as soon as the render ends, however it ends: a pending timer keeps the whole
  // render (its React request, the document) alive for the timeout, ~100 MB at 60 renders a second.
  let deadline: NodeJS.Timeout | undefined;
  const rendered = new Promise<Response>((resolve, reject) => {
    let statusCode = status;
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} />,
      {
        // Every Suspense boundary is written in place: the document is sent whole, so
        // React's streaming split (boundaries moved by inline scripts past 12.8 KB) would
        // only hide content from a browser without JavaScript and delay its first paint.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          const chunks: Buffer[] = [];
          const sink = new Writable({
            write(chunk: Buffer | string, _encoding, done) {
              chunks.push(Buffer.from(chunk));
              done();
            },
            final(done) {
              headers.set("Content-Type", "text/html; charset=utf-8");
              const html = holdScriptsUntilFirstPaint(Buffer.concat(chunks).toString("utf8"));
              resolve(new Response(html, { status: statusCode, headers }));
              done();
            },
          });
          pipe(sink);
        },
        onShellError(error) {
          reject(error);
        },
        onError(error) {
          statusCode = 500;
          logger.error("Render failed", { path: new URL(request.url).pathname, error });
        },
      },
    );
    deadline = setTimeout(abort, streamTimeout + 1000).unref();
  });
  return rendered.finally(() => clearTimeout(deadline));
}

/** Logs unexpected server errors once, without sending anything of them to the browser. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  logger.error("Request failed", { path: new URL(request.url).pathname, error });
};
