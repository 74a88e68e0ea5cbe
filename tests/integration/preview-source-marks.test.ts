// Click-to-edit marks over real HTTP, as `npm start` serves them on a copy of the project:
// a preview marks the elements that show CMS props (and links them to the dashboard pattern
// of BCMS_DASHBOARD_URL), while the public pages carry no mark at all, neither in their markup
// nor in their hydration data, and are byte for byte the preview's markup once its marks, its
// bar and the parts every preview drops (scripts, title) are taken out.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SOURCE_ATTRIBUTE, WIDGETS_ATTRIBUTE } from "../../app/content/source-marks";
import {
  type DraftsProject,
  draftsEnv,
  makeDraftsProject,
  startDraftsSite,
} from "../../scripts/drafts-project";
import type { SiteProcess } from "../../scripts/site-process";
import { TEST_BUILD_SETTINGS } from "../support/build-settings";
import { ensureSiteBuild, REAL_SITE_START_MS, SITE_BUILD_DIR } from "../support/site-build";

const API_TOKEN = "integration-preview-api-token-0123456789";
const DASHBOARD = "https://cms.example.test/{org}/{instance}/dashboard/t/{template}/e/{entry}";
/** Published and unchanged: its preview shows what visitors see. */
const LIVE = {
  template: "news-article",
  slug: "id5-graph-adds-household-confidence-scores",
  id: "7ab1365e2b344851679282cb",
};
/** Pages whose public answer must carry no mark (prerendered and rendered alike). */
const PUBLIC_PATHS = [
  "/jobs",
  "/universal-id/data-platforms",
  "/",
  "/news",
  `/news/${LIVE.slug}`,
  "/about",
  "/resources",
  "/trust/privacy-policy",
  "/solutions",
  "/contact",
];
/** A page with tabs, and one with a form (`page` entries of the seed). */
const SOLUTIONS_PAGE = "78e0465f43a525dbd2453318";
const CONTACT_PAGE = "8ed7a137547fac2fa7a2739b";

let project: DraftsProject;
let site: SiteProcess;

beforeAll(async () => {
  await ensureSiteBuild();
  project = await makeDraftsProject({ fromBuild: SITE_BUILD_DIR });
  site = await startDraftsSite(
    project,
    draftsEnv(project, {
      ...TEST_BUILD_SETTINGS,
      PREVIEW_API_TOKEN: API_TOKEN,
      BCMS_DASHBOARD_URL: DASHBOARD,
    }),
  );
}, REAL_SITE_START_MS);

afterAll(async () => {
  await site?.stop();
  await project?.remove();
});

async function previewOf(template: string, entry: string): Promise<string> {
  const made = await fetch(`${site.url}/_preview/api/links`, {
    method: "POST",
    headers: { authorization: `Bearer ${API_TOKEN}`, "content-type": "application/json" },
    body: JSON.stringify({ template, entry }),
  });
  expect(made.status).toBe(201);
  const { pathname } = new URL(((await made.json()) as { url: string }).url);
  const answer = await fetch(`${site.url}${pathname}`);
  expect(answer.status).toBe(200);
  return answer.text();
}

async function publicPage(pathname: string): Promise<string> {
  const answer = await fetch(`${site.url}${pathname}`);
  expect(answer.status, pathname).toBe(200);
  return answer.text();
}

const MARK = new RegExp(` (?:${SOURCE_ATTRIBUTE}|${WIDGETS_ATTRIBUTE})="[^"]*"`, "g");

/** The markup both answers share: what a preview leaves out or adds in its own right taken out. */
function sharedMarkup(html: string): string {
  return html
    .replace(/<template id="app-entry">[\s\S]*?<\/template>/g, "")
    .replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, "")
    .replace(/<link rel="modulepreload"[^>]*>/g, "")
    .replace(/ data-gtm-id="[^"]*"/g, "")
    .replace(/<meta name="robots" content="noindex, nofollow">/, "")
    .replace(/<title>[\s\S]*?<\/title>/, "")
    .replace(
      /<aside id="preview-bar"[\s\S]*?<\/aside><div aria-hidden="true" style="height:4.5rem"><\/div>/,
      "",
    )
    .replace(/<style>[^<]*cms-source-label[^<]*<\/style>/, "")
    .replace(/<style>#preview-bar [^<]*<\/style>/, "");
}

describe("source marks", () => {
  it("are nowhere on the public pages, nor in their data", async () => {
    for (const pathname of PUBLIC_PATHS) {
      const html = await publicPage(pathname);
      expect(html, pathname).not.toContain("data-cms-");
      expect(html, pathname).not.toContain("cms.example.test");
      expect(html, pathname).not.toContain("cms-source-label");
    }
  });

  it("mark a preview's article, linked to the dashboard pattern", async () => {
    const html = await previewOf(LIVE.template, LIVE.id);
    const lead = /<p class="article__lead" data-cms-source="([^"]*)"/.exec(html);
    expect(lead, "the summary is marked").not.toBeNull();
    const value = JSON.parse((lead?.[1] ?? "").replace(/&quot;/g, '"').replace(/&amp;/g, "&"));
    expect(value.label).toBe(
      "News article · The ID5 Graph adds household confidence scores · description",
    );
    expect(value.entry).toBe(LIVE.id);
    expect(value.edit).toMatch(
      new RegExp(
        `^https://cms\\.example\\.test/[^/]+/[^/]+/dashboard/t/[0-9a-f]{24}/e/${LIVE.id}$`,
      ),
    );
    expect(html).toMatch(/<h1 class="article__title" data-cms-source="/);
    expect(html).toMatch(/<div class="rich-content" data-cms-source="/);
    // The consent wording is a CMS entry; header and footer are the code's, and say so.
    expect(html).toMatch(
      /<h2 id="[^"]*" class="consent__title" data-cms-source="[^"]*Consent banner/,
    );
    expect(html).toMatch(
      /<a class="site-header__logo"[^>]* data-cms-source="[^"]*Site code · header · logo link/,
    );
    expect(html).toMatch(/<footer id="[^"]*" class="site-footer" data-cms-source="/);
  });

  it("mark covers, the consent categories, tabs and a form's wording", async () => {
    const article = await previewOf(LIVE.template, LIVE.id);
    expect(article).toMatch(
      /<div class="container container--prose article__cover" data-cms-source="[^"]*· cover/,
    );
    expect(article).toMatch(
      /<label for="consent-analytics" data-cms-source="[^"]*analytics · label/,
    );
    expect(article).toMatch(
      /<p id="consent-advertising-description" class="consent__description" data-cms-source="[^"]*advertising · description/,
    );
    const solutions = await previewOf("page", SOLUTIONS_PAGE);
    expect(solutions).toMatch(/<h2 class="tabs__heading" data-cms-source="[^"]*tabs · 1 · label/);
    expect(solutions).toMatch(/<div class="rich-content" data-cms-source="[^"]*tabs · 1 · body/);
    const contact = await previewOf("page", CONTACT_PAGE);
    expect(contact).toMatch(/<h2 class="form__heading" id="[^"]*" data-cms-source="[^"]*Form · /);
    expect(contact).toMatch(/<div class="form__field" data-cms-source="[^"]*· fields · /);
    expect(contact).toMatch(/<button type="submit"[^>]* data-cms-source="[^"]*· submit_label/);
  });

  it("leave the preview's markup byte for byte the public page's once taken out", async () => {
    const preview = await previewOf(LIVE.template, LIVE.id);
    const publicHtml = await publicPage(`/news/${LIVE.slug}`);
    expect(preview.match(MARK)?.length ?? 0).toBeGreaterThan(3);
    const unmarked = sharedMarkup(preview.replace(MARK, ""));
    expect(unmarked).not.toContain("data-cms-");
    expect(unmarked).toBe(sharedMarkup(publicHtml));
  });
});
