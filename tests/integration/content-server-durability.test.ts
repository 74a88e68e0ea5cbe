/**
 * Durability: the content service runs as its own process and is SIGKILLed in
 * the middle of a stream of creates and updates. Afterwards the snapshot must
 * pass the checker with zero problems, every write that got a 2xx must be on
 * disk with its data, and the service must start again on it.
 */
import { cp, readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { LOCAL_CONTENT_IDENTITY } from "../../app/config/local-content";
import { checkSnapshot } from "../../content-server/snapshot-check";
import { type Json, startTestServer } from "../support/content-server-harness";
import { spawnContentServer } from "../support/content-server-process";
import { buildFixtureSnapshot, IDS, makeTempDir, PROPS } from "../support/snapshot-builder";

const cleanups: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

function personProps(title: string, slug: string) {
  return [
    { id: PROPS.personTitle, data: [title] },
    { id: PROPS.personSlug, data: [slug] },
    { id: PROPS.personBio, data: [`bio of ${title}`] },
    { id: PROPS.personFriend, data: [{ tid: IDS.templatePerson, eid: IDS.personA }] },
  ];
}

interface Acked {
  /** Title of the last acknowledged write. */
  title: string;
  /** Title of a write sent but not acknowledged when the server died (it may or may not have landed). */
  pending?: string;
}

describe("durability", () => {
  it("loses no acknowledged write and corrupts nothing when killed mid-stream", async () => {
    const fixture = await buildFixtureSnapshot();
    const dir = await makeTempDir("content-durable-");
    const cacheDir = `${dir}-cache`;
    cleanups.push(
      fixture.cleanup,
      () => rm(dir, { recursive: true, force: true }),
      () => rm(cacheDir, { recursive: true, force: true }),
    );
    await cp(fixture.dir, dir, { recursive: true });

    const { child, url } = await spawnContentServer(dir, cacheDir);
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.once("exit", (_code, signal) => resolve(signal)),
    );
    const base = `${url}/api/v3/org/${LOCAL_CONTENT_IDENTITY.orgId}/instance/${LOCAL_CONTENT_IDENTITY.instanceId}/template/${IDS.templatePerson}/entry`;
    const headers = {
      Authorization: `ApiKey ${LOCAL_CONTENT_IDENTITY.apiKeyId}.${LOCAL_CONTENT_IDENTITY.apiKeySecret}`,
      "Content-Type": "application/json",
    };
    const acked = new Map<string, Acked>();
    let ackCount = 0;
    let stop = false;

    const worker = async (w: number) => {
      for (let n = 0; !stop; n++) {
        const slug = `w${w}-n${n}`;
        let id: string;
        try {
          const response = await fetch(`${base}/create`, {
            method: "POST",
            headers,
            body: JSON.stringify({
              statuses: [{ lng: "en", id: IDS.draft }],
              meta: [{ lng: "en", props: personProps(`${slug} v0`, slug) }],
              content: [
                {
                  lng: "en",
                  nodes: [{ type: "paragraph", content: [{ type: "text", text: slug }] }],
                },
              ],
            }),
          });
          if (response.status !== 200) throw new Error(`create answered ${response.status}`);
          id = ((await response.json()) as Json).item._id;
          acked.set(id, { title: `${slug} v0` });
          ackCount++;
        } catch {
          return;
        }
        for (let v = 1; v <= 3 && !stop; v++) {
          const title = `${slug} v${v}`;
          const state = acked.get(id) as Acked;
          state.pending = title;
          try {
            const response = await fetch(`${base}/${id}/update`, {
              method: "PUT",
              headers,
              body: JSON.stringify({
                lng: "en",
                status: IDS.published,
                meta: { props: personProps(title, slug) },
                content: {
                  nodes: [{ type: "paragraph", content: [{ type: "text", text: title }] }],
                },
              }),
            });
            if (response.status !== 200) throw new Error(`update answered ${response.status}`);
            await response.json();
            acked.set(id, { title });
            ackCount++;
          } catch {
            return;
          }
        }
      }
    };

    const workers = [0, 1, 2, 3].map((w) => worker(w));
    // Kill once a good number of writes went through, with writes still in flight.
    const started = Date.now();
    while (ackCount < 60 && Date.now() - started < 15_000)
      await new Promise((resolve) => setTimeout(resolve, 5));
    child.kill("SIGKILL");
    expect(await exited).toBe("SIGKILL");
    stop = true;
    await Promise.all(workers);
    expect(ackCount).toBeGreaterThanOrEqual(60);

    const report = await checkSnapshot(dir);
    expect(report.problems).toEqual([]);
    for (const [id, state] of acked) {
      const entry = JSON.parse(await readFile(join(dir, "entries", `${id}.json`), "utf8")) as Json;
      const title = entry.meta[0].props.find((p: Json) => p.id === PROPS.personTitle).data[0];
      const allowed = [state.title, state.pending].filter(Boolean);
      expect(allowed, id).toContain(title);
      // Values and content belong together: one write, never a mix of two.
      expect(entry.content[0].nodes[0].content[0].text).toBe(
        title.endsWith(" v0") ? title.replace(/ v0$/, "") : title,
      );
    }

    // The service starts again on the snapshot and serves the acknowledged entries.
    const again = await startTestServer({ dir: await copyOf(dir) });
    try {
      const { body } = await again.json(`/template/${IDS.templatePerson}/entry/all/parsed`);
      const ids = new Set((body.items as Json[]).map((entry) => entry._id));
      for (const id of acked.keys()) expect(ids.has(id)).toBe(true);
    } finally {
      await again.close();
    }
  }, 60_000);
});

describe("process lifecycle", () => {
  it("logs its URL and stops cleanly (exit 0) on SIGTERM", async () => {
    const fixture = await buildFixtureSnapshot();
    cleanups.push(fixture.cleanup, () =>
      rm(`${fixture.dir}-cache`, { recursive: true, force: true }),
    );
    const { child, url } = await spawnContentServer(fixture.dir, `${fixture.dir}-cache`);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const exited = new Promise<number | null>((resolve) =>
      child.once("exit", (code) => resolve(code)),
    );
    const response = await fetch(
      `${url}/api/v3/org/${LOCAL_CONTENT_IDENTITY.orgId}/instance/${LOCAL_CONTENT_IDENTITY.instanceId}/language/all`,
      {
        headers: {
          Authorization: `ApiKey ${LOCAL_CONTENT_IDENTITY.apiKeyId}.${LOCAL_CONTENT_IDENTITY.apiKeySecret}`,
        },
      },
    );
    expect(response.status).toBe(200);
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
  });
});

async function copyOf(dir: string): Promise<string> {
  const copy = await makeTempDir("content-durable-copy-");
  await cp(dir, copy, { recursive: true });
  return copy;
}
