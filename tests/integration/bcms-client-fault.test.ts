/**
 * Fault test: the real content service is SIGKILLed and restarted while our BCMS client
 * holds a socket and a warm cache. The client must reconnect by itself, serve the data
 * written while it was away, and never leave an unhandled rejection behind.
 */
import { cp, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_CONTENT_IDENTITY } from "../../app/config/local-content";
import { type BcmsClient, BcmsNetworkError, createBcmsClient, silentLogger } from "../../bcms";
import { type ContentServerProcess, spawnContentServer } from "../support/content-server-process";
import { makeTempDir } from "../support/snapshot-builder";

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

async function waitFor(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("BCMS client against a content service that dies and comes back", () => {
  let dir: string;
  let cacheDir: string;
  let port: number;
  let server: ContentServerProcess | undefined;
  let client: BcmsClient;

  beforeAll(async () => {
    process.on("unhandledRejection", onUnhandled);
    dir = await makeTempDir("content-fault-");
    cacheDir = `${dir}-cache`;
    await cp("content", dir, { recursive: true });
    server = await spawnContentServer(dir, cacheDir);
    // Started again on this port below: the client keeps one CMS address.
    port = Number(new URL(server.url).port);
    client = createBcmsClient({
      orgId: LOCAL_CONTENT_IDENTITY.orgId,
      instanceId: LOCAL_CONTENT_IDENTITY.instanceId,
      apiKey: { id: LOCAL_CONTENT_IDENTITY.apiKeyId, secret: LOCAL_CONTENT_IDENTITY.apiKeySecret },
      cmsOrigin: `http://127.0.0.1:${port}`,
      useMemCache: true,
      logger: silentLogger,
      timeoutMs: 5_000,
    });
    await client.socket.connect();
  });

  afterAll(async () => {
    client?.close();
    server?.child.kill("SIGKILL");
    await server?.exited;
    await rm(dir, { recursive: true, force: true });
    await rm(cacheDir, { recursive: true, force: true });
    process.off("unhandledRejection", onUnhandled);
  });

  it("reconnects by itself and serves fresh data after a restart", async () => {
    const states: string[] = [];
    client.socket.onStateChange((state) => states.push(state));
    const before = await client.entry.getAllParsed("news-article");
    const article = before[0];
    expect(article).toBeDefined();
    if (!article) return;

    // Kill the service while the socket is open and the cache is warm.
    server?.child.kill("SIGKILL");
    expect(await server?.exited).toBe("SIGKILL");
    await waitFor(() => states.includes("reconnecting"), 5_000, "the socket to notice");

    // While it is down, reads that miss the cache fail with a typed error, not a crash.
    await expect(client.entry.getAllParsed("job", { skipCache: true })).rejects.toBeInstanceOf(
      BcmsNetworkError,
    );

    // Content changes while the client is away (an editor, a pull, another instance).
    const file = join(dir, "entries", `${article._id}.json`);
    const raw = JSON.parse(await readFile(file, "utf8"));
    const titleValue = raw.meta[0].props[0];
    titleValue.data = ["Edited while the service was down"];
    await writeFile(file, `${JSON.stringify(raw, null, 2)}\n`);

    // Same port again: the client's own backoff brings the socket back.
    server = await spawnContentServer(dir, cacheDir, port);
    await waitFor(() => client.socket.state === "open", 20_000, "the socket to reopen");

    const after = await client.entry.getAllParsed("news-article");
    const fresh = after.find((e) => e._id === article._id);
    expect((fresh?.meta.en as { title?: string } | undefined)?.title).toBe(
      "Edited while the service was down",
    );
    expect(states).toEqual(expect.arrayContaining(["closed", "reconnecting", "open"]));
    expect(unhandled).toEqual([]);
    // Its waits (5 s, the content service's start, 20 s) and reads, on a busy machine.
  }, 90_000);
});
