// `npm run bench -- shared-piece`: an edit of the consent banner's heading (a piece every page
// shows), from the save to every page of the sitemap showing it on EVERY instance. Two
// instances of the real build (`npm start`'s command) on one private PostgreSQL server, the
// content service a process of its own over the seed, the CDN a stand-in counting purges
// (tests/support/instances-on-postgres.ts). Each instance's sitemap pages are polled over HTTP
// (HTML and `.data`), the pages still without the heading asked again every POLL_MS; the
// files of each instance's build rewritten since the save are counted once both show it and
// their refreshers had time to finish, and the purges naming the banner once a claim's
// lease has passed. A poll round asks each of the 142 answers in turn, and the first answer of
// a page after a change costs its splice, or its render, and its capture by the fast path, so
// the figure is at least one round; when each instance had the new wording is taken from its
// log (from then on any page asked answers with it).

import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { dataRequestOfPage } from "../../app/navigation/page-paths";
import { PURGE_LEASE_MS } from "../../server/refresh/purge";
import {
  type Instance,
  type InstancesOnPostgres,
  startInstancesOnPostgres,
} from "../../tests/support/instances-on-postgres";
import { ensureSiteBuild } from "../../tests/support/site-build";

const POLL_MS = 20;
const WAIT_MS = 180_000;
/** After both show the edit: time for refreshes still under way to write what they write. */
const SETTLE_MS = 5_000;
const EDITS = 3;

const progress = (line: string) => console.error(`shared-piece bench: ${line}`);

async function sitemapPages(instance: Instance): Promise<string[]> {
  const xml = await (await fetch(`${instance.site.url}/sitemap.xml`)).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] as string).pathname);
}

/** ms from `at` until every one of `paths` holds `text` on the instance. */
async function liveOn(instance: Instance, paths: readonly string[], text: string, at: number) {
  let left = [...paths];
  const deadline = at + WAIT_MS;
  while (left.length > 0) {
    const still: string[] = [];
    for (const asked of left) {
      const body = await (await fetch(`${instance.site.url}${asked}`)).text();
      if (!body.includes(text)) still.push(asked);
    }
    left = still;
    if (left.length === 0) break;
    if (Date.now() > deadline) throw new Error(`${left.length} pages never showed the edit`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return Date.now() - at;
}

async function filesWrittenSince(dir: string, since: number): Promise<number> {
  let count = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const info = await stat(path.join(entry.parentPath, entry.name)).catch(() => undefined);
    if (info && info.mtimeMs >= since) count++;
  }
  return count;
}

async function oneEdit(kit: InstancesOnPostgres, bannerId: string, pages: string[], n: number) {
  const heading = `Cookies on this website, edit ${n} ${Date.now()}`;
  const asked = pages.flatMap((page) => [page, dataRequestOfPage(page)]);
  const at = Date.now();
  await kit.api.update("consent-banner", bannerId, { props: { heading: [heading] } });
  // The heading is text in HTML, and a JSON string's content in `.data` (no character of it
  // is escaped differently).
  const perInstanceMs = await Promise.all(
    kit.instances.map((instance) => liveOn(instance, asked, heading, at)),
  );
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const filesRewritten = await Promise.all(
    kit.instances.map((instance) =>
      filesWrittenSince(path.join(instance.project.dir, "build", "client"), at),
    ),
  );
  // When each instance had the new wording (from then on, any page asked answers with it).
  const wordingReadMs = await Promise.all(
    kit.instances.map(async (instance) => {
      const line = (await kit.logOf(instance.name)).find(
        (l) =>
          String(l.msg).startsWith("consent wording changed") && Date.parse(String(l.time)) >= at,
      );
      return line ? Date.parse(String(line.time)) - at : null;
    }),
  );
  progress(
    `edit ${n}: ${JSON.stringify(perInstanceMs)} ms, wording read ${JSON.stringify(wordingReadMs)} ms, files ${filesRewritten}`,
  );
  return {
    at,
    perInstanceMs,
    everyInstanceMs: Math.max(...perInstanceMs),
    wordingReadMs,
    filesRewritten,
  };
}

export async function runSharedPieceBench(): Promise<Record<string, unknown>> {
  progress("build (if stale) and two instances on PostgreSQL…");
  await ensureSiteBuild();
  const kit = await startInstancesOnPostgres({
    label: "shared-piece-bench",
    count: 2,
    waitMs: WAIT_MS,
  });
  try {
    await Promise.all(kit.instances.map((instance) => kit.untilReady(instance)));
    const banner = (await kit.api.entries("consent-banner"))[0];
    if (!banner) throw new Error("the seed has no consent banner");
    const pages = await sitemapPages(kit.instances[0] as Instance);
    const edits: Awaited<ReturnType<typeof oneEdit>>[] = [];
    for (let n = 1; n <= EDITS; n++) edits.push(await oneEdit(kit, banner._id, pages, n));
    const last = edits.at(-1)?.at ?? Date.now();
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, last + PURGE_LEASE_MS + 5_000 - Date.now())),
    );
    const measured = edits.map((edit, index) => {
      const until = edits[index + 1]?.at ?? Number.POSITIVE_INFINITY;
      const purges = kit.cdn.purges.filter(
        (purge) =>
          purge.receivedAt >= edit.at &&
          purge.receivedAt < until &&
          purge.tags.includes("template:consent-banner"),
      ).length;
      return { ...edit, purges };
    });
    return {
      note: "live = ms from the save of the banner's heading to every sitemap page (HTML and .data) showing it on BOTH instances (polled over HTTP, the slower instance counts); filesRewritten = files of each instance's build written since the save, counted 5 s after both showed it; wordingReadMs = ms from the save to each instance logging that it answers with the new wording (null: no such line, the code before the splice); purges = CDN requests naming template:consent-banner between this save and the next",
      sitemapPages: pages.length,
      answersPolled: pages.length * 2,
      liveMs: measured.map((m) => m.everyInstanceMs),
      wordingReadMs: measured.map((m) => m.wordingReadMs),
      filesRewritten: measured.map((m) => m.filesRewritten),
      purges: measured.map((m) => m.purges),
      measured,
    };
  } finally {
    await kit.close();
  }
}
