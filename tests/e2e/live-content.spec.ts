// Live content and CMS outage, against the real build: the site reads a content service
// that runs as its own process on a copy of the snapshot. An edit shows up without a
// rebuild; while the service is down, pages already rendered are served stale and a page
// never seen gets 503; when it comes back, the site recovers by itself.
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { LOCAL_CONTENT_IDENTITY, parseEnv } from "../../app/config/env.server";
import type { SiteServer } from "../../server/site-server";
import { type ContentServerProcess, spawnContentServer } from "../fixtures/content-server-process";
import { freePort } from "../fixtures/free-port";

test.describe.configure({ mode: "serial" });

const MARKER = `Live edit ${Date.now()}`;
let dir: string;
let content: ContentServerProcess | undefined;
let contentPort: number;
let site: SiteServer;

function get(path: string): Promise<Response> {
  return site.fetch(new Request(`http://127.0.0.1${path}`));
}

async function aboutEntryFile(): Promise<string> {
  for (const name of await readdir(join(dir, "entries"))) {
    const file = join(dir, "entries", name);
    const entry = JSON.parse(await readFile(file, "utf8"));
    const props = entry.meta?.[0]?.props ?? [];
    if (props.some((p: { data?: unknown[] }) => p.data?.[0] === "/about")) return file;
  }
  throw new Error("no /about entry in the snapshot");
}

test.beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "site-live-"));
  await cp("content", dir, { recursive: true });
  contentPort = await freePort();
  // The site is configured as for a remote CMS, so the test can stop and start that CMS.
  process.env.NODE_ENV = "production";
  Object.assign(process.env, {
    BCMS_ORIGIN: `http://127.0.0.1:${contentPort}`,
    BCMS_ORG_ID: LOCAL_CONTENT_IDENTITY.orgId,
    BCMS_INSTANCE_ID: LOCAL_CONTENT_IDENTITY.instanceId,
    BCMS_API_KEY_ID: LOCAL_CONTENT_IDENTITY.apiKeyId,
    BCMS_API_KEY_SECRET: LOCAL_CONTENT_IDENTITY.apiKeySecret,
    LOG_LEVEL: "error",
  });
  const { createSiteServer } = await import("../../server/site-server");
  site = await createSiteServer({
    buildDir: "build",
    env: parseEnv(process.env),
    prerenderedFresh: false,
    logger: { info() {}, warn() {}, error() {}, debug() {} } as never,
  });
});

test.afterAll(async () => {
  await site?.close();
  content?.child.kill("SIGKILL");
  await content?.exited;
  await rm(dir, { recursive: true, force: true });
  await rm(`${dir}-cache`, { recursive: true, force: true });
});

test("with the CMS down from the start, built pages are served stale and an unseen page is 503", async () => {
  const stale = await get("/about");
  expect(stale.status).toBe(200);
  expect(stale.headers.get("x-content-stale")).toBe("1");
  expect(await stale.text()).toContain("<h1");

  const unseen = await get("/universal-id/never-seen-before");
  expect(unseen.status).toBe(503);
  const body = await unseen.text();
  expect(body).toContain("Something went wrong");
  expect(body).not.toMatch(/at .*\.(ts|js):\d+/); // no stack trace
});

test("when the CMS comes up, the site recovers by itself", async () => {
  content = await spawnContentServer(dir, `${dir}-cache`, contentPort);
  await expect
    .poll(
      async () => {
        const response = await get("/about");
        return response.status === 200 && response.headers.get("x-content-stale") === null;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  expect((await get("/universal-id/never-seen-before")).status).toBe(404);
});

test("an edit in the CMS is live within seconds, without a rebuild", async () => {
  const before = await get("/about");
  expect(before.status).toBe(200);
  expect(await before.text()).not.toContain(MARKER);

  const file = await aboutEntryFile();
  const entry = JSON.parse(await readFile(file, "utf8"));
  entry.content[0].nodes.push({ type: "paragraph", content: [{ type: "text", text: MARKER }] });
  await writeFile(file, `${JSON.stringify(entry, null, 2)}\n`);

  await expect
    .poll(async () => (await (await get("/about")).text()).includes(MARKER), { timeout: 10_000 })
    .toBe(true);
  // In-app navigation data is fresh too.
  expect(await (await get("/about.data")).text()).toContain(MARKER);
});

test("a CMS outage while warm keeps rendered pages up", async () => {
  content?.child.kill("SIGKILL");
  await content?.exited;
  content = undefined;
  const during = await get("/about");
  expect(during.status).toBe(200);
  expect(await during.text()).toContain(MARKER);
});
