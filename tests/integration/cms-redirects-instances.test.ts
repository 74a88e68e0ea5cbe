// Redirects kept in the CMS and renamed pages, on two real site processes (the real build,
// started as `npm start` starts it) sharing one private PostgreSQL server and reading one
// content service run as a separate process. Each edit goes through the content service's API
// as an editor's CMS would send it; both instances must answer it. How long each edit took to
// be live on both is printed, not asserted (speed budgets live in `npm run bench`).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SiteProcess } from "../../scripts/site-process";
import type { ContentApi } from "../support/content-api";
import { readLogLines } from "../support/log-file";
import { pollUntil } from "../support/poll";
import { type PostgresServer, startPostgres } from "../support/postgres";
import { type InstanceProject, untilInstanceReady } from "../support/site-instance";
import { type SiteInstances, startSiteInstances } from "../support/site-instances";

/** A news article of the seed that the /news list shows (it links to it by its address). */
const ARTICLE = {
  id: "5c4f77dfaff57e2525b0440f",
  slug: "meridian-streaming-brings-id5-id-to-ctv-apps",
};
/** The seed's `redirect` entry for a retired page of ours (no row of the code's table has it). */
const RETIRED_PAGE = "/partner-programme";
/** Edits, page rewrites, a restart: generous. */
const WAIT_MS = 60_000;

let cluster: SiteInstances;
let postgres: PostgresServer | undefined;
let api: ContentApi;
const projects = new Map<string, InstanceProject>();
const instances = new Map<string, SiteProcess>();

interface Answer {
  status: number;
  location: string | null;
}

async function ask(site: SiteProcess, pathname: string): Promise<Answer> {
  const response = await fetch(`${site.url}${pathname}`, { redirect: "manual" });
  await response.arrayBuffer();
  return { status: response.status, location: response.headers.get("location") };
}

/** Polls until `check` holds on every instance; returns how long that took (ms). */
async function onEveryInstance(
  what: string,
  check: (site: SiteProcess) => Promise<boolean>,
): Promise<number> {
  const started = performance.now();
  await pollUntil(
    `every instance to hold ${what}`,
    async () => (await Promise.all([...instances.values()].map(check))).every(Boolean),
    { timeoutMs: WAIT_MS, intervalMs: 25 },
  );
  return Math.round(performance.now() - started);
}

const answers = (pathname: string, status: number, location: string | null) =>
  onEveryInstance(`${pathname} → ${status} ${location}`, async (site) => {
    const answer = await ask(site, pathname);
    return answer.status === status && answer.location === location;
  });

const redirectsTo = (pathname: string, location: string, status = 301) =>
  answers(pathname, status, location);

interface LogLine {
  msg?: string;
  entry?: string;
  problem?: string;
}

async function logOf(name: string): Promise<LogLine[]> {
  return readLogLines<LogLine>(cluster.logFile(name));
}

/** Waits until every instance logged a line matching `wanted`. */
function loggedOnEveryInstance(wanted: (line: LogLine) => boolean): Promise<boolean> {
  return pollUntil(
    "every instance to log the line looked for",
    async () => (await Promise.all([...instances.keys()].map(logOf))).every((l) => l.some(wanted)),
    { timeoutMs: WAIT_MS },
  );
}

async function start(name: string): Promise<void> {
  const project = projects.get(name) ?? (await cluster.project());
  projects.set(name, project);
  const site = await cluster.start(name, { project, startTimeoutMs: WAIT_MS });
  instances.set(name, site);
  await untilInstanceReady(site.url, WAIT_MS);
}

const lags: Record<string, number> = {};

/** A `redirect` entry's props: `/<slug>` to `to`. */
const shortLink = (slug: string, to: string) => ({
  title: `Short link ${slug}`,
  slug,
  from: `/${slug}`,
  to,
});

beforeAll(async () => {
  const server = await startPostgres({ durable: false });
  postgres = server;
  cluster = await startSiteInstances("cms-redirects", {
    variables: {
      SITE_ORIGIN: "https://id5.io",
      DATABASE_URL: await server.createDatabase("site"),
      LOG_LEVEL: "info",
    },
  });
  api = cluster.api;
  await Promise.all([start("a"), start("b")]);
}, 15 * 60_000);

afterAll(async () => {
  console.log(`edit to live on both instances (ms): ${JSON.stringify(lags)}`);
  await cluster?.close();
  await postgres?.stop();
});

describe("redirects kept in the CMS, on two instances", { timeout: 240_000 }, () => {
  it("serve the seed's, chains in one hop, beside the code's table", async () => {
    await redirectsTo(RETIRED_PAGE, "/contact");
    await answers("/summit", 302, "/events/addressability-summit-london-2026");
    await answers("/london", 302, "/events/addressability-summit-london-2026");
    await redirectsTo("/product", "/technology");
  });

  it("take a row of the code's table over while they hold its `from`, and give it back", async () => {
    const over = await api.create("redirect", {
      title: "Product page moved for a launch",
      slug: "product-launch",
      from: "/product",
      to: "/news",
      status: "302",
    });
    await answers("/product", 302, "/news");
    // The code's table still answers every other row.
    await redirectsTo("/partner", "/solutions");
    await api.remove("redirect", over._id);
    await redirectsTo("/product", "/technology");
  });

  it("go live when added, changed and removed, in-app navigations included", async () => {
    const added = await api.create("redirect", shortLink("spring-offer", "/news"));
    lags.added = await redirectsTo("/spring-offer", "/news");
    const site = instances.get("a") as SiteProcess;
    const data = await fetch(`${site.url}/spring-offer.data?_routes=root`, { redirect: "manual" });
    expect(data.status).toBe(204);
    expect(data.headers.get("x-remix-redirect")).toBe("/news");
    expect(data.headers.get("x-remix-status")).toBe("301");
    expect((await ask(site, "/spring-offer")).location).toBe("/news");
    const permanent = await fetch(`${site.url}/spring-offer`, { redirect: "manual" });
    expect(permanent.headers.get("cache-control")).toBe("public, max-age=3600");

    await api.setProps("redirect", added._id, { to: "/about", status: "307" });
    lags.changed = await answers("/spring-offer", 307, "/about");

    await api.remove("redirect", added._id);
    lags.removed = await answers("/spring-offer", 404, null);
  });

  it("refuse a loop and a javascript: target, each with a log line naming the entry", async () => {
    const first = await api.create("redirect", shortLink("loop-one", "/loop-two"));
    const second = await api.create("redirect", shortLink("loop-two", "/loop-one"));
    const script = await api.create("redirect", shortLink("script", "javascript:alert(1)"));
    for (const entry of [first, second, script]) {
      await loggedOnEveryInstance(
        (line) => line.msg === "redirect refused" && line.entry === entry._id,
      );
    }
    // Both instances merged the entries (the lines above): none of them answers.
    for (const pathname of ["/loop-one", "/loop-two", "/script"]) {
      await answers(pathname, 404, null);
    }
  });

  it(
    "send a slug renamed twice from both old addresses straight to the newest",
    async () => {
      const old = `/news/${ARTICLE.slug}`;
      await answers(old, 200, null);
      await api.setProps("news-article", ARTICLE.id, { slug: `${ARTICLE.slug}-renamed` });
      lags.renamed = await redirectsTo(old, `/news/${ARTICLE.slug}-renamed`);
      await api.setProps("news-article", ARTICLE.id, { slug: `${ARTICLE.slug}-again` });
      const newest = `/news/${ARTICLE.slug}-again`;
      lags.renamedAgain = await redirectsTo(old, newest);
      await redirectsTo(`/news/${ARTICLE.slug}-renamed`, newest);
      await answers(newest, 200, null);
      // The list that linked to the article was rendered again: it links to the new address.
      await onEveryInstance("/news links to the newest address", async (site) => {
        const html = await (await fetch(`${site.url}/news`)).text();
        return html.includes(`href="${newest}"`) && !html.includes(`href="${old}"`);
      });
      // Six waits of WAIT_MS in turn, on every instance.
    },
    7 * WAIT_MS,
  );

  it("give an old address to the new entry that takes it", async () => {
    const [source] = (await api.entries("news-article")).filter((e) => e._id !== ARTICLE.id);
    const taken = await api.duplicate("news-article", source?._id as string, {
      slug: ARTICLE.slug,
      title: "An article at an address another one had",
    });
    await answers(`/news/${ARTICLE.slug}`, 200, null);
    const html = await (await fetch(`${instances.get("b")?.url}/news/${ARTICLE.slug}`)).text();
    expect(html).toContain("An article at an address another one had");
    // The other old address still goes to the renamed article.
    await redirectsTo(`/news/${ARTICLE.slug}-renamed`, `/news/${ARTICLE.slug}-again`);
    expect(taken._id).not.toBe(ARTICLE.id);
  });

  it("keep a renamed address's redirect across a restart, and catch up with one made while stopped", async () => {
    await instances.get("a")?.stop();
    instances.delete("a");
    await api.setProps("news-article", ARTICLE.id, { slug: `${ARTICLE.slug}-third` });
    await start("a");
    const third = `/news/${ARTICLE.slug}-third`;
    // Ready means read: the restarted instance answers at once, the other after the event.
    const restarted = instances.get("a") as SiteProcess;
    expect(await ask(restarted, `/news/${ARTICLE.slug}-renamed`)).toEqual({
      status: 301,
      location: third,
    });
    expect(await ask(restarted, `/news/${ARTICLE.slug}-again`)).toEqual({
      status: 301,
      location: third,
    });
    await redirectsTo(`/news/${ARTICLE.slug}-again`, third);
    await redirectsTo(RETIRED_PAGE, "/contact");
  });
});
