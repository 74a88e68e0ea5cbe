// Issue 19 end to end, in Chromium, on the real build of a copy of the project over its own
// copy of the snapshot: drafts stay out of the public site, a reworked live article keeps
// its public version (across a restart too), and signed preview links show the current
// content with a bar, refresh on edits, refuse every bad link alike, and frame only in the CMS.
import { readFile, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { Page } from "@playwright/test";
import {
  DRAFT_STATUS_ID,
  type DraftsProject,
  draftsEnv,
  editEntry,
  makeDraftsProject,
  PUBLISHED_STATUS_ID,
  previewLinkCommand,
  startDraftsSite,
} from "../../scripts/drafts-project";
import type { SiteProcess } from "../../scripts/site-process";
import { previewLinkKey, signPreviewToken } from "../../server/preview/preview-links";
import { PROJECT_DIR } from "../../server/running/build-stamp";
import { loadSigningKey } from "../../server/store/signing-key-file";
import { TEST_BUILD_SETTINGS } from "../support/build-settings";
import { expect, test } from "./support/reused-page";
import { waitForHydration } from "./support/site";

// Each test on a new context: the site of its own project, and pages a test expects fetched anew.
test.use({ freshPage: true });

test.describe.configure({ mode: "serial", timeout: 120_000 });

const DRAFT = {
  id: "9ceec891984386911abbeba8",
  slug: "partner-roundup-q4-2026",
  title: "Partner roundup: Q4 2026",
};
/** On the first page of the news list and on the home page. */
const LIVE = {
  id: "7ab1365e2b344851679282cb",
  slug: "id5-graph-adds-household-confidence-scores",
  title: "The ID5 Graph adds household confidence scores",
};

/** Published with a publish_at in 2030, saved at UTC-03:00 (the seed). */
const SCHEDULED = {
  slug: "id5-opens-office-in-sao-paulo",
  title: "ID5 opens an office in São Paulo",
};

const API_TOKEN = "e2e-preview-api-token-0123456789abcdef";

let project: DraftsProject;
let site: SiteProcess;
let env: Record<string, string>;
let cms: Server;
let stranger: Server;
let cmsOrigin: string;
let strangerOrigin: string;

/** A page on its own origin that frames `?src=`: the CMS, or some other site. */
function framer(): Promise<Server> {
  const server = createServer((request, response) => {
    const src = new URL(request.url ?? "/", "http://x").searchParams.get("src") ?? "";
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(
      `<!doctype html><title>framer</title><iframe id="framed" src="${src.replace(/"/g, "&quot;")}" width="900" height="600"></iframe>`,
    );
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

const originOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

/** A link from the command, as a path on the site under test. */
async function linkFor(template: string, slugOrId: string, extra: string[] = []): Promise<string> {
  const made = await previewLinkCommand(project, env, [template, slugOrId, ...extra]);
  expect(made.code, made.stderr).toBe(0);
  const url = new URL(made.stdout.trim());
  expect(url.origin).toBe("https://id5.io");
  return url.pathname;
}

async function statusOf(pathname: string, headers: Record<string, string> = {}): Promise<number> {
  const response = await fetch(`${site.url}${pathname}`, { headers });
  await response.body?.cancel();
  return response.status;
}

async function textOf(pathname: string): Promise<string> {
  return (await fetch(`${site.url}${pathname}`)).text();
}

/** A refused link as the server answers it: 403; returns the page it sent. */
async function refusedPage(pathname: string): Promise<string> {
  const response = await fetch(`${site.url}${pathname}`);
  expect(response.status, pathname).toBe(403);
  return response.text();
}

/** A refused link in the browser: the page says so and shows no preview bar. */
async function expectRefused(page: Page, pathname: string): Promise<string> {
  const response = await page.goto(`${site.url}${pathname}`);
  expect(response?.status(), pathname).toBe(403);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "This preview link is not valid",
  );
  await expect(page.locator("#preview-bar")).toHaveCount(0);
  return (await response?.text()) ?? "";
}

test.beforeAll(async () => {
  test.setTimeout(600_000);
  cms = await framer();
  stranger = await framer();
  cmsOrigin = originOf(cms);
  strangerOrigin = originOf(stranger);
  // The shared build is fresh: Playwright's web server runs it with these settings.
  project = await makeDraftsProject({ fromBuild: path.join(PROJECT_DIR, "build") });
  env = draftsEnv(project, {
    ...TEST_BUILD_SETTINGS,
    PREVIEW_FRAME_ANCESTORS: cmsOrigin,
    PREVIEW_API_TOKEN: API_TOKEN,
  });
  site = await startDraftsSite(project, env);
});

test.afterEach(async () => {
  const testInfo = test.info();
  if (testInfo.status === testInfo.expectedStatus || !project) return;
  // What the site said last: the lines that are not access lines, nor the warnings of the
  // media binaries this copy of the content leaves out.
  const log = await readFile(project.logFile, "utf8").catch(() => "");
  const lines = log
    .split("\n")
    .filter(
      (line) =>
        line && !line.includes('"msg":"request"') && !line.includes('"msg":"BCMS SVG of media'),
    );
  await testInfo.attach("site log (tail)", { body: lines.slice(-40).join("\n") });
});

test.afterAll(async () => {
  await site?.stop();
  await new Promise((resolve) => cms?.close(resolve));
  await new Promise((resolve) => stranger?.close(resolve));
  // DRAFTS_E2E_KEEP=1 keeps the copy (its site.log) for a look after a failure.
  if (!process.env.DRAFTS_E2E_KEEP) await project?.remove();
});

test("a draft article is 404 and absent from the lists, the sitemap and the feed", async ({
  page,
}) => {
  const response = await page.goto(`${site.url}/news/${DRAFT.slug}`);
  expect(response?.status()).toBe(404);
  await page.goto(`${site.url}/news`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText(DRAFT.title)).toHaveCount(0);
  await expect(page.getByText(LIVE.title).first()).toBeVisible();
  expect(await textOf("/")).not.toContain(DRAFT.title);
  expect(await textOf("/news/feed.atom")).not.toContain(DRAFT.slug);
  const sitemap = await textOf("/sitemap.xml");
  expect(sitemap).toContain(LIVE.slug);
  expect(sitemap).not.toContain(DRAFT.slug);
});

test("its link shows it with an always-visible preview bar, private and noindex", async ({
  page,
}) => {
  const link = await linkFor("news-article", DRAFT.slug);
  await page.setViewportSize({ width: 1000, height: 600 });
  // The visitor's consent choice is the only cookie, before and after: a preview sets none.
  const cookiesBefore = await page.context().cookies();
  const response = await page.goto(`${site.url}${link}`);
  expect(response?.status()).toBe(200);
  const headers = response?.headers() ?? {};
  expect(headers["cache-control"]).toBe("private, no-store");
  expect(headers["x-robots-tag"]).toBe("noindex");
  expect(headers["cache-tag"]).toBeUndefined();
  expect(headers["set-cookie"]).toBeUndefined();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(DRAFT.title);
  const bar = page.locator("#preview-bar");
  await expect(bar).toContainText("Preview");
  await expect(bar.locator('[data-preview="status"]')).toHaveText("Draft");
  await expect(bar.locator('[data-preview="changed"]')).toHaveText("Never published");
  await expect(bar.locator('[data-preview="public-link"]')).toHaveText("No public page yet");
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect(bar).toBeInViewport();
  // Inline scripts by hash only (the refresh script is hashed); the hosts named are the
  // configured tag manager's.
  expect(headers["content-security-policy"]).toMatch(
    /script-src 'self' 'report-sample'( https:\/\/[^\s;']+)*( 'sha256-[^']+')+;/,
  );
  expect(headers["content-security-policy"]).not.toContain("unsafe-inline");
  await expect(page.locator("html")).toHaveAttribute("data-preview-live", "");
  expect(await page.context().cookies()).toEqual(cookiesBefore);
  // The same link by id, and a link for a certain number of hours.
  const byId = await linkFor("news-article", DRAFT.id, ["--hours", "1"]);
  expect(byId.split(".").slice(0, 2).join(".")).toBe(`/_preview/news-article.${DRAFT.id}`);
  expect(await statusOf(byId)).toBe(200);
});

test("a scheduled article is unknown to visitors; its preview bar says when it goes live", async ({
  page,
}) => {
  expect(await statusOf(`/news/${SCHEDULED.slug}`)).toBe(404);
  for (const pathname of ["/", "/news", "/news/feed.atom", "/sitemap.xml"]) {
    const text = await textOf(pathname);
    expect(text, pathname).not.toContain(SCHEDULED.slug);
    expect(text, pathname).not.toContain(SCHEDULED.title);
  }
  const link = await linkFor("news-article", SCHEDULED.slug);
  const response = await page.goto(`${site.url}${link}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(SCHEDULED.title);
  const bar = page.locator("#preview-bar");
  await expect(bar.locator('[data-preview="status"]')).toHaveText("Published");
  const goesLive = bar.locator('[data-preview="goes-live"]');
  await expect(goesLive).toHaveText("Goes live 2030-03-04 12:00 UTC (2030-03-04 09:00 UTC-03:00)");
  await expect(goesLive.locator("time")).toHaveAttribute("datetime", "2030-03-04T12:00:00.000Z");
  await expect(bar.locator('[data-preview="leaves"]')).toHaveCount(0);
  await expect(bar).toBeInViewport();
});

test("tampered, expired, revoked, malformed and other-entry links answer 403 with no hint", async ({
  page,
}) => {
  const link = await linkFor("news-article", DRAFT.slug);
  expect(await statusOf(link)).toBe(200);
  const [template, entry, issued, expires, signature] = link.slice("/_preview/".length).split(".");
  const key = previewLinkKey(loadSigningKey(project.dataDir));
  const signedFor = (entryId: string, now: number, hours = 1) =>
    `/_preview/${signPreviewToken({ templateName: "news-article", entryId }, key, { now, hours }).token}`;

  // Every refused link gets the same page (checked at the end): the browser shows the first,
  // the others are compared with it as the server sent them.
  const bodies = new Set<string>();
  // Tampered: a changed signature, a changed expiry.
  const flipped = `${signature?.slice(0, 10)}${signature?.[10] === "A" ? "B" : "A"}${signature?.slice(11)}`;
  bodies.add(
    await expectRefused(page, `/_preview/${[template, entry, issued, expires, flipped].join(".")}`),
  );
  bodies.add(
    await refusedPage(
      `/_preview/${[template, entry, issued, (Number.parseInt(expires ?? "0", 36) + 3_600_000).toString(36), signature].join(".")}`,
    ),
  );
  // Other entry: this link's signature on another article, and a link signed for an entry
  // that does not exist answer exactly like the rest.
  bodies.add(
    await refusedPage(`/_preview/${[template, LIVE.id, issued, expires, signature].join(".")}`),
  );
  bodies.add(await refusedPage(signedFor("0123456789abcdef01234567", Date.now())));
  // Expired: signed with the site's key an hour and a half ago for one hour.
  bodies.add(await refusedPage(signedFor(DRAFT.id, Date.now() - 90 * 60_000)));
  // Malformed. (`/_preview/` itself is the editors' desk: off here, it says how to turn it on.)
  const desk = await fetch(`${site.url}/_preview/`);
  expect(desk.status).toBe(404);
  expect(await desk.text()).toContain("PREVIEW_DESK_PASSWORD");
  for (const malformed of [
    "/_preview/garbage",
    "/_preview/a.b.c.d.e",
    `${link}/extra`,
    `${link}x`,
  ]) {
    bodies.add(await refusedPage(malformed));
  }
  // Revoked: every link of one entry, then every link.
  const other = await linkFor("news-article", LIVE.slug);
  const revoked = await previewLinkCommand(project, env, ["revoke", "news-article", DRAFT.slug]);
  expect(revoked.code, revoked.stderr).toBe(0);
  bodies.add(await refusedPage(link));
  expect(await statusOf(other)).toBe(200);
  const fresh = await linkFor("news-article", DRAFT.slug);
  expect(await statusOf(fresh)).toBe(200);
  const all = await previewLinkCommand(project, env, ["revoke", "--all"]);
  expect(all.code, all.stderr).toBe(0);
  bodies.add(await refusedPage(other));
  bodies.add(await refusedPage(fresh));
  expect(await statusOf(await linkFor("news-article", DRAFT.slug))).toBe(200);
  // One plain page for all of them: nothing tells why, or whether the entry exists.
  expect(bodies.size).toBe(1);

  // Link checks are rate limited per client (120 a minute): another client is not affected.
  let last = 0;
  for (let i = 0; i < 121; i++)
    last = await statusOf("/_preview/garbage", { "x-forwarded-for": "203.0.113.9" });
  expect(last).toBe(429);
  expect(await statusOf("/_preview/garbage", { "x-forwarded-for": "203.0.113.10" })).toBe(403);
});

test("the command refuses an unknown template or entry with a clear error", async () => {
  const template = await previewLinkCommand(project, env, ["articles", DRAFT.slug]);
  expect(template.code).toBe(1);
  expect(template.stderr).toContain('Unknown template "articles"');
  expect(template.stdout).toBe("");
  const entry = await previewLinkCommand(project, env, ["news-article", "no-such-article"]);
  expect(entry.code).toBe(1);
  expect(entry.stderr).toContain('No news-article entry has the slug or id "no-such-article"');
  const hours = await previewLinkCommand(project, env, [
    "news-article",
    DRAFT.slug,
    "--hours",
    "721",
  ]);
  expect(hours.code).toBe(2);
  expect(hours.stderr).toContain("at most 720");
});

test("the endpoint makes and revokes links with its own token", async ({ page }) => {
  const call = (action: string, body: unknown, token: string | null = API_TOKEN) =>
    fetch(`${site.url}/_preview/api/${action}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-forwarded-for": "203.0.113.20",
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
  expect((await call("links", { template: "news-article", entry: DRAFT.slug }, null)).status).toBe(
    401,
  );
  expect(
    (await call("links", { template: "news-article", entry: DRAFT.slug }, "wrong")).status,
  ).toBe(401);
  const unknown = await call("links", { template: "news-article", entry: "no-such-article" });
  expect(unknown.status).toBe(404);
  expect(await unknown.json()).toEqual({
    error: 'No news-article entry has the slug or id "no-such-article"',
  });
  expect((await call("links", { template: "news-article" })).status).toBe(400);
  const made = await call("links", { template: "news-article", entry: DRAFT.slug, hours: 24 });
  expect(made.status).toBe(201);
  expect(made.headers.get("cache-control")).toBe("private, no-store");
  const { url, entryId } = (await made.json()) as { url: string; entryId: string };
  expect(entryId).toBe(DRAFT.id);
  expect(url).not.toContain(API_TOKEN);
  const link = new URL(url).pathname;
  await page.goto(`${site.url}${link}`);
  await expect(page.locator("#preview-bar")).toBeVisible();
  expect((await call("revoke", { template: "news-article", entry: DRAFT.id })).status).toBe(200);
  await expectRefused(page, link);
});

test("the preview is framed by the CMS origin and by no one else; other pages refuse framing", async ({
  page,
}) => {
  const link = `${site.url}${await linkFor("news-article", DRAFT.slug)}`;
  await page.goto(`${cmsOrigin}/?src=${encodeURIComponent(link)}`);
  const framed = page.frameLocator("#framed");
  await expect(framed.locator("#preview-bar")).toBeVisible();
  await expect(framed.getByRole("heading", { level: 1 })).toHaveText(DRAFT.title);

  const refusedFrame = async (src: string) => {
    const blocked = page.waitForEvent("console", (message) =>
      message.text().includes("frame-ancestors"),
    );
    await page.goto(`${strangerOrigin}/?src=${encodeURIComponent(src)}`);
    await blocked;
    await expect(framed.locator("#preview-bar")).toHaveCount(0);
    await expect(framed.getByText(DRAFT.title)).toHaveCount(0);
    // Chromium shows its own error page in place of the refused document.
    expect(
      page
        .frames()
        .find((frame) => frame !== page.mainFrame())
        ?.url(),
    ).toMatch(/^chrome-error:/);
  };
  await refusedFrame(link);
  // A public page refuses the CMS too.
  const publicPage = page.waitForEvent("console", (message) =>
    /frame-ancestors|X-Frame-Options/.test(message.text()),
  );
  await page.goto(`${cmsOrigin}/?src=${encodeURIComponent(`${site.url}/news/${LIVE.slug}`)}`);
  await publicPage;
  await expect(framed.getByText(LIVE.title)).toHaveCount(0);
  expect(
    page
      .frames()
      .find((frame) => frame !== page.mainFrame())
      ?.url(),
  ).toMatch(/^chrome-error:/);
});

// How soon it refreshes is measured by `npm run bench -- preview` (budget: 1 s); here, that it does.
test("an edit while the preview is open loads it again, keeping the scroll position", async ({
  page,
}) => {
  const link = await linkFor("news-article", DRAFT.slug);
  await page.setViewportSize({ width: 1000, height: 500 });
  await page.goto(`${site.url}${link}`);
  await expect(page.locator("html")).toHaveAttribute("data-preview-live", "");
  await page.evaluate(() => window.scrollTo(0, 300));
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBe(300);
  let title = DRAFT.title;
  for (const round of [1, 2, 3]) {
    // A page that runs the app is loaded again (its body is the app's): a marker on the
    // window says whether this is still the same document.
    await page.evaluate(() => {
      (window as unknown as { beforeEdit: boolean }).beforeEdit = true;
    });
    const next = `${DRAFT.title} (edit ${round})`;
    await editEntry(project, DRAFT.id, { title: { from: title, to: next } });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(next, { timeout: 15_000 });
    await expect(page.locator("html")).toHaveAttribute("data-preview-refreshed", /^\d+$/);
    expect(await page.evaluate(() => "beforeEdit" in window)).toBe(false);
    // Once the app runs, the address is the link again (it starts on the page's path).
    await waitForHydration(page);
    expect(new URL(page.url()).pathname).toBe(link);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    await expect(page.locator("html")).toHaveAttribute("data-preview-live", "");
    title = next;
  }
  await editEntry(project, DRAFT.id, { title: { from: title, to: DRAFT.title } });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(DRAFT.title, {
    timeout: 15_000,
  });
});

test("an edit made while the preview loads again is not missed", async ({ page }) => {
  const link = await linkFor("news-article", DRAFT.slug);
  await page.goto(`${site.url}${link}`);
  await expect(page.locator("html")).toHaveAttribute("data-preview-live", "");
  // The next page's event stream waits until the second edit is saved: that edit reaches
  // no open stream, and only the page's own check of its version can see it.
  let release: () => void = () => {};
  const secondSaved = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = false;
  const heldStream = new Promise<void>((resolve) => {
    void page.route(`**${link}/events`, async (route) => {
      if (held) return route.continue();
      held = true;
      resolve();
      await secondSaved;
      await route.continue();
    });
  });
  const first = `${DRAFT.title} (while loading 1)`;
  const second = `${DRAFT.title} (while loading 2)`;
  await editEntry(project, DRAFT.id, { title: { from: DRAFT.title, to: first } });
  await heldStream;
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(first);
  await editEntry(project, DRAFT.id, { title: { from: first, to: second } });
  // The site has the second edit before the page listens again.
  await expect
    .poll(async () => (await textOf(link)).includes(second), { timeout: 15_000 })
    .toBe(true);
  release();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(second, { timeout: 15_000 });
  await editEntry(project, DRAFT.id, { title: { from: second, to: DRAFT.title } });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(DRAFT.title, {
    timeout: 15_000,
  });
});

/**
 * How long a page may take to show an edit: the change is heard, then the pages that read it
 * are rewritten one by one in the background, paced while the server is busy. Each page is
 * its own file, so one shows the edit before another: a test waits for each page it reads.
 */
const REWRITE_DEADLINE_MS = 60_000;

/** Resolves once `pathname` answers with `text` in it, as the background rewrite lands. */
async function showsText(pathname: string, text: string): Promise<void> {
  await expect
    .poll(async () => (await textOf(pathname)).includes(text), {
      message: `${pathname} shows "${text}"`,
      timeout: REWRITE_DEADLINE_MS,
    })
    .toBe(true);
}

test("publishing the draft makes the article public", async ({ page }) => {
  // Three rewrites awaited in turn, then a page's checks.
  test.setTimeout(3 * REWRITE_DEADLINE_MS + 60_000);
  await editEntry(project, DRAFT.id, { status: PUBLISHED_STATUS_ID });
  await expect
    .poll(() => statusOf(`/news/${DRAFT.slug}`), { timeout: REWRITE_DEADLINE_MS })
    .toBe(200);
  await page.goto(`${site.url}/news/${DRAFT.slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(DRAFT.title);
  await expect(page.locator("#preview-bar")).toHaveCount(0);
  await showsText("/news", DRAFT.title);
  await showsText("/news/feed.atom", DRAFT.slug);
});

const REWORKED_TITLE = "Household confidence scores, reworked for the new season";

test("a live article set to Draft and edited keeps its published version for visitors, across a restart and a rebuild, while its preview shows the draft", async ({
  page,
}) => {
  test.setTimeout(300_000);
  const link = await linkFor("news-article", LIVE.slug);
  await editEntry(project, LIVE.id, {
    status: DRAFT_STATUS_ID,
    title: { from: LIVE.title, to: REWORKED_TITLE },
  });
  // The preview follows the CMS at once…
  await expect
    .poll(async () => (await textOf(link)).includes(REWORKED_TITLE), { timeout: 15_000 })
    .toBe(true);
  const checkVisitors = async () => {
    const response = await page.goto(`${site.url}/news/${LIVE.slug}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(LIVE.title);
    await page.goto(`${site.url}/news`);
    await expect(page.getByText(LIVE.title).first()).toBeVisible();
    await expect(page.getByText(REWORKED_TITLE)).toHaveCount(0);
    const home = await textOf("/");
    expect(home).not.toContain(REWORKED_TITLE);
    const feed = await textOf("/news/feed.atom");
    expect(feed).toContain(LIVE.title);
    expect(feed).not.toContain(REWORKED_TITLE);
  };
  const checkPreview = async () => {
    await page.goto(`${site.url}${link}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(REWORKED_TITLE);
    const bar = page.locator("#preview-bar");
    await expect(bar.locator('[data-preview="status"]')).toHaveText("Draft");
    await expect(bar.locator('[data-preview="changed"]')).toHaveText("title");
    await expect(bar.locator('[data-preview="public-link"]')).toHaveAttribute(
      "href",
      `/news/${LIVE.slug}`,
    );
  };
  await checkVisitors();
  await checkPreview();
  // …visitors keep the published version after a restart too (the store holds it).
  await site.stop();
  site = await startDraftsSite(project, env, site.port);
  await checkVisitors();
  await checkPreview();
  // …and after a rebuild: the build prerenders the kept version and lists it in the sitemap.
  await site.stop();
  const stamp = path.join(project.projectDir, "build", ".stamp.json");
  await rm(stamp);
  const rebuiltAfter = Date.now();
  site = await startDraftsSite(project, env, site.port);
  const { builtAt } = JSON.parse(await readFile(stamp, "utf8")) as { builtAt: string };
  expect(Date.parse(builtAt)).toBeGreaterThanOrEqual(rebuiltAfter);
  const prerendered = await readFile(
    path.join(project.projectDir, "build", "client", "news", LIVE.slug, "index.html"),
    "utf8",
  );
  expect(prerendered).toContain(LIVE.title);
  expect(prerendered).not.toContain(REWORKED_TITLE);
  expect(await textOf("/sitemap.xml")).toContain(LIVE.slug);
  await checkVisitors();
  await checkPreview();
});

test("a public request right after a preview gets the public answer", async ({ page }) => {
  const link = await linkFor("news-article", LIVE.slug);
  for (let round = 0; round < 3; round++) {
    const preview = await fetch(`${site.url}${link}`);
    expect(preview.headers.get("cache-control")).toBe("private, no-store");
    expect(await preview.text()).toContain(REWORKED_TITLE);
    const visitor = await fetch(`${site.url}/news/${LIVE.slug}`);
    expect(visitor.headers.get("cache-control")).toContain("public");
    const html = await visitor.text();
    expect(html).toContain(LIVE.title);
    expect(html).not.toContain(REWORKED_TITLE);
    expect(html).not.toContain("preview-bar");
  }
  await page.goto(`${site.url}${link}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(REWORKED_TITLE);
  await page.goto(`${site.url}/news/${LIVE.slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(LIVE.title);
  await expect(page.locator("#preview-bar")).toHaveCount(0);
  expect(path.basename(link)).not.toContain(loadSigningKey(project.dataDir).toString("hex"));
});

test("publishing again makes the new text public", async ({ page }) => {
  // Three rewrites awaited in turn, then two pages' checks.
  test.setTimeout(3 * REWRITE_DEADLINE_MS + 60_000);
  await editEntry(project, LIVE.id, { status: PUBLISHED_STATUS_ID });
  await showsText(`/news/${LIVE.slug}`, REWORKED_TITLE);
  await page.goto(`${site.url}/news/${LIVE.slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(REWORKED_TITLE);
  // The list is a page of its own, rewritten after the article or before it: a browser that
  // loaded it once would never see the rewrite land.
  await showsText("/news", REWORKED_TITLE);
  await page.goto(`${site.url}/news`);
  await expect(page.getByText(REWORKED_TITLE).first()).toBeVisible();
  await expect(page.getByText(LIVE.title)).toHaveCount(0);
  await showsText("/news/feed.atom", REWORKED_TITLE);
});
