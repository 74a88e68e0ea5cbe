// One purge per change whatever the number of instances: two real site processes (the real
// build, started as `npm start` starts it) on one private PostgreSQL server, reading one
// content service, purging through one CDN stand-in (a local HTTP server recording each
// purge and holding the answer when told to). Shown: one edit, one purge (the other
// instance says it left the purge to another and finds it done); then the instance that
// took a purge is SIGKILLed while the stand-in holds its request, and the other sends it
// (the relay's address names each instance, so the test knows which one to kill).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SiteProcess } from "../../scripts/site-process";
import type { Purge } from "../support/cdn-stand-in";
import {
  type Instance,
  type InstancesOnPostgres,
  PURGE_TOKEN,
  startInstancesOnPostgres,
} from "../support/instances-on-postgres";
import { pollUntil } from "../support/poll";
import { ensureSiteBuild } from "../support/site-build";

/** A news article of the seed, edited through the content service's API. */
const ARTICLE = {
  id: "359e533091ae2e0a5c53132f",
  page: "/news/brightwave-exchange-passes-id5-id-by-default",
  title: "Brightwave Exchange passes the ID5 ID to buyers by default",
};
const ENTRY_TAG = `entry:${ARTICLE.id}`;
/** Edits, rewrites and a 15 s lease running out: generous. */
const WAIT_MS = 60_000;

let kit: InstancesOnPostgres;
let instances: Instance[] = [];

const ofArticle = (purge: Purge) => purge.tags.includes(ENTRY_TAG);

/** An instance's log lines, with the fields these tests read. */
const logOf = async (name: string) =>
  (await kit.logOf(name)) as {
    msg?: string;
    event?: string;
    tags?: number;
    held?: number;
    done?: number;
  }[];

/** Looks at the logs until one instance's holds a line matching `wanted`; returns its name. */
function instanceLogging(
  wanted: (line: { msg?: string; held?: number; done?: number }) => boolean,
): Promise<string> {
  return pollUntil(
    async () => `an instance to log the line looked for: ${await whatHappened()}`,
    async () => {
      for (const { name } of instances) if ((await logOf(name)).some(wanted)) return name;
      return undefined;
    },
    { timeoutMs: WAIT_MS, intervalMs: 200 },
  );
}

/** The instances' content and purge lines and the purges received, for a failure's message. */
async function whatHappened(): Promise<string> {
  const seen = await Promise.all(
    instances.map(async ({ name }) => [
      name,
      (await logOf(name)).filter((line) => /purge|content changed/.test(line.msg ?? "")),
    ]),
  );
  return JSON.stringify({ seen, purges: kit.cdn.purges });
}

function pageHolds(site: SiteProcess, text: string): Promise<boolean> {
  return pollUntil(
    `${ARTICLE.page} on ${site.url} to show "${text}"`,
    async () => (await (await fetch(`${site.url}${ARTICLE.page}`)).text()).includes(text),
    { timeoutMs: WAIT_MS, intervalMs: 200 },
  );
}

const leftToAnother = (minimumDone: number) => (line: { msg?: string; done?: number }) =>
  line.msg === "purge: another instance sends it" && (line.done ?? 0) >= minimumDone;

beforeAll(async () => {
  await ensureSiteBuild();
  kit = await startInstancesOnPostgres({ label: "one-purge", count: 2, waitMs: WAIT_MS });
  instances = kit.instances;
}, 15 * 60_000);

afterAll(async () => {
  await kit?.close();
});

describe("two instances on one PostgreSQL purging one CDN", { timeout: 180_000 }, () => {
  it(
    "send one purge for one edit",
    async () => {
      // Each instance purges what its own start-up catch-up found: let those go out first.
      await Promise.all(instances.map((instance) => kit.untilReady(instance)));
      let startPurges = 0;
      for (const { name } of instances) {
        const found = (await logOf(name)).some(
          (line) =>
            line.msg === "content changed" && line.event === "catch-up" && (line.tags ?? 0) > 0,
        );
        if (found) startPurges += 1;
      }
      await kit.cdn.waitFor((purges) => purges.length >= startPurges);
      const before = kit.cdn.purges.length;
      const edited = `${ARTICLE.title} (one purge ${Date.now()})`;
      await kit.api.retitle("news-article", ARTICLE.id, edited);
      await Promise.all(instances.map(({ site }) => pageHolds(site, edited)));
      await kit.cdn.waitFor((purges) => purges.slice(before).some(ofArticle));
      // The other instance had its chance: it found the purge done (at once, or when it
      // looked again after the claim's lease).
      await instanceLogging(leftToAnother(1));
      const fresh = kit.cdn.purges.slice(before).filter(ofArticle);
      expect(fresh.length, await whatHappened()).toBe(1);
      expect(fresh[0]?.authorization).toBe(`Bearer ${PURGE_TOKEN}`);
      // Three waits of WAIT_MS in turn (ready, the page, the other's log line), two of the CDN's.
    },
    4 * WAIT_MS,
  );

  it("send it from the other instance when the one that took it dies before it is done", async () => {
    const before = kit.cdn.purges.filter(ofArticle).length;
    kit.cdn.hold();
    const edited = `${ARTICLE.title} (purger killed ${Date.now()})`;
    await kit.api.retitle("news-article", ARTICLE.id, edited);
    // The instance that took the purge is killed while the CDN holds its request, at once:
    // waited for longer, its request would reach its time limit and be recorded done.
    await kit.cdn.waitFor((purges) => purges.filter(ofArticle).length > before);
    const purgerName = kit.cdn.purges.filter(ofArticle)[before]?.from;
    const purger = instances.find(({ name }) => name === purgerName);
    expect(purger, `the held purge names its sender: ${await whatHappened()}`).toBeDefined();
    await purger?.site.kill();
    await kit.cdn.waitFor((purges) =>
      purges.some((purge) => ofArticle(purge) && purge.outcome === "cut-off"),
    );
    kit.cdn.release();
    // The survivor sends it: at once if the dead instance's claim had run out (15 s) when it
    // came to purge, else once it has.
    await kit.cdn.waitFor((purges) => purges.filter(ofArticle).length === before + 2);
    const fresh = kit.cdn.purges.filter(ofArticle).slice(before);
    expect(fresh.map((purge) => purge.outcome)).toEqual(["cut-off", "answered"]);
    expect(fresh[1]?.from).not.toBe(purgerName);
    expect(instances.map(({ name }) => name)).toContain(fresh[1]?.from);
  });
});
