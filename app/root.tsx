// The document shell: head metadata, fonts, data layer, the site layout (unless a route
// turns it off) and the application-level error boundary.

import { createElement } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { TAG_MANAGER_ORIGIN } from "./analytics/data-layer";
import { usePageViews } from "./analytics/use-page-views";
import { ErrorView, NOT_FOUND_MESSAGE, NOT_FOUND_STATUS } from "./components/error/error-view";
import { SiteLayout } from "./components/layout/site-layout";
import { getEnv } from "./config/env.server";
import { CONSENT_VERSION_ATTRIBUTE, GTM_ID_ATTRIBUTE } from "./consent/attributes";
import { renderConsentMarkup } from "./consent/consent-markup.server";
import { consentRuntimeScript } from "./consent/consent-runtime";
import { ConsentSlot } from "./consent/consent-slot";
import { DEFAULT_CONSENT_WORDING } from "./consent/default-wording";
import type { ConsentMarkup } from "./consent/model";
import { loadConsentWording } from "./content/consent.server";
import { labelResponse, withReadRecord } from "./content/content-tags.server";
import { logger } from "./content/log.server";
import { currentPreview } from "./content/preview-context.server";
import { APP_SCRIPTS_MARK } from "./document/app-scripts-mark";
import { ATTRIBUTION_COOKIE } from "./forms/attribution";
import { attributionScript } from "./forms/attribution-recorder";
import { useBuildFreshness } from "./navigation/build-freshness";
import { DATA_ROUTES_PARAM, pagePathOfDataRequest } from "./navigation/page-paths";
import { useLinkPrefetch } from "./navigation/prefetch-queue";
import { useScrollRules } from "./navigation/scroll-rules";
import { devCmsRedirect } from "./redirects/dev-redirects.server";
import { redirectResponse } from "./redirects/redirect-table";
import { NOT_FOUND_META } from "./seo/route-meta";
import "./styles/tokens.css";
import "./styles/global.css";

/** Statuses whose error text was written for visitors (the forms' refusals). */
const VISITOR_MESSAGE_STATUSES = new Set([400, 405, 413]);

export interface RootData {
  gtmId: string | null;
  year: number;
  /** The consent banner, rendered for this page. */
  consent: ConsentMarkup;
  /** Within a preview only: the pieces of the code every page shares are marked so. */
  codeMarks?: true;
  /**
   * Within a preview only: the page runs without the consent runtime, the tag manager, the
   * attribution recorder and page views (its address is a credential), and forms refuse to send.
   */
  preview?: true;
}

export interface RouteHandle {
  /** false: the page renders without header, banner and footer (/new/home). */
  layout?: boolean;
  /**
   * The query parameters the route reads. Any other parameter cannot change the page: the
   * server answers it from the prerendered file, and the render cache ignores it.
   */
  query?: readonly string[];
  /**
   * Which paths the route has: "listed", only those the content lists (its parameters name
   * entries: an unknown slug is a 404 the server answers without rendering); "none", no path
   * at all (the catch-all). Unset: every path it matches.
   */
  addresses?: "listed" | "none";
}

// No font preloads: the fonts wait for the first paint (app/document/first-paint.server.ts).
export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const middleware: Route.MiddlewareFunction[] = [
  // What the whole request read from the CMS, as tags on the answer (the server re-renders
  // a page only when something it read changes; a CDN purges by them).
  async ({ request }, next) => {
    const { value: response, tags } = await withReadRecord(() => next());
    labelResponse(response, request.url, tags);
    return response;
  },
  // Old URLs redirect before any loader runs, for documents and in-app (.data) navigations.
  async ({ url }) => {
    // The production server answers the CMS's redirects before the app; the dev server has none.
    const cms = getEnv().development ? await devCmsRedirect(url) : null;
    if (cms) throw cms;
    const response = redirectResponse(url, { siteOrigin: getEnv().siteOrigin });
    if (response) throw response;
  },
];

export async function loader({ request }: Route.LoaderArgs): Promise<RootData> {
  const env = getEnv();
  // The banner must be on every page, the error pages of a CMS outage included.
  const wording = await loadConsentWording().catch((error: unknown) => {
    logger.warn("consent wording unavailable: the built-in wording is shown", {
      error: error instanceof Error ? error.message : String(error),
    });
    return DEFAULT_CONSENT_WORDING;
  });
  const consent = renderConsentMarkup(wording, pageOf(new URL(request.url)));
  if (currentPreview()) {
    // No tag manager id: nothing on a preview may load it (server/preview/preview-page.ts).
    const year = new Date().getFullYear();
    return { gtmId: null, year, consent, codeMarks: true, preview: true };
  }
  return { gtmId: env.gtmId ?? null, year: new Date().getFullYear(), consent };
}

/**
 * The page a document or data request is for, as the banner's form returns to it: React
 * Router hands loaders the data URL (`/about.data?_routes=root`, `/_.data` for `/`).
 */
function pageOf(url: URL): string {
  const path = pagePathOfDataRequest(url.pathname) ?? url.pathname;
  const search = new URLSearchParams(url.search);
  search.delete(DATA_ROUTES_PARAM);
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

export const meta: Route.MetaFunction = ({ error }) => (error ? NOT_FOUND_META : []);

function useDocumentLang(): string {
  const matches = useMatches();
  for (const match of matches) {
    const value = match.loaderData as { head?: { lang?: string } } | undefined;
    if (value?.head?.lang) return value.head.lang;
  }
  return "en";
}

function ClientBehaviours({ preview }: { preview: boolean }) {
  usePageViews(!preview);
  useScrollRules();
  useBuildFreshness();
  useLinkPrefetch();
  return null;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const lang = useDocumentLang();
  const root = useRouteLoaderData("root") as RootData | undefined;
  const location = useLocation();
  const matches = useMatches();
  // An error page belongs to no section, and looks the same whatever its path (the server
  // answers unknown addresses with one prepared page: server/serving/not-found.ts).
  const failed = useRouteError() !== undefined;
  const layoutEnabled = !matches.some(
    (m) => (m.handle as RouteHandle | undefined)?.layout === false,
  );
  // The root loader always has a banner (the built-in wording when the CMS has none).
  const consent = root?.consent;
  const htmlAttributes = {
    ...(consent ? { [CONSENT_VERSION_ATTRIBUTE]: consent.version } : {}),
    ...(root?.gtmId ? { [GTM_ID_ATTRIBUTE]: root.gtmId } : {}),
  };
  const banner = consent ? <ConsentSlot markup={consent} /> : null;
  // A preview's two head scripts are empty (not left out: hydration expects the elements).
  const headScripts = import.meta.env.SSR && !root?.preview;
  return (
    // The consent runtime marks <html> (data-consent, data-gpc) before React hydrates it.
    <html lang={lang} {...htmlAttributes} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#000131" />
        {/* Consent first: the data layer, Consent Mode defaults, the stored choice, the
            banner's behaviour and the tag manager (app/consent/consent-runtime.ts). Like
            the attribution recorder, it runs once per document: the browser build leaves
            the text of both out (no bytes in the bundle). */}
        <script
          suppressHydrationWarning
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script of ours, no CMS input
          dangerouslySetInnerHTML={{
            __html: headScripts ? consentRuntimeScript(TAG_MANAGER_ORIGIN, ATTRIBUTION_COOKIE) : "",
          }}
        />
        {/* Where the visit came from, kept for the forms (app/forms/attribution-recorder.ts). */}
        <script
          suppressHydrationWarning
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script of ours, no CMS input
          dangerouslySetInnerHTML={{ __html: headScripts ? attributionScript() : "" }}
        />
        <Meta />
        {/* The server puts one more inline script here, before the stylesheet: it holds the
            app's scripts and the web fonts until the first paint (entry.server.tsx). */}
        <Links />
      </head>
      <body>
        <ClientBehaviours preview={root?.preview === true} />
        {layoutEnabled ? (
          <SiteLayout
            pathname={location.pathname}
            year={root?.year}
            notice={banner}
            marksCurrentSection={!failed}
            codeMarks={root?.codeMarks}
          >
            {children}
          </SiteLayout>
        ) : (
          <>
            {banner}
            <main id="main" tabIndex={-1}>
              {children}
            </main>
          </>
        )}
        {/* Scripts after this mark are the app's: the CSP hashes no other in the body. */}
        {createElement(APP_SCRIPTS_MARK, { hidden: true })}
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** 404s and application errors replace the page with the error page; never a stack trace. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // A 404 names the missing path (`Page Not Found: /x`); other errors stay generic.
  // A refused form's answers carry a message written for visitors (app/forms/action.server.ts).
  const text =
    isRouteErrorResponse(error) && typeof error.data === "string" ? error.data : undefined;
  const detail =
    status === NOT_FOUND_STATUS && text
      ? `${text}. ${NOT_FOUND_MESSAGE}`
      : VISITOR_MESSAGE_STATUSES.has(status)
        ? text
        : undefined;
  return <ErrorView status={status} message={detail} />;
}
