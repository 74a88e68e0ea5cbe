// The site URL of each kind of content, written once: the route table (routes.ts), entry
// links, cards, news pagination and the prerender list all build their paths from here.
// Pure on purpose: React Router's config loads routes.ts, and the browser bundles paging.

/** URL patterns in React Router's syntax (`:name` is a path segment). */
export const CONTENT_URL_PATTERNS = {
  newsIndex: "/news",
  newsPage: "/news/page/:page",
  newsArticle: "/news/:slug",
  event: "/events/:slug",
  resourcesIndex: "/resources",
  resource: "/resources/:slug",
  universalIdPage: "/universal-id/:slug",
  /** The partner sign-up screens show the universal-id entries under their own prefix. */
  partnerSignUpPage: "/partner-sign-up/:slug",
  jobs: "/jobs",
  /** The news feed (Atom): `.atom`, so its prerendered file is served with the feed's type. */
  newsFeed: "/news/feed.atom",
  /** An article's share image; the parameter is `{slug}.png`. */
  newsImage: "/og/news/:image",
  /** The share image of pages that have none of their own. */
  defaultImage: "/og/default.png",
} as const;

const P = CONTENT_URL_PATTERNS;

/**
 * The pages of the code with no CMS entry behind them (routes.ts): a CMS redirect or an old
 * address never takes one (the page wins, as it does for a page the CMS publishes).
 */
export const CODE_PAGE_PATHS: readonly string[] = [
  "/",
  "/new/home",
  "/solutions",
  P.jobs,
  P.newsIndex,
  P.newsFeed,
  P.resourcesIndex,
  P.defaultImage,
  "/universal-id/site-agreement.pdf",
  "/partner-sign-up/site-agreement.pdf",
];

function fillPattern(pattern: string, value: string): string {
  return pattern.replace(/:[a-z]+/, () => value);
}

/** The pattern as routes.ts declares it (React Router's route paths have no leading `/`). */
export function routePattern(pattern: string): string {
  return pattern.slice(1);
}

export const newsArticlePath = (slug: string) => fillPattern(P.newsArticle, slug);
export const eventPath = (slug: string) => fillPattern(P.event, slug);
export const resourcePath = (slug: string) => fillPattern(P.resource, slug);
export const universalIdPagePath = (slug: string) => fillPattern(P.universalIdPage, slug);
export const partnerSignUpPagePath = (slug: string) => fillPattern(P.partnerSignUpPage, slug);

/** The share image's file name of an article is its slug with the PNG extension. */
export const NEWS_IMAGE_EXTENSION = ".png";
export const newsImagePath = (slug: string) =>
  fillPattern(P.newsImage, `${slug}${NEWS_IMAGE_EXTENSION}`);

/** The article slug of a share image's file name (`launch.png` → `launch`), if it is one. */
export function newsImageSlug(file: string): string | undefined {
  if (!file.endsWith(NEWS_IMAGE_EXTENSION)) return undefined;
  const slug = file.slice(0, -NEWS_IMAGE_EXTENSION.length);
  return slug === "" ? undefined : slug;
}

/** `/news/page/{n}`: every page of the news list has one, the first included. */
export const numberedNewsPagePath = (page: number) => fillPattern(P.newsPage, String(page));

/** The link to a page of the news list: the first page is `/news` itself. */
export function newsPagePath(page: number): string {
  return page === 1 ? P.newsIndex : numberedNewsPagePath(page);
}

/** The universal-id path whose entry a partner-sign-up path shows; other paths unchanged. */
export function contentPathFor(path: string): string {
  const partnerPrefix = fillPattern(P.partnerSignUpPage, "");
  return path.startsWith(partnerPrefix)
    ? universalIdPagePath(path.slice(partnerPrefix.length))
    : path;
}
