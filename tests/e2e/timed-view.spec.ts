// The site at a chosen time, in Chromium as an editor: signed in at the desk, the seed's
// article scheduled for 2030 has a row with its time; its button opens the whole site as it
// will be then, whose links stay inside that view: the header's News shows the article,
// which the public /news does not. At phone width the desk's picker and the view's bar fit.
import path from "node:path";
import {
  type DraftsProject,
  draftsEnv,
  makeDraftsProject,
  startDraftsSite,
} from "../../scripts/drafts-project";
import type { SiteProcess } from "../../scripts/site-process";
import { PROJECT_DIR } from "../../server/running/build-stamp";
import { TEST_BUILD_SETTINGS } from "../support/build-settings";
import { expect, test } from "./support/reused-page";

test.use({ freshPage: true });
test.describe.configure({ mode: "serial", timeout: 120_000 });

const PASSWORD = "the-editors-desk-password";
const SCHEDULED = {
  slug: "id5-opens-office-in-sao-paulo",
  title: "ID5 opens an office in São Paulo",
};

let project: DraftsProject;
let site: SiteProcess;

test.beforeAll(async () => {
  test.setTimeout(600_000);
  project = await makeDraftsProject({ fromBuild: path.join(PROJECT_DIR, "build") });
  site = await startDraftsSite(
    project,
    draftsEnv(project, { ...TEST_BUILD_SETTINGS, PREVIEW_DESK_PASSWORD: PASSWORD }),
  );
});

test.afterAll(async () => {
  await site?.stop();
  await project?.remove();
});

test("from the desk's scheduled row, /news as it will be then lists the article", async ({
  page,
}, testInfo) => {
  await page.goto(`${site.url}/_preview/`);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  const row = page.locator(`li[data-desk-row="publish"]`, { hasText: SCHEDULED.slug });
  await expect(row).toContainText(/Goes live 2030-\d\d-\d\d \d\d:\d\d UTC/);
  await page.screenshot({ path: testInfo.outputPath("desk-1440.png"), fullPage: true });

  await row.getByRole("button", { name: "See the site then" }).click();
  await expect(page).toHaveURL(/\/_preview\/at\/[^/]+\/$/);
  const bar = page.locator("#timed-view-bar");
  await expect(bar).toContainText("The site as it will be at 2030-03-04 12:00 UTC");
  // The header's link stays inside the view.
  await page.locator("header").getByRole("link", { name: "News", exact: true }).first().click();
  await expect(page).toHaveURL(/\/_preview\/at\/[^/]+\/news$/);
  const article = page.getByRole("link", { name: SCHEDULED.title }).first();
  await expect(article).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("timed-news-1440.png") });
  await article.click();
  await expect(page).toHaveURL(new RegExp(`/_preview/at/[^/]+/news/${SCHEDULED.slug}$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText(SCHEDULED.title);

  await bar.getByRole("link", { name: "Back to the desk" }).click();
  await expect(page).toHaveURL(`${site.url}/_preview/`);
  await page.goto(`${site.url}/news`);
  await expect(page.getByRole("link", { name: SCHEDULED.title })).toHaveCount(0);
});

test("at 375 px the desk's picker and the view's bar fit the width", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`${site.url}/_preview/`);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByLabel("Date and time").fill("2030-03-05T09:30");
  await page.getByLabel("Offset from UTC").fill("+02:00");
  const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(await fits()).toBe(true);
  await page.screenshot({ path: testInfo.outputPath("desk-375.png"), fullPage: true });
  await page.locator("form.picker").getByRole("button", { name: "See the site then" }).click();
  await expect(page).toHaveURL(/\/_preview\/at\/[^/]+\/$/);
  const bar = page.locator("#timed-view-bar");
  await expect(bar).toContainText("2030-03-05 07:30 UTC (2030-03-05 09:30 UTC+02:00)");
  const box = await bar.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
  await page.screenshot({ path: testInfo.outputPath("timed-home-375.png") });
});
