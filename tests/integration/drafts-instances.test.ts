// Two instances of the real site on one PostgreSQL database (issue 19 with issue 18's shared
// store): an instance that never saw an article public still serves the version the other
// kept, a link made for one works on the other, and a revocation holds on both at once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DRAFT_STATUS_ID,
  type DraftsProject,
  draftsEnv,
  editEntry,
  makeDraftsProject,
  previewLinkCommand,
  startDraftsSite,
} from "../../scripts/drafts-project";
import type { SiteProcess } from "../../scripts/site-process";
import { TEST_BUILD_SETTINGS } from "../support/build-settings";
import { pollUntil } from "../support/poll";
import { type PostgresServer, startPostgres } from "../support/postgres";
import { ensureSiteBuild, SITE_BUILD_DIR } from "../support/site-build";

const LIVE = {
  id: "7ab1365e2b344851679282cb",
  slug: "id5-graph-adds-household-confidence-scores",
  title: "The ID5 Graph adds household confidence scores",
};
const REWORKED = "Household confidence scores, second instance check";

let postgres: PostgresServer;
let project: DraftsProject;
let env: Record<string, string>;
let first: SiteProcess | undefined;
let second: SiteProcess | undefined;

async function text(site: SiteProcess, path: string): Promise<{ status: number; body: string }> {
  const response = await fetch(`${site.url}${path}`);
  return { status: response.status, body: await response.text() };
}

beforeAll(async () => {
  postgres = await startPostgres({ durable: false });
  await ensureSiteBuild();
  project = await makeDraftsProject({ fromBuild: SITE_BUILD_DIR });
  env = draftsEnv(project, {
    ...TEST_BUILD_SETTINGS,
    DATABASE_URL: await postgres.createDatabase(),
    LOG_LEVEL: "warn",
  });
  first = await startDraftsSite(project, env);
}, 600_000);

afterAll(async () => {
  await first?.stop();
  await second?.stop();
  await project?.remove();
  await postgres?.stop();
});

describe("drafts on a shared store", () => {
  it("an instance that never saw the article public serves the version another kept", async () => {
    const site = first as SiteProcess;
    expect((await text(site, `/news/${LIVE.slug}`)).body).toContain(LIVE.title);
    // Set to draft and edited while only the first instance runs…
    const link = new URL(
      (await previewLinkCommand(project, env, ["news-article", LIVE.slug])).stdout.trim(),
    ).pathname;
    await editEntry(project, LIVE.id, {
      status: DRAFT_STATUS_ID,
      title: { from: LIVE.title, to: REWORKED },
    });
    await pollUntil(
      "the preview link to show the rework",
      async () => (await text(site, link)).body.includes(REWORKED),
      { timeoutMs: 60_000 },
    );
    // …then a second instance starts: it reads the article as a draft only.
    second = await startDraftsSite(project, env);
    const page = await text(second, `/news/${LIVE.slug}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain(LIVE.title);
    expect(page.body).not.toContain(REWORKED);
    expect((await text(second, "/news")).body).toContain(LIVE.title);
    // The link the command made (the store's key) works on both, and a revocation made
    // through one instance's endpoint-free command holds on both.
    expect((await text(second, link)).body).toContain(REWORKED);
    const revoked = await previewLinkCommand(project, env, ["revoke", "news-article", LIVE.slug]);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect((await text(site, link)).status).toBe(403);
    expect((await text(second, link)).status).toBe(403);
  }, 600_000);
});
