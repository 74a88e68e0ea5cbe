// Click-to-edit in Chromium, on the real build of a copy of the project: in a preview, the
// article's summary is outlined and named on focus (keyboard) and hover, its label links to
// the entry in the dashboard as BCMS_DASHBOARD_URL spells it, and Tab goes on to that link.
// Screenshots of the outline at phone and desktop widths go to SOURCE_LABEL_SHOTS (a folder),
// else to the test's output.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { LOCAL_CONTENT_IDENTITY } from "../../app/config/local-content";
import {
  type DraftsProject,
  draftsEnv,
  makeDraftsProject,
  startDraftsSite,
} from "../../scripts/drafts-project";
import type { SiteProcess } from "../../scripts/site-process";
import {
  SOURCE_LABEL_ID,
  SOURCE_LABEL_SCRIPT,
  SOURCE_LABEL_STYLE,
} from "../../server/preview/source-labels";
import { PROJECT_DIR } from "../../server/running/build-stamp";
import { TEST_BUILD_SETTINGS } from "../support/build-settings";
import { expect, test } from "./support/reused-page";

test.use({ freshPage: true });
test.describe.configure({ mode: "serial", timeout: 120_000 });

const API_TOKEN = "e2e-preview-api-token-0123456789abcdef";
const DASHBOARD = "https://cms.example.test/dashboard/{org}/{instance}/t/{template}/e/{entry}";
const LIVE = {
  id: "7ab1365e2b344851679282cb",
  title: "The ID5 Graph adds household confidence scores",
};

let project: DraftsProject;
let site: SiteProcess;
let preview: string;
let templateId: string;

test.beforeAll(async () => {
  test.setTimeout(600_000);
  project = await makeDraftsProject({ fromBuild: path.join(PROJECT_DIR, "build") });
  const env = draftsEnv(project, {
    ...TEST_BUILD_SETTINGS,
    PREVIEW_API_TOKEN: API_TOKEN,
    BCMS_DASHBOARD_URL: DASHBOARD,
  });
  site = await startDraftsSite(project, env);
  const raw = JSON.parse(
    await readFile(path.join(project.contentDir, "entries", `${LIVE.id}.json`), "utf8"),
  ) as { templateId: string };
  templateId = raw.templateId;
  preview = await linkFor("news-article", LIVE.id);
});

/** A preview link made through the API, as a path on the site under test. */
async function linkFor(template: string, entry: string): Promise<string> {
  const made = await fetch(`${site.url}/_preview/api/links`, {
    method: "POST",
    headers: { authorization: `Bearer ${API_TOKEN}`, "content-type": "application/json" },
    body: JSON.stringify({ template, entry }),
  });
  expect(made.status).toBe(201);
  return new URL(((await made.json()) as { url: string }).url).pathname;
}

test.afterAll(async () => {
  await site?.stop();
  await project?.remove();
});

const expectedEdit = () =>
  `https://cms.example.test/dashboard/${LOCAL_CONTENT_IDENTITY.orgId}/${LOCAL_CONTENT_IDENTITY.instanceId}/t/${templateId}/e/${LIVE.id}`;

test("the summary, focused from the keyboard, is outlined and names its source with the dashboard link", async ({
  page,
}) => {
  await page.goto(`${site.url}${preview}`);
  const summary = page.locator(".article__lead");
  await summary.focus();
  await expect(summary).toBeFocused();
  const label = page.locator(`#${SOURCE_LABEL_ID}`);
  await expect(label).toBeVisible();
  await expect(label).toHaveText(`News article · ${LIVE.title} · description`);
  const link = label.getByRole("link");
  await expect(link).toHaveAttribute("href", expectedEdit());
  const outline = await summary.evaluate((element) => getComputedStyle(element).outlineStyle);
  expect(outline).toBe("dashed");
  // The label follows its element: Tab reaches its link next.
  await page.keyboard.press("Tab");
  await expect(link).toBeFocused();
  await expect(label).toBeVisible();
});

test("hovering names each element: the title, then the summary", async ({ page }) => {
  await page.goto(`${site.url}${preview}`);
  const label = page.locator(`#${SOURCE_LABEL_ID}`);
  await page.locator(".article__title").hover();
  await expect(label).toHaveText(`News article · ${LIVE.title} · title`);
  await page.locator(".article__lead").hover();
  await expect(label).toHaveText(`News article · ${LIVE.title} · description`);
  await expect(label.getByRole("link")).toHaveAttribute("href", expectedEdit());
});

test("the header's logo link says it is the site's code, not the CMS's", async ({ page }) => {
  await page.goto(`${site.url}${preview}`);
  const label = page.locator(`#${SOURCE_LABEL_ID}`);
  await page.locator(".site-header__logo").hover();
  await expect(label).toHaveText(
    "Site code · header · logo link · not in the CMS (app/config/site.ts)",
  );
  await expect(label.getByRole("link")).toHaveCount(0);
});

test("without a dashboard pattern the label shows the ids to copy; a rich text's widgets are named by number", async ({
  page,
}) => {
  const mark = (prop: string) =>
    JSON.stringify({
      template: "Page",
      templateId: "t-1",
      entry: "e-1",
      title: "About",
      prop,
      label: `Page · About · ${prop}`,
    }).replace(/"/g, "&quot;");
  await page.setContent(
    `<main><p class="lead" data-cms-source="${mark("description")}">Lead</p>` +
      `<div class="rich" data-cms-source="${mark("content")}" data-cms-widgets="1:1:video 3:2:cta">` +
      `<p>Text</p><section class="video">Video</section><p>More</p><section class="cta">CTA</section></div></main>` +
      `<style>${SOURCE_LABEL_STYLE}</style><script>${SOURCE_LABEL_SCRIPT}</script>`,
  );
  const label = page.locator(`#${SOURCE_LABEL_ID}`);
  await page.locator(".lead").focus();
  await expect(label).toHaveText("Page · About · description template t-1 · entry e-1");
  await expect(label.getByRole("link")).toHaveCount(0);
  await expect(label.locator("code")).toHaveText("template t-1 · entry e-1");
  await page.locator(".cta").hover();
  await expect(label).toContainText("Page · About · content · widget 2 (cta)");
  await page.locator(".video").hover();
  await expect(label).toContainText("Page · About · content · widget 1 (video)");
  await page.locator(".rich > p").first().hover();
  await expect(label).toContainText("Page · About · content template");
});

test("a page's widgets are found where the side table says, and named", async ({ page }) => {
  await page.goto(`${site.url}${await linkFor("page", "about")}`);
  const found = await page.evaluate(() =>
    [...document.querySelectorAll("[data-cms-widgets]")].flatMap((rich) =>
      (rich.getAttribute("data-cms-widgets") ?? "").split(" ").map((entry) => {
        const [child, , name] = entry.split(":");
        return { name, className: rich.children[Number(child)]?.className ?? "" };
      }),
    ),
  );
  expect(found.length).toBeGreaterThan(1);
  for (const { name, className } of found) expect(className.split(" ")).toContain(`w-${name}`);
  await page.locator(".w-video").first().hover();
  await expect(page.locator(`#${SOURCE_LABEL_ID}`)).toContainText("content · widget 1 (video)");
});

for (const width of [375, 1440]) {
  test(`the outline and label at ${width} px`, async ({ page }) => {
    const shots = process.env.SOURCE_LABEL_SHOTS ?? test.info().outputPath();
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${site.url}${preview}`);
    const summary = page.locator(".article__lead");
    await summary.hover();
    await expect(page.locator(`#${SOURCE_LABEL_ID}`)).toBeVisible();
    await page.screenshot({ path: path.join(shots, `preview-outline-${width}.png`) });
  });
}
