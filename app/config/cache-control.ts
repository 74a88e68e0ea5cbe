// Every Cache-Control the site and its content service send, named by what an answer is.

/** Answers no cache may keep: errors, refusals, health, redirects that may change. */
export const NO_STORE = "no-store";
/** Answers for one visitor only: form pages, previews, signed downloads. */
export const PRIVATE_NO_STORE = "private, no-store";
/** Asked again every time: the build id browsers poll. */
export const NO_CACHE = "no-cache";
/** Pages: browsers revalidate, a CDN keeps them 60 s and serves stale while it refreshes. */
export const PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=86400";
/** A stale page served during a CMS outage: a CDN should come back soon for a fresh one. */
export const STALE_PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=10";
/** Hashed build files: their name changes with their content. */
export const IMMUTABLE_CACHE_CONTROL = "public, max-age=31536000, immutable";
/** Unhashed files, share images, permanent redirects and the content service's media: an hour. */
export const HOUR_CACHE_CONTROL = "public, max-age=3600";
/** The site's media: a day, then a week served stale while it is fetched again. */
export const MEDIA_CACHE_CONTROL = "public, max-age=86400, stale-while-revalidate=604800";
