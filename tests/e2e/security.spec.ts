// The CMS API secret never leaves the server: no response a browser receives carries
// it, the browser never talks to the content service, and media come from our own origin.
import type { Page } from "@playwright/test";
import { LOCAL_CONTENT_IDENTITY } from "../../app/config/env.server";
import { expect, test } from "./support/reused-page";
import { ARTICLE_PATH, gotoHydrated, ROUTE_RULES_MANIFEST } from "./support/site";

const SECRET = LOCAL_CONTENT_IDENTITY.apiKeySecret;

interface Seen {
  urls: string[];
  leaks: string[];
  bodies: number;
}

/**
 * Passes every request of the page through, recording where the secret shows up in what
 * the browser sends or receives (URL, header or body). Routing, rather than reading bodies
 * from response events, also covers streamed responses such as React Router's `.data`.
 */
async function watchTraffic(page: Page): Promise<Seen> {
  const seen: Seen = { urls: [], leaks: [], bodies: 0 };
  await page.route("**/*", async (route) => {
    const request = route.request();
    const url = request.url();
    seen.urls.push(url);
    if (url.includes(SECRET)) seen.leaks.push(`request URL ${url}`);
    if (request.headers().authorization) seen.leaks.push(`Authorization header sent to ${url}`);
    const response = await route.fetch({ maxRedirects: 0 });
    for (const { name, value } of await response.headersArray()) {
      if (value.includes(SECRET)) seen.leaks.push(`header ${name} of ${url}`);
    }
    const body = await response.body();
    seen.bodies += 1;
    if (body.includes(SECRET)) seen.leaks.push(`body of ${url}`);
    await route.fulfill({ response, body });
  });
  return seen;
}

for (const path of ["/", ARTICLE_PATH]) {
  test(`the API secret is in no response of a full load of ${path}`, async ({ page, baseURL }) => {
    const seen = await watchTraffic(page);
    // Asked for a second or more after the page is idle, later than the network goes quiet:
    // awaited, so the check covers it rather than ending before it was sent.
    const manifest = page.waitForResponse(ROUTE_RULES_MANIFEST, { timeout: 15_000 });
    await gotoHydrated(page, path);
    // Below-the-fold images and the route-rules manifest, too.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await manifest;
    await page.waitForLoadState("networkidle");
    // An in-app navigation fetches route data (.data) as well.
    await page
      .locator("header.site-header .site-header__nav")
      .getByRole("link", { name: "About" })
      .click();
    await expect(page).toHaveURL(/\/about$/);
    await page.waitForLoadState("networkidle");

    await page.unrouteAll({ behavior: "wait" });

    expect(seen.leaks).toEqual([]);
    expect(seen.bodies).toBeGreaterThan(5);
    expect(seen.urls.some((u) => u.includes(".data"))).toBe(true);
    expect(seen.urls.some((u) => ROUTE_RULES_MANIFEST.test(new URL(u).pathname))).toBe(true);
    expect(seen.urls.some((u) => /\/assets\/.+\.js/.test(u))).toBe(true);
    // Everything came from our own origin: never from the content service.
    const origin = new URL(baseURL as string).origin;
    const foreign = seen.urls.filter((u) => !u.startsWith("data:") && new URL(u).origin !== origin);
    expect(foreign).toEqual([]);
  });
}

test("media URLs in pages point at our own origin's /media/ route", async ({ page, baseURL }) => {
  const origin = new URL(baseURL as string).origin;
  for (const path of ["/", "/technology", ARTICLE_PATH]) {
    await gotoHydrated(page, path);
    const urls = await page.evaluate(() => {
      const out: string[] = [];
      for (const img of document.querySelectorAll("img")) out.push(img.getAttribute("src") ?? "");
      for (const el of document.querySelectorAll("source[srcset], img[srcset]")) {
        for (const part of (el.getAttribute("srcset") ?? "").split(",")) {
          const url = part.trim().split(/\s+/)[0];
          if (url) out.push(url);
        }
      }
      for (const el of document.querySelectorAll("video source[src], video[poster]")) {
        out.push(el.getAttribute("src") ?? el.getAttribute("poster") ?? "");
      }
      return out.filter((u) => u !== "");
    });
    expect(urls.length, `media on ${path}`).toBeGreaterThan(0);
    for (const url of urls) {
      const resolved = new URL(url, `${origin}${path}`);
      expect(resolved.origin, url).toBe(origin);
      expect(resolved.pathname, url).toMatch(/^\/media\//);
      expect(url).not.toContain(SECRET);
    }
  }
});

test("a media URL answers from our origin without any credentials", async ({ page, request }) => {
  await gotoHydrated(page, ARTICLE_PATH);
  const src = (await page.locator("main img").first().getAttribute("src")) as string;
  const response = await request.get(src);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^image\//);
});

test("content renders no script elements or inline event handlers in main", async ({ page }) => {
  for (const path of ["/", "/about", "/technology", ARTICLE_PATH]) {
    await page.goto(path);
    const unsafe = await page.evaluate(() => {
      const main = document.querySelector("main");
      if (!main) return ["no main"];
      const found: string[] = [];
      for (const s of main.querySelectorAll("script"))
        found.push(`script ${s.outerHTML.slice(0, 80)}`);
      for (const el of main.querySelectorAll("*")) {
        for (const attr of el.attributes) {
          if (/^on/i.test(attr.name)) found.push(`${el.tagName} ${attr.name}`);
          if (/^\s*javascript:/i.test(attr.value))
            found.push(`${el.tagName} ${attr.name}=javascript:`);
        }
      }
      return found;
    });
    expect(unsafe, path).toEqual([]);
  }
});

test("pages carry the security headers", async ({ request }) => {
  const response = await request.get("/");
  const headers = response.headers();
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["strict-transport-security"]).toMatch(/max-age=\d+/);
});
