// The editors' desk over real HTTP, as `npm start` serves it on a copy of the project with
// its own snapshot and store: signed in with PREVIEW_DESK_PASSWORD, it lists the seed's draft
// article and its article scheduled for 2030, opens a preview of the draft in one click,
// revokes its links; it is private, never cached, rate-limited, and no log line holds the
// password or a link's token.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type DraftsProject,
  draftsEnv,
  makeDraftsProject,
  startDraftsSite,
} from "../../scripts/drafts-project";
import type { SiteProcess } from "../../scripts/site-process";
import { PREVIEW_CHECKS_PER_MINUTE } from "../../server/preview/preview-service";
import { TEST_BUILD_SETTINGS } from "../support/build-settings";
import { readLogLines } from "../support/log-file";
import { rawRequest } from "../support/raw-request";
import { ensureSiteBuild, REAL_SITE_START_MS, SITE_BUILD_DIR } from "../support/site-build";

const PASSWORD = "the-editors-desk-password";
const DRAFT = { template: "news-article", id: "9ceec891984386911abbeba8" };
const SCHEDULED_SLUG = "id5-opens-office-in-sao-paulo";

let project: DraftsProject;
let site: SiteProcess;
const tokens: string[] = [];

const form = (fields: Record<string, string>, cookie?: string) => ({
  method: "POST",
  headers: {
    "content-type": "application/x-www-form-urlencoded",
    ...(cookie ? { cookie } : {}),
  },
  body: new URLSearchParams(fields).toString(),
});

async function send(fields: Record<string, string>, cookie?: string) {
  const { method, headers, body } = form(fields, cookie);
  return fetch(`${site.url}/_preview/`, { method, headers, body, redirect: "manual" });
}

async function signIn(): Promise<string> {
  const answer = await send({ action: "sign-in", password: PASSWORD });
  expect(answer.status).toBe(303);
  return (answer.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
}

beforeAll(async () => {
  await ensureSiteBuild();
  project = await makeDraftsProject({ fromBuild: SITE_BUILD_DIR });
  site = await startDraftsSite(
    project,
    draftsEnv(project, { ...TEST_BUILD_SETTINGS, PREVIEW_DESK_PASSWORD: PASSWORD }),
  );
}, REAL_SITE_START_MS);

afterAll(async () => {
  await site?.stop();
  await project?.remove();
});

describe("the editors' desk", () => {
  it("asks for its password, privately, framed by the CMS only", async () => {
    const answer = await rawRequest(site.port, "/_preview/");
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('name="password"');
    expect(answer.text).not.toContain("<script");
    expect(answer.headers["cache-control"]).toBe("private, no-store");
    expect(answer.headers["x-robots-tag"]).toBe("noindex");
    expect(answer.headers["referrer-policy"]).toBe("no-referrer");
    expect(String(answer.headers["content-security-policy"])).toContain(
      "frame-ancestors https://app.thebcms.com",
    );
  });

  it("lists the seed's draft and its scheduled article with their times, once signed in", async () => {
    const cookie = await signIn();
    const desk = await rawRequest(site.port, "/_preview/", { headers: { cookie } });
    expect(desk.status).toBe(200);
    expect(desk.text).toMatch(new RegExp(`data-desk-row="draft" data-entry="${DRAFT.id}"`));
    const scheduled = desk.text.split("<li").find((item) => item.includes(SCHEDULED_SLUG));
    expect(scheduled).toContain('data-desk-row="publish"');
    expect(scheduled).toMatch(/Goes live 2030-\d\d-\d\d \d\d:\d\d UTC/);
  });

  it("opens a preview of an entry in one click, and revokes its links", async () => {
    const cookie = await signIn();
    const opened = await send(
      { action: "preview", template: DRAFT.template, entry: DRAFT.id },
      cookie,
    );
    expect(opened.status).toBe(303);
    const link = opened.headers.get("location") ?? "";
    expect(link).toMatch(/^\/_preview\/[^/]+$/);
    tokens.push(link.slice("/_preview/".length));
    const preview = await rawRequest(site.port, link);
    expect(preview.status).toBe(200);
    expect(preview.text).toContain('id="preview-bar"');

    const revoked = await send(
      { action: "revoke", template: DRAFT.template, entry: DRAFT.id },
      cookie,
    );
    expect(revoked.status).toBe(303);
    expect((await rawRequest(site.port, link)).status).toBe(403);
  });

  it("does nothing for a request without its session or from another site", async () => {
    const fields = { action: "preview", template: DRAFT.template, entry: DRAFT.id };
    expect((await send(fields)).status).toBe(401);
    const cookie = await signIn();
    const { body, headers } = form(fields, cookie);
    const sentWith = async (told: Record<string, string>) =>
      (
        await fetch(`${site.url}/_preview/`, {
          method: "POST",
          headers: { ...headers, ...told },
          body,
          redirect: "manual",
        })
      ).status;
    expect(await sentWith({ origin: "https://evil.example" })).toBe(403);
    // A browser's form says where it comes from even when its Origin is "null".
    expect(await sentWith({ origin: "null", "sec-fetch-site": "cross-site" })).toBe(403);
    expect(await sentWith({ origin: "null", "sec-fetch-site": "same-origin" })).toBe(303);
  });

  it("limits sign-in attempts per client and keeps the password and tokens out of the log", async () => {
    let refused = 0;
    for (let attempt = 0; attempt <= PREVIEW_CHECKS_PER_MINUTE && refused === 0; attempt++) {
      const answer = await send({ action: "sign-in", password: `guess-${attempt}` });
      if (answer.status === 429) refused += 1;
      else expect(answer.status).toBe(401);
    }
    expect(refused).toBe(1);
    const logged = JSON.stringify(await readLogLines(project.logFile));
    expect(logged).toContain("editors' desk: wrong password");
    expect(logged).not.toContain(PASSWORD);
    for (const token of tokens) expect(logged).not.toContain(token);
  });
});
