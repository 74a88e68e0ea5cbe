// How the real site attaches the Content-Security-Policy to every kind of answer, served in
// this process without GTM_ID (tests/integration/csp.test.ts runs `npm start` with the
// build's settings, the tag manager's included, and checks each page's hashes against its
// body): a prerendered page has the same header for every encoding, a 304 and HEAD, a
// rendered one from the cache and in a 304 too; files,
// data and health answers carry the policy without hashes, streamed media its own sandboxing
// policy (docs/cms-trust.md); no tag manager host is named without GTM_ID.
import { readdir } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_EMBED_FRAME_ANCESTORS } from "../../app/config/env.server";
import { MEDIA_CONTENT_SECURITY_POLICY } from "../../app/content/cms-values/media-types";
import {
  ContentSecurityPolicies,
  REPORTING_ENDPOINTS,
} from "../../server/security/content-security-policy";
import { inlineScriptHashes } from "../../server/security/script-hashes";
import { type RawResponse, rawRequest } from "../support/raw-request";
import { SEED_MEDIA } from "../support/seed-pages";
import {
  REAL_SITE_START_MS,
  type RealSiteOnContent,
  serveRealBuildOnContent,
} from "../support/site-build";

/** The policies of a site without GTM_ID and with the default framing. */
const policies = new ContentSecurityPolicies({
  tagManager: false,
  embedFrameAncestors: DEFAULT_EMBED_FRAME_ANCESTORS,
});

let real: RealSiteOnContent;
const get = (pathWithQuery: string, options?: Parameters<typeof rawRequest>[2]) =>
  rawRequest(real.port, pathWithQuery, options);
const cspOf = (res: RawResponse) => String(res.headers["content-security-policy"]);

beforeAll(async () => {
  real = await serveRealBuildOnContent("csp-headers", {
    withMediaFiles: true,
    variables: { GTM_ID: "" },
  });
}, REAL_SITE_START_MS);
afterAll(() => real?.close());

describe("a prerendered page", () => {
  it("is allowed its own inline scripts by hash, the same header whatever the answer", async () => {
    const first = await get("/about");
    expect(first.status).toBe(200);
    const hashes = inlineScriptHashes(first.body);
    expect(hashes.length).toBeGreaterThan(0);
    const expected = policies.select("/about", true).header(hashes);
    expect(cspOf(first)).toBe(expected);
    const etag = String(first.headers.etag);
    const encodings: Record<string, string>[] = [
      {},
      { "Accept-Encoding": "br" },
      { "Accept-Encoding": "gzip" },
    ];
    for (const headers of encodings) {
      expect(cspOf(await get("/about", { headers })), JSON.stringify(headers)).toBe(expected);
    }
    const notModified = await get("/about", { headers: { "If-None-Match": etag } });
    expect(notModified.status).toBe(304);
    expect(cspOf(notModified)).toBe(expected);
    expect(cspOf(await get("/about", { method: "HEAD" }))).toBe(expected);
    expect(first.headers["x-frame-options"]).toBe("DENY");
    expect(first.headers["reporting-endpoints"]).toBe(REPORTING_ENDPOINTS);
  });

  it("names none of the tag manager's hosts without GTM_ID", async () => {
    for (const p of ["/", "/about", "/about?sent=csp-headers", "/no/such/page"]) {
      expect(cspOf(await get(p)), p).not.toContain("googletagmanager");
    }
  });
});

describe("a rendered page", () => {
  it("is allowed its own scripts, rendered or from the cache, 304 included", async () => {
    const rendered = await get("/about?sent=csp-headers-cached");
    expect(rendered.status).toBe(200);
    const expected = policies.select("/about", true).header(inlineScriptHashes(rendered.body));
    expect(cspOf(rendered)).toContain("'sha256-");
    expect(cspOf(rendered)).toBe(expected);
    const cached = await get("/about?sent=csp-headers-cached");
    expect(cspOf(cached)).toBe(expected);
    const notModified = await get("/about?sent=csp-headers-cached", {
      headers: { "If-None-Match": String(cached.headers.etag) },
    });
    expect(notModified.status).toBe(304);
    expect(cspOf(notModified)).toBe(expected);
  });
});

describe("other answers", () => {
  it("carry the policy without hashes: files, data, health", async () => {
    const withoutHashes = policies.select("/", true).withoutHashes;
    const script = (await readdir(path.join(real.buildDir, "client", "assets"))).find((name) =>
      name.endsWith(".js"),
    );
    for (const p of [`/assets/${script}`, "/about.data", "/healthz", "/robots.txt"]) {
      const res = await get(p);
      expect(res.status, p).toBe(200);
      expect(cspOf(res), p).toBe(withoutHashes);
    }
  });

  it("keep the media's own sandboxing policy on streamed media", async () => {
    const res = await get(SEED_MEDIA.address);
    expect(res.status).toBe(200);
    expect(cspOf(res)).toBe(MEDIA_CONTENT_SECURITY_POLICY);
  });
});
