// HTTP redirects of the production server on the real build: the one redirect table with its
// real status codes, the news. host rule, trailing slashes, and client-navigation
// data requests.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest } from "../support/raw-request";
import { answerSource } from "../support/server-log";
import {
  REAL_SITE_START_MS,
  type RealSiteOnContent,
  serveRealBuildOnContent,
} from "../support/site-build";

let real: RealSiteOnContent | undefined;
beforeAll(async () => {
  real = await serveRealBuildOnContent("server-redirects", { logLevel: "info" });
}, REAL_SITE_START_MS);
afterAll(() => real?.close());

const t = {
  get: (pathWithQuery: string, options?: { headers?: Record<string, string> }) =>
    rawRequest((real as RealSiteOnContent).port, pathWithQuery, options),
};

describe("redirect table", () => {
  it.each([
    ["/product", 301, "/technology"],
    ["/publishers/sign-up", 301, "/universal-id/media-owners"],
    ["/universal-id", 301, "/solutions"],
    ["/privacy-policy", 302, "/trust/privacy-policy"],
    ["/universal-id/adobe-experience-platform", 302, "/partner-sign-up/adobe-experience-cloud"],
    ["/privacy", 301, "https://id5-sync.com/privacy"],
    ["/events", 301, "/"],
    ["/news/2023/05/04/identity-report", 301, "/news/identity-report"],
    ["/product?ref=nav", 301, "/technology?ref=nav"],
    ["/product/", 301, "/technology"],
  ])("%s answers %i to %s", async (from, status, location) => {
    const res = await t.get(from);
    expect(res.status).toBe(status);
    expect(res.headers.location).toBe(location);
    expect(answerSource((real as RealSiteOnContent).logs, new URL(from, "http://x").pathname)).toBe(
      "redirect",
    );
  });

  it("sends any path on the news. host to the main host's /news", async () => {
    for (const p of ["/", "/some/old/article", "/about"]) {
      const res = await t.get(p, { headers: { Host: "news.id5.io" } });
      expect(res.status).toBe(301);
      expect(res.headers.location).toBe("https://id5.io/news");
    }
  });

  it("leaves the main host alone", async () => {
    const res = await t.get("/about", { headers: { Host: "id5.io" } });
    expect(res.status).toBe(200);
  });

  it("answers a data request of a redirected page in React Router's single-fetch form", async () => {
    const res = await t.get("/product.data?_routes=root");
    expect(res.status).toBe(204);
    expect(res.headers["x-remix-redirect"]).toBe("/technology");
    expect(res.headers["x-remix-status"]).toBe("301");
    const external = await t.get("/privacy.data");
    expect(external.headers["x-remix-redirect"]).toBe("https://id5-sync.com/privacy");
    expect(external.headers["x-remix-reload-document"]).toBe("true");
  });
});

describe("trailing slashes", () => {
  it("serves /about directly and redirects /about/ to it, keeping the query", async () => {
    expect((await t.get("/about")).status).toBe(200);
    const res = await t.get("/about/?x=1");
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe("/about?x=1");
  });

  it("never turns //host/ into a protocol-relative redirect", async () => {
    const res = await t.get("//evil.example/");
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe("/evil.example");
  });

  it("keeps the root as it is", async () => {
    expect((await t.get("/")).status).toBe(200);
  });
});
