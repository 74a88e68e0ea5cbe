// One purge per change whatever the number of instances: two real site processes (the real
// build, started as `npm start` starts it) on one private PostgreSQL server, reading one
// content service, purging through one CDN stand-in (a local HTTP server recording each
// purge and holding the answer when told to). Shown: one edit, one purge (the other
// instance says it left the purge to another and finds it done); then the instance that
// took a purge is SIGKILLed while the stand-in holds its request, and the other sends it
// once the claim's lease has run out.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SiteProcess, startSiteProcess } from "../../scripts/site-process";
import { type ContentApi, contentApi } from "../support/content-api";
import {
  type ContentServerProcess,
  LOCAL_CMS_VARIABLES,
  spawnContentServer,
} from "../support/content-server-process";
import { freePort } from "../support/free-port";
import { type PostgresServer, startPostgres } from "../support/postgres";
import { ensureSiteBuild } from "../support/site-build";
import { type InstanceProject, makeInstanceProject } from "../support/site-instance";
import { copySnapshot, removeSnapshot } from "../support/snapshot-copy";
import { listWaiters } from "../support/webhook-receiver";

/** A news article of the seed, edited through the content service's API. */
const ARTICLE = {
  id: "359e533091ae2e0a5c53132f",
  page: "/news/brightwave-exchange-passes-id5-id-by-default",
  title: "Brightwave Exchange passes the ID5 ID to buyers by default",
};
const ENTRY_TAG = `entry:${ARTICLE.id}`;
const PURGE_TOKEN = "purge-relay-token-for-the-tests";
/** Edits, rewrites and a 15 s lease running out: generous. */
const WAIT_MS = 60_000;

interface Purge {
  tags: string[];
  authorization: string;
  /** How it ended: answered, or cut off by the sender going away. */
  outcome?: "answered" | "cut-off";
}

/** The CDN (its relay): records each purge; while holding, answers none of them. */
async function startCdnStandIn() {
  const purges: Purge[] = [];
  const waiters = listWaiters(purges);
  let holding = false;
  const held: (() => void)[] = [];
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      const purge: Purge = {
        tags: (JSON.parse(body) as { tags: string[] }).tags,
        authorization: request.headers.authorization ?? "",
      };
      purges.push(purge);
      response.on("close", () => {
        purge.outcome ??= "cut-off";
        waiters.changed();
      });
      const answer = () => {
        if (purge.outcome) return;
        purge.outcome = "answered";
        response.end("ok");
      };
      if (holding) held.push(answer);
      else answer();
      waiters.changed();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/purge`,
    purges,
    hold() {
      holding = true;
    },
    release() {
      holding = false;
      for (const answer of held.splice(0)) answer();
    },
    waitFor(condition: (purges: Purge[]) => boolean) {
      return waiters.waitFor(condition, WAIT_MS, () => JSON.stringify(purges));
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

let work: string;
let snapshot: string;
let content: ContentServerProcess | undefined;
let postgres: PostgresServer | undefined;
let cdn: Awaited<ReturnType<typeof startCdnStandIn>>;
let api: ContentApi;
const projects: InstanceProject[] = [];
const instances: { name: string; site: SiteProcess }[] = [];

const ofArticle = (purge: Purge) => purge.tags.includes(ENTRY_TAG);

/** The instance's JSON log lines so far. */
interface LogLine {
  msg?: string;
  event?: string;
  tags?: number;
  held?: number;
  done?: number;
}

async function logOf(name: string): Promise<LogLine[]> {
  const text = await readFile(path.join(work, `${name}.log`), "utf8").catch(() => "");
  return text
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line));
}

/** Looks at the logs until one instance's holds a line matching `wanted`; returns its name. */
async function instanceLogging(
  wanted: (line: { msg?: string; held?: number; done?: number }) => boolean,
  among = instances,
): Promise<string> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    for (const { name } of among) if ((await logOf(name)).some(wanted)) return name;
    if (Date.now() > deadline) {
      throw new Error(`no instance logged the line looked for: ${await whatHappened()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The instances' content and purge lines and the purges received, for a failure's message. */
async function whatHappened(): Promise<string> {
  const seen = await Promise.all(
    instances.map(async ({ name }) => [
      name,
      (await logOf(name)).filter((line) => /purge|content changed/.test(line.msg ?? "")),
    ]),
  );
  return JSON.stringify({ seen, purges: cdn.purges });
}

async function untilReady(site: SiteProcess): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const response = await fetch(`${site.url}/readyz`);
    await response.arrayBuffer();
    if (response.status === 200) return;
    if (Date.now() > deadline) throw new Error(`${site.url} was not ready`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function pageHolds(site: SiteProcess, text: string): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const html = await (await fetch(`${site.url}${ARTICLE.page}`)).text();
    if (html.includes(text)) return;
    if (Date.now() > deadline) throw new Error(`${ARTICLE.page} never showed "${text}"`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const leftToAnother = (minimumDone: number) => (line: { msg?: string; done?: number }) =>
  line.msg === "purge: another instance sends it" && (line.done ?? 0) >= minimumDone;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), "one-purge-"));
  const [, copied, server, standIn, contentPort] = await Promise.all([
    ensureSiteBuild(),
    copySnapshot("one-purge"),
    startPostgres({ durable: false }),
    startCdnStandIn(),
    freePort(),
  ]);
  snapshot = copied;
  postgres = server;
  cdn = standIn;
  const databaseUrl = await server.createDatabase("site");
  content = await spawnContentServer(snapshot, `${snapshot}-cache`, contentPort, {});
  api = contentApi(content.url);
  const siteEnv = {
    BCMS_ORIGIN: `http://127.0.0.1:${contentPort}`,
    ...LOCAL_CMS_VARIABLES,
    SITE_ORIGIN: "https://id5.io",
    DATABASE_URL: databaseUrl,
    PURGE_URL: cdn.url,
    PURGE_TOKEN,
    LOG_LEVEL: "info",
  };
  const start = async (name: string) => {
    const project = await makeInstanceProject(siteEnv);
    projects.push(project);
    const site = await startSiteProcess({
      projectDir: project.dir,
      logFile: path.join(work, `${name}.log`),
      env: { ...project.env, DATA_DIR: path.join(work, `${name}-data`) },
    });
    instances.push({ name, site });
  };
  await Promise.all([start("a"), start("b")]);
}, 15 * 60_000);

afterAll(async () => {
  cdn?.release();
  for (const { site } of instances) await site.stop();
  await cdn?.close();
  if (content) {
    content.child.kill("SIGKILL");
    await content.exited;
  }
  await postgres?.stop();
  for (const project of projects) await project.remove();
  if (snapshot) await removeSnapshot(snapshot);
  if (work) await rm(work, { recursive: true, force: true });
});

describe("two instances on one PostgreSQL purging one CDN", { timeout: 180_000 }, () => {
  it("send one purge for one edit", async () => {
    // Each instance purges what its own start-up catch-up found: let those go out first.
    await Promise.all(instances.map(({ site }) => untilReady(site)));
    let startPurges = 0;
    for (const { name } of instances) {
      const found = (await logOf(name)).some(
        (line) =>
          line.msg === "content changed" && line.event === "catch-up" && (line.tags ?? 0) > 0,
      );
      if (found) startPurges += 1;
    }
    await cdn.waitFor((purges) => purges.length >= startPurges);
    const before = cdn.purges.length;
    const edited = `${ARTICLE.title} (one purge ${Date.now()})`;
    await api.retitle("news-article", ARTICLE.id, edited);
    await Promise.all(instances.map(({ site }) => pageHolds(site, edited)));
    await cdn.waitFor((purges) => purges.slice(before).some(ofArticle));
    // The other instance had its chance: it found the purge done (at once, or when it
    // looked again after the claim's lease).
    await instanceLogging(leftToAnother(1));
    const fresh = cdn.purges.slice(before).filter(ofArticle);
    expect(fresh.length, await whatHappened()).toBe(1);
    expect(fresh[0]?.authorization).toBe(`Bearer ${PURGE_TOKEN}`);
  });

  it("send it from the other instance when the one that took it dies before it is done", async () => {
    const before = cdn.purges.filter(ofArticle).length;
    const heldLines = async (name: string) =>
      (await logOf(name)).filter(
        (line) => line.msg === "purge: another instance sends it" && (line.held ?? 0) >= 1,
      ).length;
    const heldBefore = new Map<string, number>();
    for (const { name } of instances) heldBefore.set(name, await heldLines(name));
    cdn.hold();
    const edited = `${ARTICLE.title} (purger killed ${Date.now()})`;
    await api.retitle("news-article", ARTICLE.id, edited);
    // One instance's purge is held at the CDN; the other found the claim held.
    await cdn.waitFor((purges) => purges.filter(ofArticle).length > before);
    const deadline = Date.now() + WAIT_MS;
    let survivorName: string | undefined;
    while (!survivorName) {
      for (const { name } of instances)
        if ((await heldLines(name)) > (heldBefore.get(name) ?? 0)) survivorName = name;
      if (Date.now() > deadline) throw new Error("neither instance left the purge to the other");
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const purger = instances.find(({ name }) => name !== survivorName);
    await purger?.site.kill();
    await cdn.waitFor((purges) =>
      purges.some((purge) => ofArticle(purge) && purge.outcome === "cut-off"),
    );
    cdn.release();
    // The survivor sends it once the dead instance's claim has run out (15 s).
    await cdn.waitFor((purges) => purges.filter(ofArticle).length === before + 2);
    const fresh = cdn.purges.filter(ofArticle).slice(before);
    expect(fresh.map((purge) => purge.outcome)).toEqual(["cut-off", "answered"]);
  });
});
