// The Content-Security-Policy in Chromium (docs/decisions/0007-content-security-policy.md):
// every page of the sitemap, the 404 page and the embeddable agreement page load and
// hydrate without a single violation, and every script and module preload they hold is
// allowed by that response's own policy header (inline: its hash is named; external: our
// origin or a named host). A violation provoked on purpose reaches /csp-report.
import { createHash } from "node:crypto";
import { test as base, expect, type Page } from "@playwright/test";
import { waitForHydration } from "./support/site";

declare global {
  interface Window {
    __cspViolations?: { directive: string; blocked: string; sample: string }[];
  }
}

/** Runs before any script of every document: records what the browser refused. */
function recordViolations() {
  window.__cspViolations = [];
  document.addEventListener(
    "securitypolicyviolation",
    (event) => {
      window.__cspViolations?.push({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        sample: event.sample,
      });
    },
    true,
  );
}

/** One page per worker, reused by its tests (each visit is still a full page load). */
const test = base.extend<Record<never, never>, { cspPage: Page }>({
  cspPage: [
    async ({ browser }, use, workerInfo) => {
      const { baseURL, reducedMotion } = workerInfo.project.use;
      const context = await browser.newContext({ baseURL, reducedMotion });
      await context.addInitScript(recordViolations);
      await use(await context.newPage());
      await context.close();
    },
    { scope: "worker" },
  ],
});

const NOT_FOUND_PATH = "/csp-check-no-such-page";
const EMBEDDED_PATH = "/legal/id5-id-agreement/current-embedded";
/** The sitemap's pages are split into this many tests, spread over the workers. */
const SHARDS = 6;

/** HTML's rule for the inline scripts the browser checks against script-src. */
const CHECKED_TYPES =
  /^(|module|importmap|speculationrules|(text|application)\/(x-)?(java|ecma)script|text\/javascript1\.[0-5]|text\/(jscript|livescript))$/i;

interface FoundScript {
  src: string | null;
  type: string | null;
  text: string;
}

/** What in `sources` (script-src) allows loading `url`: 'self' or a host source. */
function allowsUrl(sources: string[], url: URL, pageOrigin: string): boolean {
  if (url.origin === pageOrigin) return sources.includes("'self'");
  return sources.some((source) => {
    const match = /^(https?):\/\/(\*\.)?([^/:]+)$/.exec(source);
    if (!match || url.protocol !== `${match[1]}:`) return false;
    const host = match[3] as string;
    return match[2] ? url.hostname.endsWith(`.${host}`) : url.hostname === host;
  });
}

/**
 * Loads `path`, waits for hydration, and returns every problem found: violations, and
 * scripts or module preloads the response's own policy does not allow.
 */
async function problemsOf(page: Page, path: string, status: number): Promise<string[]> {
  const response = await page.goto(path);
  expect(response?.status(), `status of ${path}`).toBe(status);
  const csp = (await response?.headerValue("content-security-policy")) ?? "";
  const scriptSrc =
    csp
      .split(";")
      .map((directive) => directive.trim().split(/\s+/))
      .find(([name]) => name === "script-src")
      ?.slice(1) ?? [];
  const problems: string[] = [];
  if (scriptSrc.length === 0) problems.push(`${path}: no script-src in "${csp}"`);
  if (scriptSrc.includes("'unsafe-inline'")) problems.push(`${path}: 'unsafe-inline'`);

  // A blocked module script means no hydration: say why rather than time out silently.
  await waitForHydration(page).catch((error: Error) => {
    problems.push(`${path}: did not hydrate (${error.message.split("\n")[0]})`);
  });

  const pageOrigin = new URL(page.url()).origin;
  const { scripts, preloads, violations } = await page.evaluate(() => ({
    scripts: [...document.querySelectorAll("script")].map((script) => ({
      src: script.hasAttribute("src") ? script.src : null,
      type: script.getAttribute("type"),
      text: script.textContent ?? "",
    })),
    preloads: [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map(
      (link) => link.href,
    ),
    violations: window.__cspViolations ?? [],
  }));
  for (const violation of violations) {
    problems.push(`${path}: violation ${JSON.stringify(violation)}`);
  }
  for (const script of scripts as FoundScript[]) {
    if (script.src !== null) {
      if (!allowsUrl(scriptSrc, new URL(script.src), pageOrigin)) {
        problems.push(`${path}: script ${script.src} not allowed`);
      }
    } else if (script.text !== "" && CHECKED_TYPES.test((script.type ?? "").trim())) {
      const hash = `'sha256-${createHash("sha256").update(script.text, "utf8").digest("base64")}'`;
      if (!scriptSrc.includes(hash)) {
        problems.push(`${path}: inline script not allowed (${script.text.slice(0, 60)}…)`);
      }
    }
  }
  for (const href of preloads) {
    if (!allowsUrl(scriptSrc, new URL(href), pageOrigin)) {
      problems.push(`${path}: module preload ${href} not allowed`);
    }
  }
  const checked = scripts.length + preloads.length;
  if (checked === 0) problems.push(`${path}: no scripts at all (nothing was checked)`);
  return problems;
}

/** The site's pages as its sitemap lists them, as paths of the site under test. */
async function sitemapPaths(page: Page): Promise<string[]> {
  const response = await page.request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  const xml = await response.text();
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (match) => new URL((match[1] as string).trim()).pathname,
  );
  expect(paths.length).toBeGreaterThan(20);
  return [...new Set(paths)].sort();
}

test.describe("every page runs under its policy without a violation", () => {
  for (let shard = 0; shard < SHARDS; shard++) {
    test(`sitemap pages, part ${shard + 1} of ${SHARDS}`, async ({ cspPage: page }) => {
      test.setTimeout(120_000);
      const paths = (await sitemapPaths(page)).filter((_, i) => i % SHARDS === shard);
      const problems: string[] = [];
      for (const path of paths) problems.push(...(await problemsOf(page, path, 200)));
      expect(problems).toEqual([]);
    });
  }

  test("the 404 page and the embeddable agreement page", async ({ cspPage: page }) => {
    const problems = [
      ...(await problemsOf(page, NOT_FOUND_PATH, 404)),
      ...(await problemsOf(page, EMBEDDED_PATH, 200)),
    ];
    expect(problems).toEqual([]);
  });
});

test("a script injected into a page is refused and reported to /csp-report", async ({
  cspPage: page,
}) => {
  await page.goto("/about");
  await waitForHydration(page);
  const reported = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === "/csp-report" && response.request().method() === "POST",
  );
  await page.evaluate(() => {
    const script = document.createElement("script");
    script.textContent = "window.__injected = true";
    document.body.append(script);
  });
  const report = await reported;
  expect(report.status()).toBe(204);
  const body = JSON.parse(report.request().postData() ?? "{}")["csp-report"];
  expect(body).toMatchObject({
    "effective-directive": "script-src-elem",
    "blocked-uri": "inline",
    "script-sample": "window.__injected = true",
  });
  expect(await page.evaluate(() => (window as { __injected?: boolean }).__injected)).toBe(
    undefined,
  );
  expect(await page.evaluate(() => window.__cspViolations)).toEqual([
    { directive: "script-src-elem", blocked: "inline", sample: "window.__injected = true" },
  ]);
});
