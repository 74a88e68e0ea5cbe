// The order of a request, as a table: for each request, which step answers it and how. The
// parts that decide (files, prerendered pages, addresses, redirects, headers) are the real
// ones over a small client build in a temporary folder; the render and the prepared 404
// pages stand in for the render thread.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "../app/config/env.server";
import { recordingLogger } from "../tests/support/webhook-receiver";
import type { ContentDependencies } from "./refresh/content-dependencies";
import type { PageRenderer } from "./rendering/render";
import {
  createRequestPipeline,
  type PipelineParts,
  type RequestPipeline,
} from "./request-pipeline";
import { AnswerHeaders } from "./security/answer-headers";
import { ContentSecurityPolicies } from "./security/content-security-policy";
import type { CspReportEndpoint } from "./security/csp-report";
import { NO_PROXY } from "./security/request-intake";
import { securityHeaders } from "./security/security-headers";
import type { NotFoundAnswers } from "./serving/not-found";
import { PrerenderedPages } from "./serving/prerendered";
import { SiteRedirects } from "./serving/redirects";
import type { RouteFacts } from "./serving/route-facts";
import { SiteAddresses } from "./serving/site-addresses";
import { ClientFiles } from "./serving/static-files";

const ORIGIN = "https://id5.io";

/** Routes as a build describes them: a listed page per slug, the contact page any address. */
function describeRoute(page: string): RouteFacts {
  if (page === "/contact") return { query: null, addresses: "any", routeId: "contact" };
  return {
    query: new Set(),
    addresses: "listed",
    routeId: "page",
    pattern: "/:slug",
    tail: { prefix: "/", segments: "one" },
  };
}

let dir: string;
let pipeline: RequestPipeline;
const logger = recordingLogger();

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "request-order-"));
  const client = path.join(dir, "client");
  await mkdir(path.join(client, "assets"), { recursive: true });
  await mkdir(path.join(client, "about"), { recursive: true });
  await writeFile(path.join(client, "robots.txt"), "User-agent: *\n");
  await writeFile(path.join(client, "assets", "entry-abc123.js"), "console.log(1);\n");
  await writeFile(path.join(client, "about", "index.html"), "<!doctype html><title>About</title>");
  await writeFile(path.join(client, "about.data"), "[]");
  const files = await ClientFiles.scan(client);
  const prerendered = new PrerenderedPages(files, ["about/index.html", "about.data"]);
  const notFound = {
    write: (_request: IncomingMessage, response: ServerResponse) => {
      response.writeHead(404, ["Content-Type", "text/html"]);
      response.end("prepared 404");
      return true;
    },
    respond: () => new Response("prepared 404", { status: 404 }),
    isPrepared: () => true,
  } as unknown as NotFoundAnswers;
  const renderer = {
    answer: async () => ({ source: "render", response: new Response("rendered") }),
  } as unknown as PageRenderer;
  const parts: PipelineParts = {
    env: parseEnv({ SITE_ORIGIN: ORIGIN }),
    logger,
    trustProxy: NO_PROXY,
    files,
    prerendered,
    dependencies: { tagsOf: () => undefined } as unknown as ContentDependencies,
    addresses: new SiteAddresses(files, prerendered, describeRoute),
    redirects: new SiteRedirects(),
    notFound,
    renderer,
    answerHeaders: new AnswerHeaders(
      securityHeaders(ORIGIN),
      new ContentSecurityPolicies({
        tagManager: false,
        embedFrameAncestors: [],
        previewFrameAncestors: [],
      }),
    ),
    cspReports: {
      handle: () => new Response(null, { status: 204 }),
    } as unknown as CspReportEndpoint,
    buildId: "test",
    readiness: async () => ["HTTP 200", []],
    measured: false,
  };
  pipeline = createRequestPipeline(parts);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

interface Answer {
  /** "node:http" when a step before the full server answered. */
  where: "node:http" | "full server";
  status: number;
  source: unknown;
  headers: Headers;
}

/** Asks the pipeline as node:http would: its own steps first, then the full server. */
async function ask(method: string, url: string, headers: Record<string, string> = {}) {
  const lines = logger.lines.length;
  const written: { status?: number; headers: Headers } = { headers: new Headers() };
  const request = {
    method,
    url,
    headers: { host: "id5.io", ...headers },
    socket: { remoteAddress: "192.0.2.1" },
  } as unknown as IncomingMessage;
  const response = {
    statusCode: 200,
    writeHead(this: { statusCode: number }, status: number, list: string[]) {
      this.statusCode = status;
      written.status = status;
      for (let i = 0; i + 1 < list.length; i += 2) {
        written.headers.append(list[i] as string, list[i + 1] as string);
      }
    },
    write: () => true,
    end: () => undefined,
    cork: () => undefined,
  } as unknown as ServerResponse;
  const sourceOfLine = () => logger.lines.slice(lines).find((l) => l.message === "request");
  if (pipeline.serveOnNodeHttp(request, response)) {
    return {
      where: "node:http",
      status: written.status ?? 0,
      source: sourceOfLine()?.fields.source,
      headers: written.headers,
    } satisfies Answer;
  }
  const host = request.headers.host;
  const answer = await pipeline.fetch(
    new Request(`http://${host}${url}`, {
      method,
      headers,
      body: method === "POST" ? "a=1" : undefined,
    }),
    { incoming: request },
  );
  await answer.body?.cancel();
  return {
    where: "full server",
    status: answer.status,
    source: sourceOfLine()?.fields.source,
    headers: answer.headers,
  } satisfies Answer;
}

describe("the order of a request", () => {
  it.each([
    // method, path, headers, where it is answered, status, source
    ["TRACE", "/about", {}, "node:http", 405, "refused"],
    ["DELETE", "/robots.txt", {}, "node:http", 405, "refused"],
    ["GET", "/no-such-page", {}, "node:http", 404, "not-found"],
    ["GET", "/anything", { host: "news.id5.io" }, "full server", 301, "redirect"],
    ["GET", "/product", {}, "full server", 301, "redirect"],
    ["GET", "/about/", {}, "full server", 301, "redirect"],
    ["GET", "/healthz", {}, "full server", 200, "health"],
    ["GET", "/readyz", {}, "full server", 200, "health"],
    ["POST", "/csp-report", {}, "full server", 204, "report"],
    ["GET", "/%ZZ", {}, "full server", 400, "error"],
    ["GET", "/assets/entry-abc123.js", {}, "full server", 200, "static"],
    ["GET", "/assets/entry-gone.js", {}, "full server", 404, "static"],
    ["GET", "/about", {}, "full server", 200, "prerendered"],
    ["GET", "/about.data", {}, "full server", 200, "prerendered"],
    ["POST", "/about", { origin: "https://evil.example" }, "full server", 403, "error"],
    ["GET", "/contact", {}, "full server", 200, "render"],
    ["POST", "/contact", { origin: ORIGIN }, "full server", 200, "render"],
  ] as const)("%s %s %o: %s, %i (%s)", async (method, url, headers, where, status, source) => {
    const answer = await ask(method, url, headers);
    expect({ where: answer.where, status: answer.status, source: answer.source }).toEqual({
      where,
      status,
      source,
    });
  });

  it("replays a file on node:http once the full server has answered it", async () => {
    expect((await ask("GET", "/robots.txt")).where).toBe("full server");
    await pipeline.fastPath.settled();
    const replayed = await ask("GET", "/robots.txt");
    expect({ where: replayed.where, status: replayed.status, source: replayed.source }).toEqual({
      where: "node:http",
      status: 200,
      source: "static",
    });
  });

  it("gives every answer the site's headers, the refusals on node:http included", async () => {
    for (const [method, url] of [
      ["TRACE", "/about"],
      ["GET", "/healthz"],
      ["GET", "/product"],
      ["GET", "/%ZZ"],
      ["GET", "/about"],
      ["GET", "/contact"],
    ] as const) {
      const { headers } = await ask(method, url);
      expect(headers.get("x-content-type-options"), `${method} ${url}`).toBe("nosniff");
      expect(headers.get("strict-transport-security"), `${method} ${url}`).toMatch(/max-age/);
      expect(headers.get("content-security-policy"), `${method} ${url}`).toContain("script-src");
    }
  });
});
