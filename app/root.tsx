// The document shell: head metadata, fonts, data layer, the site layout (unless a route
// turns it off) and the application-level error boundary.
import { useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { dataLayerBootstrapScript } from "./analytics/data-layer";
import { loadTagManager } from "./analytics/tag-manager";
import { usePageViews } from "./analytics/use-page-views";
import { ErrorView, NOT_FOUND_MESSAGE, NOT_FOUND_STATUS } from "./components/error/error-view";
import { SiteLayout } from "./components/layout/site-layout";
import { getEnv } from "./config/env.server";
import { attributionScript } from "./forms/attribution-recorder";
import { useBuildFreshness } from "./navigation/build-freshness";
import { useLinkPrefetch } from "./navigation/prefetch-queue";
import { useScrollRules } from "./navigation/scroll-rules";
import { redirectResponse } from "./redirects/redirect-table";
import { NOT_FOUND_META } from "./seo/route-meta";
import { FONT_PRELOAD_LINKS } from "./styles/fonts";
import "./styles/tokens.css";
import "./styles/global.css";

/** Statuses whose error text was written for visitors (the forms' refusals). */
const VISITOR_MESSAGE_STATUSES = new Set([400, 405, 413]);

export interface RootData {
  gtmId: string | null;
  year: number;
}

export interface RouteHandle {
  /** false: the page renders without header, banner and footer (/new/home). */
  layout?: boolean;
}

export const links: Route.LinksFunction = () => [
  ...FONT_PRELOAD_LINKS,
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

// Old URLs redirect before any loader runs, for documents and in-app (.data) navigations.
export const middleware: Route.MiddlewareFunction[] = [
  ({ url }) => {
    const response = redirectResponse(url, { siteOrigin: getEnv().siteOrigin });
    if (response) throw response;
  },
];

export function loader(): RootData {
  const env = getEnv();
  return { gtmId: env.gtmId ?? null, year: new Date().getFullYear() };
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

function ClientBehaviours({ gtmId }: { gtmId: string | null }) {
  usePageViews();
  useScrollRules();
  useBuildFreshness();
  useLinkPrefetch();
  useEffect(() => loadTagManager(window, document, gtmId ?? undefined), [gtmId]);
  return null;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const lang = useDocumentLang();
  const root = useRouteLoaderData("root") as RootData | undefined;
  const location = useLocation();
  const matches = useMatches();
  const layoutEnabled = !matches.some(
    (m) => (m.handle as RouteHandle | undefined)?.layout === false,
  );
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#000131" />
        {/* The tag manager's data layer exists before anything else runs. */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script of ours, no CMS input */}
        <script dangerouslySetInnerHTML={{ __html: dataLayerBootstrapScript() }} />
        {/* Where the visit came from, kept for the forms (app/forms/attribution-recorder.ts). */}
        {/* It runs once per document: the browser build leaves its text out (no bytes in the bundle). */}
        <script
          suppressHydrationWarning
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script of ours, no CMS input
          dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? attributionScript() : "" }}
        />
        <Meta />
        <Links />
      </head>
      <body>
        <ClientBehaviours gtmId={root?.gtmId ?? null} />
        {layoutEnabled ? (
          <SiteLayout pathname={location.pathname} year={root?.year}>
            {children}
          </SiteLayout>
        ) : (
          <main id="main" tabIndex={-1}>
            {children}
          </main>
        )}
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
