// Every address the product promises, asked over HTTP of the real build serving the seed (the
// content service over a copy of content/ with its media files and `redirect` entries, as
// `npm start` serves it to a newcomer): each route answers its page, each redirect its status
// and target, in-app navigations too, and an address the site does not have the 404 page. The
// promises are written out here on their own, not read from app/routes.ts or
// app/redirects/redirect-table.ts: a change to the code's table, or a seed redirect replacing
// one of its lines, fails here.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest } from "../support/raw-request";
import {
  BUILD_SITE_ORIGIN,
  REAL_SITE_START_MS,
  type RealSiteOnContent,
  serveRealBuildOnContent,
} from "../support/site-build";
import { untilInstanceReady } from "../support/site-instance";

/**
 * The pages: the fixed routes as named, a seed entry's slug where a route takes one, and our
 * names where the product leaves them to us (docs/redirects.md, "Names we chose").
 */
const PROMISED_PAGES = [
  "/",
  "/jobs",
  "/about",
  "/contact",
  "/solutions",
  "/technology",
  "/trust",
  "/resources",
  "/news",
  "/new/home",
  "/news/id5-id-adds-real-time-signal-scoring",
  "/news/page/2",
  "/events/addressability-summit-london-2026",
  "/resources/case-study-publisher-addressability",
  "/resources/thank-you",
  "/universal-id/media-owners",
  "/universal-id/thanks",
  "/universal-id/thanks-omnicom",
  "/universal-id/thanks-adobe",
  "/universal-id/release-notes",
  "/partner-sign-up/thanks",
  "/partner-sign-up/thanks-omnicom",
  "/partner-sign-up/thanks-adobe",
  "/partner-sign-up/release-notes",
  "/partner-sign-up/adobe-experience-cloud",
  "/id5-acquires-truedata",
  "/test/adobe-advertising",
  "/publisher-onboarding-guide",
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
  "/site-agreement/sign-contract",
  "/site-agreement/canceled-signing",
];

interface PromisedRedirect {
  from: string;
  status: 301 | 302;
  to: string;
}

const permanent = (from: string, to: string): PromisedRedirect => ({ from, status: 301, to });
const temporary = (from: string, to: string): PromisedRedirect => ({ from, status: 302, to });

/** The redirects, one line per address (a pattern by one address that fits it). */
const PROMISED_REDIRECTS: readonly PromisedRedirect[] = [
  permanent("/publishers/sign-up", "/universal-id/media-owners"),
  permanent("/product", "/technology"),
  permanent("/connect", "/solutions"),
  permanent("/partner", "/solutions"),
  permanent("/partner-sign-up", "/solutions"),
  permanent("/universal-id", "/solutions"),
  // The email-service-provider slug: its older spelling to the newer one.
  permanent("/universal-id/esp", "/universal-id/email-service-providers"),
  // The experience-platform partner, under both sections, to the experience-cloud slug.
  temporary("/universal-id/adobe-experience-platform", "/partner-sign-up/adobe-experience-cloud"),
  temporary(
    "/partner-sign-up/adobe-experience-platform",
    "/partner-sign-up/adobe-experience-cloud",
  ),
  // The advertising-software partner's run-together slug to its hyphenated one.
  permanent("/partner-sign-up/adobeadvertising", "/partner-sign-up/adobe-advertising"),
  // Terms and conditions, and their client-to-server variants, to the section's agreement PDF.
  temporary("/universal-id/terms-and-conditions", "/universal-id/site-agreement.pdf"),
  temporary("/universal-id/terms-and-conditions-c2s", "/universal-id/site-agreement.pdf"),
  temporary("/partner-sign-up/terms-and-conditions", "/partner-sign-up/site-agreement.pdf"),
  temporary("/partner-sign-up/terms-and-conditions-c2s", "/partner-sign-up/site-agreement.pdf"),
  permanent("/privacy", "https://id5-sync.com/privacy"),
  temporary("/privacy-policy", "/trust/privacy-policy"),
  temporary("/cookie-policy", "/trust/cookie-policy"),
  temporary("/platform-privacy-policy", "/trust/platform-privacy-policy"),
  temporary("/id5-privacy-policy", "/trust/privacy-policy"),
  temporary("/cookie-disclosure/current", "/trust/cookie-disclosure"),
  permanent("/events", "/"),
  // Old resource slugs to their newer ones.
  permanent("/resources/publisher-case-study", "/resources/case-study-publisher-addressability"),
  permanent("/resources/identity-report-2025", "/resources/state-of-identity-2026"),
  // An old dated news address to the article's own.
  permanent(
    "/news/2026/03/10/id5-id-adds-real-time-signal-scoring",
    "/news/id5-id-adds-real-time-signal-scoring",
  ),
];

/** Any path of the news sub-host goes to the main host's news list. */
const NEWS_HOST = "news.id5.io";
const NEWS_HOST_PATHS = ["/", "/2019/01/02/an-old-story", "/about"];

let real: RealSiteOnContent | undefined;
beforeAll(async () => {
  real = await serveRealBuildOnContent("seed-addresses", { withMediaFiles: true });
  // Ready: the CMS's redirects are merged over the code's table.
  await untilInstanceReady(`http://127.0.0.1:${real.port}`, REAL_SITE_START_MS);
}, 2 * REAL_SITE_START_MS);
afterAll(() => real?.close());

const get = (pathWithQuery: string, headers?: Record<string, string>) =>
  rawRequest((real as RealSiteOnContent).port, pathWithQuery, { headers });

describe("the seed, as the site serves it", () => {
  it.each(PROMISED_PAGES)("answers %s with its page", async (page) => {
    const response = await get(page);
    expect(response.status).toBe(200);
    expect(response.text).not.toContain("Page Not Found");
  });

  it.each(PROMISED_REDIRECTS.map((line) => [line.from, line.status, line.to] as const))(
    "redirects %s with %i to %s, in-app too",
    async (from, status, to) => {
      const response = await get(from);
      expect({ status: response.status, location: response.headers.location }).toEqual({
        status,
        location: to,
      });
      const data = await get(`${from}.data?_routes=root`);
      expect(data.headers["x-remix-redirect"]).toBe(to);
      expect(data.headers["x-remix-status"]).toBe(String(status));
      // Where it leads is there.
      if (to.startsWith("/")) expect((await get(to)).status).toBe(200);
    },
  );

  it.each(NEWS_HOST_PATHS)("sends %s on the news sub-host to the main host's news", async (p) => {
    const response = await get(p, { Host: NEWS_HOST });
    expect(response.status).toBe(301);
    expect(response.headers.location).toBe(`${BUILD_SITE_ORIGIN}/news`);
  });

  it("answers an address it does not have with the 404 page", async () => {
    const response = await get("/no-such-page-anywhere");
    expect(response.status).toBe(404);
    expect(response.text).toContain("Page Not Found");
  });
});
