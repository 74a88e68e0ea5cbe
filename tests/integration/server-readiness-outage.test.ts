// Readiness through a CMS outage, measured from outside: the real site (`npm start`'s command
// over the real build, in an instance project) reads a content service of its own process
// through a proxy that can cut every connection. Once the site has caught up, the outage
// neither makes it unready nor stops its pages; /readyz reports what the CMS answers. An edit
// made while the site could not hear of it shows once the CMS is back, the site ready all along.
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SiteProcess } from "../../scripts/site-process";
import { CONTENT_SERVER_START_MS } from "../support/content-server-process";
import type { GatedProxy } from "../support/gated-proxy";
import { REAL_SITE_START_MS } from "../support/site-build";
import { type SiteInstances, startSiteInstances } from "../support/site-instances";

const ARTICLE = {
  id: "359e533091ae2e0a5c53132f",
  page: "/news/brightwave-exchange-passes-id5-id-by-default",
  title: "Brightwave Exchange passes the ID5 ID to buyers by default",
};
/** How long a state the site reaches by itself (ready, a reconnect) may take here. */
const STATE_TIMEOUT_MS = 120_000;

let instances: SiteInstances;
let proxy: GatedProxy;
let site: SiteProcess | undefined;
let logFile: string;

interface Readyz {
  status: number;
  body: Record<string, unknown>;
}

async function readyz(): Promise<Readyz> {
  const response = await fetch(`${site?.url}/readyz`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/**
 * Asks /readyz (and `also`) until `done` says so; returns every /readyz answer it saw, so the
 * caller can check that none of them was a refusal.
 */
async function watchUntil(done: (answer: Readyz) => Promise<boolean> | boolean): Promise<Readyz[]> {
  const seen: Readyz[] = [];
  const deadline = Date.now() + STATE_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const answer = await readyz();
    seen.push(answer);
    if (await done(answer)) return seen;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    `not reached in ${STATE_TIMEOUT_MS} ms; last /readyz: ${JSON.stringify(seen.at(-1))}`,
  );
}

async function pageText(page: string): Promise<{ status: number; text: string }> {
  const response = await fetch(`${site?.url}${page}`);
  return { status: response.status, text: await response.text() };
}

beforeAll(
  async () => {
    instances = await startSiteInstances("site-readiness-outage", { throughProxy: true });
    proxy = instances.proxy as GatedProxy;
    logFile = instances.logFile("site");
    site = await instances.start("site");
    await watchUntil((answer) => answer.status === 200);
  },
  REAL_SITE_START_MS + CONTENT_SERVER_START_MS + STATE_TIMEOUT_MS,
);

afterAll(() => instances?.close());

describe("a CMS outage after the start's catch-up", () => {
  it(
    "keeps the instance ready and serving, and it catches up once the CMS is back",
    async () => {
      expect(await readyz()).toEqual({
        status: 200,
        body: {
          status: "ready",
          content: "HTTP 200",
          catchUp: "done",
          redirects: "done",
          sharedPieces: "done",
        },
      });
      const outage = proxy.cut();
      // The site has seen the outage once /readyz reports the CMS's silence.
      const during = await watchUntil((answer) => answer.body.content !== "HTTP 200");
      expect(during.every((answer) => answer.status === 200)).toBe(true);
      expect(during.at(-1)?.body).toMatchObject({ status: "ready", catchUp: "done" });
      expect(["unreachable", "timeout"]).toContain(during.at(-1)?.body.content);
      const article = await pageText(ARTICLE.page);
      expect(article.status).toBe(200);
      expect(article.text).toContain(ARTICLE.title);
      expect((await pageText("/")).status).toBe(200);

      // An edit the site cannot hear of: made on the content service itself, past the proxy.
      const edited = `${ARTICLE.title} (edited during an outage ${Date.now()})`;
      await instances.api.retitle("news-article", ARTICLE.id, edited);
      outage.restore();
      const after = await watchUntil(async (answer) => {
        if (answer.body.content !== "HTTP 200") return false;
        return (await pageText(ARTICLE.page)).text.includes(edited);
      });
      expect(after.every((answer) => answer.status === 200)).toBe(true);
      expect(await readFile(logFile, "utf8")).not.toContain('"start failed');
    },
    3 * STATE_TIMEOUT_MS,
  );
});
