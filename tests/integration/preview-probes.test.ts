// Hostile input against previews and the request path (issue 28), over real HTTP: the site as
// `npm start` runs it, on a copy of the project with its own snapshot and store, previews
// enabled by PREVIEW_API_TOKEN. Links are made and revoked through the preview API, as the
// CMS's editors do. Encoded spellings of a link, many event streams from one client, revoked
// links with their streams open, odd methods, an unauthorised API call with a body that never
// ends: each gets its 4xx, never a 5xx, and no log line holds a link's token.
import { type ClientRequest, type IncomingMessage, request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type DraftsProject,
  draftsEnv,
  editEntry,
  makeDraftsProject,
  startDraftsSite,
} from "../../scripts/drafts-project";
import type { SiteProcess } from "../../scripts/site-process";
import { MAX_STREAMS_PER_LINK } from "../../server/preview/preview-events";
import { ALLOWED_METHODS } from "../../server/serving/method-guard";
import { TEST_BUILD_SETTINGS } from "../support/build-settings";
import { readLogLines } from "../support/log-file";
import { pollUntil } from "../support/poll";
import { rawRequest } from "../support/raw-request";
import { ensureSiteBuild, REAL_SITE_START_MS, SITE_BUILD_DIR } from "../support/site-build";

const API_TOKEN = "probe-preview-api-token-0123456789abcdef";
const ENTRY = { template: "news-article", id: "9ceec891984386911abbeba8" };
/** A revocation reaching an open stream: the edit that follows, through the socket. */
const STREAM_END_DEADLINE_MS = 60_000;

let project: DraftsProject;
let site: SiteProcess;
/** Every link made here: none of its token may appear in a log line. */
const tokens: string[] = [];

const get = (pathWithQuery: string, options?: Parameters<typeof rawRequest>[2]) =>
  rawRequest(site.port, pathWithQuery, options);

/** A link made through the preview API, as its path (`/_preview/<token>`). */
async function link(): Promise<string> {
  const made = await fetch(`${site.url}/_preview/api/links`, {
    method: "POST",
    headers: { authorization: `Bearer ${API_TOKEN}`, "content-type": "application/json" },
    body: JSON.stringify({ template: ENTRY.template, entry: ENTRY.id }),
  });
  expect(made.status).toBe(201);
  const { pathname } = new URL(((await made.json()) as { url: string }).url);
  tokens.push(pathname.slice(pathname.lastIndexOf("/") + 1));
  return pathname;
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

/** The site's log lines so far. */
async function logLines(): Promise<Record<string, unknown>[]> {
  return readLogLines(project.logFile);
}

beforeAll(async () => {
  await ensureSiteBuild();
  project = await makeDraftsProject({ fromBuild: SITE_BUILD_DIR });
  site = await startDraftsSite(
    project,
    draftsEnv(project, { ...TEST_BUILD_SETTINGS, PREVIEW_API_TOKEN: API_TOKEN }),
  );
}, REAL_SITE_START_MS);

afterAll(async () => {
  await site?.stop();
  await project?.remove();
});

describe("hostile input against previews", () => {
  it("serves a link the preview API made", async () => {
    const answer = await get(await link());
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('id="preview-bar"');
  });

  it("refuses every other spelling of a link with 404, and answers the odd ones 4xx", async () => {
    const pathname = await link();
    const token = pathname.slice(pathname.lastIndexOf("/") + 1);
    const encodedDot = token.replace(".", "%2E");
    for (const spelling of [
      `/%5Fpreview/${token}`,
      `/%5fpreview/${token}/events`,
      `/_preview%2F${token}`,
      `/_preview/${encodedDot}`,
      `/%5F%70review/${token}`,
      // Spellings strict decoding refuses: still a preview's, never a 403 that reads the token.
      `/%5Fpreview/${token}%ZZ`,
      `/%5Fpreview/${token}%5C`,
      `/x/..%2F_preview/${token}`,
    ]) {
      const answer = await get(spelling);
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
      const answer = await get(odd);
      expect(answer.status, odd).toBeGreaterThanOrEqual(400);
      expect(answer.status, odd).toBeLessThan(500);
      expect(answer.text, odd).not.toContain("preview-bar");
    }
  });

  it("holds a few streams per link, then answers 429, never 5xx", async () => {
    const pathname = await link();
    const opened = Array.from({ length: MAX_STREAMS_PER_LINK + 3 }, () =>
      openRequest(`${pathname}/events`),
    );
    const statuses = (await Promise.all(opened.map((o) => o.response))).map(
      (response) => response.statusCode,
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(MAX_STREAMS_PER_LINK);
    expect(statuses.filter((status) => status === 429)).toHaveLength(3);
    for (const o of opened) o.sent.destroy();
  });

  it(
    "closes open streams once their link is revoked, and refuses the link (403)",
    async () => {
      const pathname = await link();
      const open = openRequest(`${pathname}/events`);
      expect((await open.response).statusCode).toBe(200);
      const revoked = await fetch(`${site.url}/_preview/api/revoke`, {
        method: "POST",
        headers: { authorization: `Bearer ${API_TOKEN}`, "content-type": "application/json" },
        body: JSON.stringify({ template: ENTRY.template, entry: ENTRY.id }),
      });
      expect(revoked.status).toBe(200);
      // The next event the stream would get (an edit of its entry) finds the link revoked.
      await editEntry(project, ENTRY.id, {});
      await open.ended;
      expect((await get(pathname)).status).toBe(403);
      expect((await get(`${pathname}/events`)).status).toBe(403);
    },
    STREAM_END_DEADLINE_MS,
  );

  it("answers odd methods 405 with Allow, never a render, on previews and pages alike", async () => {
    const pathname = await link();
    const since = (await logLines()).length;
    const oddMethods = ["TRACE", "OPTIONS", "DELETE", "PUT", "PATCH", "PROPFIND"];
    const targets = [
      pathname,
      `${pathname}/events`,
      "/_preview/api/links",
      "/",
      "/about",
      "/favicon.svg",
      "/no/such/page",
    ];
    const sent = targets.length * oddMethods.length;
    for (const target of targets) {
      for (const method of oddMethods) {
        const answer = await get(target, { method });
        expect(answer.status, `${method} ${target}`).toBe(405);
        expect(answer.headers.allow, `${method} ${target}`).toBe(ALLOWED_METHODS);
        expect(answer.headers["cache-control"], `${method} ${target}`).toBe("no-store");
      }
    }
    // Each was logged (the site had its chance to render), none as a render. Only these
    // requests' lines count: a stream of an earlier test may log its line meanwhile.
    const answered = async () =>
      (await logLines())
        .slice(since)
        .filter((line) => line.msg === "request" && oddMethods.includes(String(line.method)));
    const lines = await pollUntil(
      async () => `${sent} lines of odd methods in the log (${(await answered()).length} there)`,
      async () => {
        const found = await answered();
        return found.length >= sent && found;
      },
      { timeoutMs: 10_000 },
    );
    expect(lines).toHaveLength(sent);
    expect(lines.filter((line) => line.status !== 405)).toEqual([]);
    expect(lines.filter((line) => line.source === "render" || line.source === "cache")).toEqual([]);
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
    const tooLarge = await get("/_preview/api/links", {
      method: "POST",
      headers: {
        authorization: `Bearer ${API_TOKEN}`,
        "content-type": "application/json",
        "content-length": "60000",
      },
    });
    expect(tooLarge.status).toBe(413);
  });

  it("wrote no error line, and no line with a link's token", async () => {
    const lines = await logLines();
    expect(lines.filter((line) => line.level === "error")).toEqual([]);
    const written = JSON.stringify(lines);
    expect(written).toContain("[redacted]");
    expect(tokens.length).toBeGreaterThan(0);
    for (const token of tokens) {
      expect(written).not.toContain(token.slice(token.lastIndexOf(".") + 1));
      expect(written).not.toContain(token.slice(0, token.lastIndexOf(".")));
    }
    expect(written).not.toContain(API_TOKEN);
  });
});
