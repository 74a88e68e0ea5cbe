// Hostile input against previews and the request path (issue 28), over real HTTP on a
// loopback port: the site server with a stand-in build and its previews' revocations in a
// real SQLite store. Encoded spellings of a link, many event streams from one client,
// revoked links with their streams open, odd methods, an unauthorised API call with a body
// that never ends. Each gets its 4xx, never a 5xx, and no log line holds a link's token.

import { mkdtemp, rm } from "node:fs/promises";
import { type ClientRequest, type IncomingMessage, request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_STREAMS_PER_LINK } from "../../server/preview/preview-events";
import { previewLinkKey, signPreviewToken } from "../../server/preview/preview-links";
import type { PreviewContent } from "../../server/rendering/server-build";
import { ALLOWED_METHODS } from "../../server/serving/method-guard";
import { SqliteStore } from "../../server/store/sqlite-store";
import {
  type FakeBuild,
  fakeBuild,
  type RunningTestSite,
  startTestSite,
  testEnv,
} from "../support/fake-site-build";
import { changesRefreshed } from "../support/server-log";

const SITE_KEY = Buffer.alloc(32, 9);
const API_TOKEN = "probe-preview-api-token-0123456789abcdef";
const ENTRY = { templateName: "news-article", entryId: "9ceec891984386911abbeba8" };

const previewContent: PreviewContent = {
  withPreviewOf: (_target, work) => work(),
  describePreview: async (target) =>
    target.entryId === ENTRY.entryId
      ? { path: "/news/an-article", title: "An article", status: "Draft", changedFields: [] }
      : undefined,
  findPreviewEntry: async (template, slugOrId) =>
    template === ENTRY.templateName && slugOrId === ENTRY.entryId
      ? { ok: true, target: ENTRY, path: "/news/an-article" }
      : { ok: false, problem: "no such entry" },
};

let site: RunningTestSite;
let fake: FakeBuild;
let store: SqliteStore;
let dataDir: string;
/** Every token made here: none may appear in a log line. */
const tokens: string[] = [];

function link(now = Date.now()): string {
  const { token } = signPreviewToken(ENTRY, previewLinkKey(SITE_KEY), { hours: 1, now });
  tokens.push(token);
  return token;
}

/** A request held open: resolves with the response's head; `ended` when the server ends it. */
function openRequest(
  pathname: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): { sent: ClientRequest; response: Promise<IncomingMessage>; ended: Promise<void> } {
  let ended: () => void = () => {};
  const endedPromise = new Promise<void>((resolve) => {
    ended = resolve;
  });
  let sent: ClientRequest | undefined;
  const response = new Promise<IncomingMessage>((resolve, reject) => {
    sent = request(
      {
        host: "127.0.0.1",
        port: site.port,
        path: pathname,
        method: options.method ?? "GET",
        headers: options.headers,
        agent: false,
      },
      (res) => {
        res.on("data", () => {});
        res.on("end", ended);
        res.on("close", ended);
        resolve(res);
      },
    );
    sent.on("error", reject);
    if (options.body !== undefined) sent.write(options.body);
    else sent.end();
  });
  return { sent: sent as ClientRequest, response, ended: endedPromise };
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "preview-probes-"));
  store = await SqliteStore.open(dataDir);
  fake = fakeBuild();
  fake.build.preview = previewContent;
  site = await startTestSite({
    env: testEnv({ PREVIEW_API_TOKEN: API_TOKEN }),
    build: fake.build,
    siteKey: SITE_KEY,
    previewRevocations: store.previewRevocations,
  });
});

afterAll(async () => {
  await site?.close();
  await store?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe("hostile input against previews", () => {
  it("serves a valid link (the stand-in build is wired)", async () => {
    const answer = await site.get(`/_preview/${link()}`);
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('id="preview-bar"');
  });

  it("refuses every other spelling of a link with 404, and answers the odd ones 4xx", async () => {
    const token = link();
    const encodedDot = token.replace(".", "%2E");
    for (const spelling of [
      `/%5Fpreview/${token}`,
      `/%5fpreview/${token}/events`,
      `/_preview%2F${token}`,
      `/_preview/${encodedDot}`,
      `/%5F%70review/${token}`,
    ]) {
      const answer = await site.get(spelling);
      expect(answer.status, spelling).toBe(404);
      expect(answer.text, spelling).not.toContain("preview-bar");
    }
    for (const odd of [
      `//_preview/${token}`,
      `/_PREVIEW/${token}`,
      `/_preview/${token}/events/more`,
      `/_preview/${token}%00`,
      `/_preview/${token}%`,
      "/_preview/%2e%2e/%2e%2e/private.txt",
      `/_preview/${"a".repeat(5000)}`,
    ]) {
      const answer = await site.get(odd);
      expect(answer.status, odd).toBeGreaterThanOrEqual(400);
      expect(answer.status, odd).toBeLessThan(500);
      expect(answer.text, odd).not.toContain("preview-bar");
    }
  });

  it("holds a few streams per link, then answers 429, never 5xx", async () => {
    const token = link();
    const opened = Array.from({ length: MAX_STREAMS_PER_LINK + 3 }, () =>
      openRequest(`/_preview/${token}/events`),
    );
    const statuses = (await Promise.all(opened.map((o) => o.response))).map(
      (response) => response.statusCode,
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(MAX_STREAMS_PER_LINK);
    expect(statuses.filter((status) => status === 429)).toHaveLength(3);
    for (const o of opened) o.sent.destroy();
  });

  it("closes open streams once their link is revoked, and refuses the link (403)", async () => {
    const token = link(Date.now() - 5_000);
    const open = openRequest(`/_preview/${token}/events`);
    expect((await open.response).statusCode).toBe(200);
    await store.previewRevocations.revokePreviewLinks({ entryId: ENTRY.entryId }, Date.now());
    // The next event the stream would get (an edit of its entry) finds the link revoked.
    fake.emit({ id: ENTRY.entryId }, { tags: [`entry:${ENTRY.entryId}`] });
    await open.ended;
    expect((await site.get(`/_preview/${token}`)).status).toBe(403);
    expect((await site.get(`/_preview/${token}/events`)).status).toBe(403);
  });

  it("answers odd methods 405 with Allow, never a render, on previews and pages alike", async () => {
    const token = link();
    await site.get("/about"); // served from its file: the fast path learns it
    await changesRefreshed(site.logs); // the pages the edits above touched are written again
    const rendersBefore = fake.calls.length;
    for (const target of [
      `/_preview/${token}`,
      `/_preview/${token}/events`,
      "/_preview/api/links",
      "/",
      "/about",
      "/favicon.svg",
      "/no/such/page",
    ]) {
      for (const method of ["TRACE", "OPTIONS", "DELETE", "PUT", "PATCH", "PROPFIND"]) {
        const answer = await site.get(target, { method });
        expect(answer.status, `${method} ${target}`).toBe(405);
        expect(answer.headers.allow, `${method} ${target}`).toBe(ALLOWED_METHODS);
        expect(answer.headers["cache-control"], `${method} ${target}`).toBe("no-store");
      }
    }
    expect(fake.calls.slice(rendersBefore)).toEqual([]);
    // The full server's own guard (what a request reaching it without the fast path meets).
    const full = await site.site.fetch(
      new Request("http://localhost/about", { method: "OPTIONS" }),
    );
    expect(full.status).toBe(405);
    expect(full.headers.get("allow")).toBe(ALLOWED_METHODS);
    expect(full.headers.get("cache-control")).toBe("no-store");
  });

  it("refuses a wrong API token before reading a body, even one that never ends", async () => {
    const call = openRequest("/_preview/api/links", {
      method: "POST",
      headers: {
        authorization: "Bearer not-the-token",
        "content-type": "application/json",
        "content-length": "60000",
      },
      body: '{"template":',
    });
    const response = await call.response;
    expect(response.statusCode).toBe(401);
    call.sent.destroy();
    const tooLarge = await site.get("/_preview/api/links", {
      method: "POST",
      headers: {
        authorization: `Bearer ${API_TOKEN}`,
        "content-type": "application/json",
        "content-length": "60000",
      },
    });
    expect(tooLarge.status).toBe(413);
  });

  it("wrote no error line, and no line with a link's token", () => {
    expect(site.logs.lines.filter((line) => line.level === "error")).toEqual([]);
    const written = JSON.stringify(site.logs.lines);
    expect(written).toContain("[redacted]");
    for (const token of tokens) {
      expect(written).not.toContain(token.slice(token.lastIndexOf(".") + 1));
      expect(written).not.toContain(token.slice(0, token.lastIndexOf(".")));
    }
    expect(written).not.toContain(API_TOKEN);
  });
});
