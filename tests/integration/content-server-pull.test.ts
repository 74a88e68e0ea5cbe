/** content:pull: a round trip from one running content service into a new snapshot folder. */
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pullConfigFromEnv } from "../../app/config/env.server";
import { checkSnapshot } from "../../content-server/snapshot-check";
import { pullSnapshot } from "../../content-server/snapshot-pull";
import { type Json, startTestServer, type TestServer } from "../support/content-server-harness";
import { runScript } from "../support/script-run";
import { IDS, makeTempDir } from "../support/snapshot-builder";

/** content:pull as `npm run content:pull` runs it. */
const pull = (args: string[], env: NodeJS.ProcessEnv) =>
  runScript("scripts/content-pull.ts", args, env);

let source: TestServer;
let workDir: string;

beforeAll(async () => {
  source = await startTestServer();
  workDir = await makeTempDir("content-pull-");
});

afterAll(async () => {
  await source.close();
  await rm(workDir, { recursive: true, force: true });
});

function env(overrides: Record<string, string> = {}) {
  const { identity } = source.server;
  return {
    ...process.env,
    BCMS_ORIGIN: source.server.url,
    BCMS_ORG_ID: identity.orgId,
    BCMS_INSTANCE_ID: identity.instanceId,
    BCMS_API_KEY_ID: identity.apiKeyId,
    BCMS_API_KEY_SECRET: identity.apiKeySecret,
    ...overrides,
  };
}

async function readJsonDir(dir: string): Promise<Map<string, Json>> {
  const files = new Map<string, Json>();
  for (const name of (await readdir(dir)).sort())
    files.set(name, JSON.parse(await readFile(join(dir, name), "utf8")));
  return files;
}

describe("content:pull", () => {
  it("copies every entity and binary; the copy serves the same content", async () => {
    const dest = join(workDir, "pulled");
    const { code, stdout, stderr } = await pull([dest], env());
    expect(code, stderr).toBe(0);
    expect(stdout).toMatch(/content:pull: done \(2 templates, 5 entries, 5 media items, 4 files\)/);

    for (const kind of ["templates", "groups", "widgets", "languages", "statuses", "entries"]) {
      expect(await readJsonDir(join(dest, kind)), kind).toEqual(
        await readJsonDir(join(source.fixture.dir, kind)),
      );
    }
    // Media are copied as the service serves them (size transforms filled in).
    const served = (await source.json("/media/all")).body.items as Json[];
    const pulledMedia = await readJsonDir(join(dest, "media"));
    expect([...pulledMedia.values()]).toEqual(expect.arrayContaining(served));
    expect(pulledMedia.size).toBe(served.length);
    const sourceFiles = (await readdir(join(source.fixture.dir, "media-files"))).sort();
    expect((await readdir(join(dest, "media-files"))).sort()).toEqual(sourceFiles);
    for (const name of sourceFiles) {
      const a = await readFile(join(source.fixture.dir, "media-files", name));
      const b = await readFile(join(dest, "media-files", name));
      expect(b.equals(a), name).toBe(true);
    }
    expect((await checkSnapshot(dest)).problems).toEqual([]);

    const copy = await startTestServer({ dir: dest });
    try {
      const path = `/template/${IDS.templateArticle}/entry/${IDS.article1}/parse`;
      expect((await copy.json(path)).body).toEqual((await source.json(path)).body);
    } finally {
      await copy.server.close();
    }
  });

  it("replaces an existing snapshot completely and leaves no temporary folders", async () => {
    const dest = join(workDir, "existing");
    await mkdir(join(dest, "entries"), { recursive: true });
    await writeFile(join(dest, "entries", "65aa00000000000000000fff.json"), "{}");
    await pullSnapshot({
      origin: source.server.url,
      orgId: source.server.identity.orgId,
      instanceId: source.server.identity.instanceId,
      apiKey: { id: source.server.identity.apiKeyId, secret: source.server.identity.apiKeySecret },
      dest,
    });
    expect(await readdir(join(dest, "entries"))).not.toContain("65aa00000000000000000fff.json");
    expect((await readdir(dirname(dest))).filter((name) => name.startsWith("."))).toEqual([]);
  });

  it("leaves the old snapshot untouched when the pull fails", async () => {
    const dest = join(workDir, "kept");
    await mkdir(dest, { recursive: true });
    await writeFile(join(dest, "marker.txt"), "old");
    await expect(
      pullSnapshot({
        origin: source.server.url,
        orgId: source.server.identity.orgId,
        instanceId: source.server.identity.instanceId,
        apiKey: { id: source.server.identity.apiKeyId, secret: "wrong" },
        dest,
      }),
    ).rejects.toThrow("GET template/all answered 401: Invalid API Key");
    expect(await readFile(join(dest, "marker.txt"), "utf8")).toBe("old");
    expect((await readdir(workDir)).filter((name) => name.startsWith("."))).toEqual([]);
  });

  it("names every missing variable", async () => {
    expect(pullConfigFromEnv({}).errors).toEqual([
      "BCMS_ORIGIN is not set: the origin of the BCMS to copy, e.g. https://app.thebcms.com",
      "BCMS_ORG_ID is not set: the organisation id",
      "BCMS_INSTANCE_ID is not set: the instance id",
      "BCMS_API_KEY_ID is not set: the id of an API key that can read every template and media",
      "BCMS_API_KEY_SECRET is not set: the secret of that API key",
    ]);
    expect(pullConfigFromEnv({ ...env(), BCMS_ORIGIN: "ftp://x" }).errors).toEqual([
      'BCMS_ORIGIN must be an http(s) origin, got "ftp://x"',
    ]);
    const failure = await pull(
      [join(workDir, "never")],
      env({ BCMS_ORG_ID: "", BCMS_API_KEY_SECRET: "" }),
    );
    expect(failure.code).toBe(1);
    expect(failure.stderr).toContain("content:pull: BCMS_ORG_ID is not set");
    expect(failure.stderr).toContain("content:pull: BCMS_API_KEY_SECRET is not set");
    expect(failure.stderr).not.toContain("BCMS_ORIGIN is not set");
  });
});
