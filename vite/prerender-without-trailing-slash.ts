// React Router 8 prerenders a page by asking Vite's preview server for it with a trailing
// slash (`/about/`). The site has no address that ends in one: its server answers `/about/`
// as `/about`, and loaders read their page from the URL (`/about/` names no CMS page). The
// preview server therefore drops the slash before React Router's handler sees the request,
// so a prerendered page is what the running server renders for the same address.
import type { Plugin } from "vite";

/** `/about/?x=1` -> `/about?x=1`; `/` and paths without a trailing slash stay. */
export function withoutTrailingSlash(url: string): string {
  const queryAt = url.indexOf("?");
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  if (path.length <= 1 || !path.endsWith("/")) return url;
  return path.replace(/\/+$/, "") + (queryAt === -1 ? "" : url.slice(queryAt));
}

export function prerenderWithoutTrailingSlash(): Plugin {
  return {
    name: "id5:prerender-without-trailing-slash",
    // Added here, directly: React Router's handler joins the preview server after it, and
    // reads the request's `originalUrl`.
    configurePreviewServer(server) {
      server.middlewares.use((request: { url?: string; originalUrl?: string }, _response, next) => {
        if (request.url) request.url = withoutTrailingSlash(request.url);
        if (request.originalUrl) request.originalUrl = withoutTrailingSlash(request.originalUrl);
        next();
      });
    },
  };
}
