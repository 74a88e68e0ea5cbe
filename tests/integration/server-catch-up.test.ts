// The start's catch-up in the server, on a fake build whose "CMS" versions the test sets and
// whose renders it can hold: /readyz is 503 while the versions are read and while the pages
// that read what changed are rendered again; those pages are rendered per request meanwhile
// (never served from their old files); the others are left alone; the record on disk moves
// forward once their files are written; an unreadable CMS is asked again.
import { readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type ContentVersions, emptyContentVersions } from "../../app/content/cms-update-times";
import { CONTENT_VERSIONS_FILE } from "../../server/refresh/content-ledger";
import { createSiteServer, type SiteServer } from "../../server/site-server";
import {
  type FakeBuild,
  fakeBuild,
  TEST_SECRET,
  testEnv,
  writeFakeBuildDir,
} from "../support/fake-site-build";
import { rawRequest } from "../support/raw-request";
import { caughtUp } from "../support/server-log";
import { type RecordingLogger, recordingLogger } from "../support/webhook-receiver";

/** A CMS stand-in that answers the readiness call. */
let cms: Server;
let cmsOrigin: string;

beforeAll(async () => {
  cms = createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ items: [{ code: "en" }] }));
  });
  await new Promise<void>((resolve) => cms.listen(0, "127.0.0.1", resolve));
  cmsOrigin = `http://127.0.0.1:${(cms.address() as AddressInfo).port}`;
});
afterAll(async () => {
  cms.closeAllConnections();
  await new Promise((resolve) => cms.close(resolve));
});

function versions(updated: Record<string, number>): ContentVersions {
  const record = emptyContentVersions();
  for (const [id, updatedAt] of Object.entries(updated)) {
    record.entries[id] = { template: "page", updatedAt };
  }
  return record;
}

/** What the build recorded: each page reads one entry. */
const BUILT = versions({ home: 1, about: 1, privacy: 1 });
const PAGE_TAGS = {
  pages: {
    "/": ["entry:home"],
    "/about": ["entry:about"],
    "/trust/privacy-policy": ["entry:privacy"],
  },
};

interface Started {
  site: SiteServer;
  fake: FakeBuild;
  logs: RecordingLogger;
  buildDir: string;
  get: (p: string) => ReturnType<typeof rawRequest>;
  readyz: () => Promise<{ status: number; body: Record<string, unknown> }>;
  close(): Promise<void>;
}

async function start(
  readVersions: (fake: FakeBuild) => Promise<ContentVersions>,
): Promise<Started> {
  const buildDir = await writeFakeBuildDir();
  await writeFile(path.join(buildDir, CONTENT_VERSIONS_FILE), JSON.stringify(BUILT));
  await writeFile(path.join(buildDir, "content-tags.json"), JSON.stringify(PAGE_TAGS));
  const fake = fakeBuild();
  fake.build.readContentVersions = () => readVersions(fake);
  const logs = recordingLogger();
  const site = await createSiteServer({
    buildDir,
    env: testEnv({ BCMS_ORIGIN: cmsOrigin, BCMS_API_KEY_SECRET: TEST_SECRET }),
    logger: logs,
    build: fake.build,
    renderThread: false,
  });
  const { port } = await site.listen(0, "127.0.0.1");
  const get = (p: string) => rawRequest(port, p);
  return {
    site,
    fake,
    logs,
    buildDir,
    get,
    async readyz() {
      const response = await get("/readyz");
      return { status: response.status, body: JSON.parse(response.text) };
    },
    async close() {
      await site.close();
      await rm(buildDir, { recursive: true, force: true });
    },
  };
}

describe("catching up with the CMS at start", () => {
  it("is not ready until the pages that read what changed are rendered again, and renders them per request meanwhile", async () => {
    let answer = (_: ContentVersions) => {};
    const read = new Promise<ContentVersions>((resolve) => {
      answer = resolve;
    });
    const t = await start(() => read);
    try {
      expect(await t.readyz()).toEqual({
        status: 503,
        body: { status: "starting", content: "HTTP 200", catchUp: "reading" },
      });
      expect((await t.get("/healthz")).status).toBe(200);

      const refresh = t.fake.hold("/about");
      answer(versions({ home: 1, about: 2, privacy: 1 }));
      await t.fake.received("/about");
      expect((await t.readyz()).body.catchUp).toBe("refreshing");
      // Known to be out of date: rendered for the visitor, not its old file.
      const visitor = t.get("/about");
      // The visitor's render has reached the (held) handler too: it is not a file.
      await vi.waitFor(
        () => expect(t.fake.calls.filter((call) => call === "/about")).toHaveLength(2),
        { timeout: 10_000 },
      );
      // Untouched: still its file.
      expect((await t.get("/")).text).toContain("prerendered home");
      refresh.release();
      const rendered = await visitor;
      expect(rendered.text).toContain("rendered /about v1");

      await caughtUp(t.logs);
      expect((await t.readyz()).status).toBe(200);
      expect(t.fake.calls.filter((call) => !call.startsWith("/about"))).toEqual([]);
      expect((await t.get("/about")).text).toContain("rendered /about v1");
      expect((await t.get("/trust/privacy-policy")).text).toContain("prerendered privacy");

      // Recorded once the files are written: the next start finds nothing.
      await t.site.close();
      const recorded = JSON.parse(
        await readFile(path.join(t.buildDir, CONTENT_VERSIONS_FILE), "utf8"),
      ) as ContentVersions;
      expect(recorded.entries.about?.updatedAt).toBe(2);
    } finally {
      await t.close();
    }
  });

  it("renders nothing when nothing changed", async () => {
    const t = await start(async () => BUILT);
    try {
      expect(await caughtUp(t.logs)).toMatchObject({ tags: 0, refreshed: 0 });
      expect((await t.readyz()).status).toBe(200);
      expect(t.fake.calls).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it("asks again while the CMS cannot be read, and is not ready meanwhile", async () => {
    let attempts = 0;
    let failed = () => {};
    const firstFailure = new Promise<void>((resolve) => {
      failed = resolve;
    });
    const t = await start(async () => {
      attempts += 1;
      if (attempts === 1) {
        failed();
        throw new Error("CMS unreachable");
      }
      return versions({ home: 2, about: 1, privacy: 1 });
    });
    try {
      await firstFailure;
      expect((await t.readyz()).status).toBe(503);
      await caughtUp(t.logs);
      expect(attempts).toBe(2);
      expect((await t.readyz()).status).toBe(200);
      expect(t.fake.calls.sort()).toEqual(["/", "/_.data"]);
    } finally {
      await t.close();
    }
  });

  it("keeps the record where it was when a page could not be rendered again", async () => {
    const t = await start(async (fake) => {
      // The CMS answers the versions, then fails the renders.
      fake.cmsDown = true;
      return versions({ home: 1, about: 2, privacy: 1 });
    });
    try {
      await caughtUp(t.logs);
      // Done (the page renders per request, or its old file serves as a fallback)...
      expect((await t.readyz()).status).toBe(200);
      await t.site.close();
      // ...but not recorded: the next start renders it again.
      const recorded = JSON.parse(
        await readFile(path.join(t.buildDir, CONTENT_VERSIONS_FILE), "utf8"),
      ) as ContentVersions;
      expect(recorded).toEqual(BUILT);
    } finally {
      await t.close();
    }
  });
});
