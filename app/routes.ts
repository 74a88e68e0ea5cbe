// The explicit route table. Its pages are prerendered at build time (react-router.config.ts
// says which paths; not the PDFs or /consent). Redirects are answered before any route is
// matched (server/serving/redirects.ts, root.tsx's middleware), so the catch-all only 404s.
import { index, type RouteConfig, route } from "@react-router/dev/routes";
import { MEDIA_ROUTE_BASE } from "./config/site";
import { routePattern, CONTENT_URL_PATTERNS as URLS } from "./content/urls";

/** Fixed pages whose content is a `page` entry with the same path. */
export const SECTION_PAGE_PATHS = [
  "/about",
  "/contact",
  "/technology",
  "/trust",
  "/resources/thank-you",
  "/universal-id/thanks",
  "/universal-id/thanks-omnicom",
  "/universal-id/thanks-adobe",
  "/universal-id/release-notes",
  "/partner-sign-up/thanks",
  "/partner-sign-up/thanks-omnicom",
  "/partner-sign-up/thanks-adobe",
  "/partner-sign-up/release-notes",
  "/id5-acquires-truedata",
  "/test/adobe-advertising",
  "/publisher-onboarding-guide",
  "/site-agreement/sign-contract",
  "/site-agreement/canceled-signing",
] as const;

/** Trust, legal and regional pages: `legal-page` entries with the same path. */
export const LEGAL_PAGE_PATHS = [
  "/trust/archive",
  "/trust/cookie-policy",
  "/trust/privacy-policy",
  "/trust/cookie-disclosure",
  "/trust/platform-privacy-policy",
  "/legal/MX-EULA",
  "/legal/agreements/archive",
  "/legal/agreements/dpa/opt-in",
  "/legal/agreements/dpa/opt-out",
  "/legal/id5-id-agreement",
  "/legal/id5-id-agreement/current-embedded",
  "/jp/platform-privacy-policy",
] as const;

const routeId = (path: string) => path.replace(/^\//, "").replace(/[^a-zA-Z0-9]+/g, "-");

export default [
  index("routes/home.tsx"),
  route("new/home", "routes/new-home.tsx"),
  route(routePattern(URLS.jobs), "routes/jobs.tsx"),
  route("solutions", "routes/solutions.tsx"),
  route(routePattern(URLS.newsIndex), "routes/news-index.tsx"),
  route(routePattern(URLS.newsPage), "routes/news-index.tsx", { id: "news-page" }),
  route(routePattern(URLS.newsFeed), "routes/news-feed.ts"),
  route(routePattern(URLS.newsImage), "routes/news-share-image.ts"),
  route(routePattern(URLS.defaultImage), "routes/default-share-image.ts"),
  route(routePattern(URLS.newsArticle), "routes/news-article.tsx"),
  route(routePattern(URLS.event), "routes/event.tsx"),
  route(routePattern(URLS.resourcesIndex), "routes/resources-index.tsx"),
  route(routePattern(URLS.resource), "routes/resource.tsx"),
  route("resources/download/:token", "routes/resource-download.ts"),
  route("universal-id/site-agreement.pdf", "routes/site-agreement-pdf.ts", {
    id: "universal-id-site-agreement-pdf",
  }),
  route("partner-sign-up/site-agreement.pdf", "routes/site-agreement-pdf.ts", {
    id: "partner-sign-up-site-agreement-pdf",
  }),
  route(routePattern(URLS.universalIdPage), "routes/universal-id.tsx"),
  route(routePattern(URLS.partnerSignUpPage), "routes/universal-id.tsx", { id: "partner-sign-up" }),
  ...SECTION_PAGE_PATHS.map((path) =>
    route(path.slice(1), "routes/section-page.tsx", { id: routeId(path) }),
  ),
  ...LEGAL_PAGE_PATHS.map((path) =>
    route(path.slice(1), "routes/legal-page.tsx", { id: routeId(path) }),
  ),
  route(`${MEDIA_ROUTE_BASE.slice(1)}/:id/:name`, "routes/media.ts"),
  route("consent", "routes/consent.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
