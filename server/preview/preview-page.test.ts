import { describe, expect, it } from "vitest";
import { inlineScriptHashes } from "../security/script-hashes";
import { INVALID_LINK_PAGE, previewBar, previewDocument } from "./preview-page";
import { previewStartScript } from "./preview-start";
import { SOURCE_LABEL_SCRIPT, SOURCE_LABEL_STYLE } from "./source-labels";

const CONSENT_RUNTIME = `(function consentRuntime(){var s=document.createElement("script");s.src="https://www.googletagmanager.com/gtm.js?id="+document.documentElement.getAttribute("data-gtm-id");})()`;
const ATTRIBUTION = `(function recordAttribution(){document.cookie="id5_attribution="+location.pathname})()`;
const FIRST_PAINT = `try{(function af(w,d,c){})(window,document,{"entryTemplateId":"app-entry","fontsAttribute":"data-fonts"})}catch(e){}`;
const ROUTER_MODULE = `<script type="module" async="">import "/assets/entry.js";window.__reactRouterRouteModules={};</script>`;
const ROUTER_CONTEXT = `<script>window.__reactRouterContext = {"x":1};</script><SCRIPT>window.__reactRouterContext.streamController.close();</SCRIPT >`;
const STRUCTURED_DATA = `<script type="application/ld+json">{"@type":"NewsArticle"}</script>`;

const PAGE = `<!DOCTYPE html><html lang="en" data-consent-version="3" data-gtm-id="GTM-ABC123"><head><meta charSet="utf-8"/><script>${CONSENT_RUNTIME}</script><script>${ATTRIBUTION}</script><title>An article - ID5</title><script>${FIRST_PAINT}</script><link rel="modulepreload" href="/assets/entry.js"/>${STRUCTURED_DATA}</head><body><main><h1>An article</h1></main><script>window.dataLayer=[];</script><script src="https://elsewhere.example/tag.js"></script><script type="module">import "https://elsewhere.example/m.js";</script><template id="app-entry">${ROUTER_MODULE}</template>${ROUTER_CONTEXT}</body></html>`;

const DESCRIPTION = {
  path: "/news/an-article",
  title: "An <article>",
  status: "Draft",
  publicPath: "/news/an-article",
  changedFields: ["title", "content"],
};

describe("previewDocument", () => {
  it("keeps the app's start (first paint, React Router's module and context) and empties every other script: the consent runtime, the tag manager's id, attribution", () => {
    const html = previewDocument(PAGE, DESCRIPTION);
    expect(html).toContain(`<script>${FIRST_PAINT}</script>`);
    expect(html).toContain(`<template id="app-entry">${ROUTER_MODULE}</template>`);
    expect(html).toContain(ROUTER_CONTEXT);
    expect(html).toContain(STRUCTURED_DATA);
    expect(html).not.toContain("modulepreload");
    expect(html).not.toContain("dataLayer");
    expect(html).not.toContain("googletagmanager");
    expect(html).not.toContain("elsewhere.example");
    expect(html).not.toContain("GTM-ABC123");
    expect(html).not.toContain("data-gtm-id");
    expect(html).not.toContain("id5_attribution");
    // Emptied, not left out: the app hydrates the elements it rendered.
    expect(html).toContain(
      '<meta charSet="utf-8"/><script></script><script></script><title>Preview: An &lt;article&gt;</title>',
    );
    expect(html).toContain('<html lang="en" data-consent-version="3">');
    expect(html).toContain(
      `<head><meta name="robots" content="noindex, nofollow"><script>${previewStartScript("/news/an-article")}</script>`,
    );
    expect(html.indexOf('<aside id="preview-bar"')).toBeGreaterThan(html.indexOf("</main>"));
    expect(html).toContain("new EventSource(");
    expect(html).toContain(`<script>${SOURCE_LABEL_SCRIPT}</script>`);
    // Every script that can run is allowed by its hash: the app's start and the preview's own
    // three (its start, the refresh and the source labels); nothing else has text.
    const running = [
      ...html.matchAll(/<script(?: type="module" async="")?>([\s\S]*?)<\/script\s*>/gi),
    ]
      .map((match) => match[1] ?? "")
      .filter((text) => text !== "");
    expect(running).toHaveLength(7);
    expect(inlineScriptHashes(html).length).toBeGreaterThanOrEqual(running.length);
    expect(html.match(/<script/gi)).toHaveLength(13);
  });

  it("starts the app on the page's own path, which cannot close the script", () => {
    const html = previewDocument(PAGE, { ...DESCRIPTION, path: "/news/a</script>b" });
    expect(html).toContain('"pagePath":"/news/a\\u003c/script>b"');
  });

  it("adds the source labels' outline and script after the bar", () => {
    const html = previewDocument(PAGE, DESCRIPTION);
    expect(html.indexOf(`<style>${SOURCE_LABEL_STYLE}</style>`)).toBeGreaterThan(
      html.indexOf('<aside id="preview-bar"'),
    );
    expect(html.indexOf("</body>")).toBeGreaterThan(html.indexOf(SOURCE_LABEL_SCRIPT));
  });

  it("puts an editor's text in as written: `$'`, `` $` `` and `$$` are not replacement patterns", () => {
    const odd = "Prices in $' and $` and $$ and $1";
    const html = previewDocument(PAGE, { ...DESCRIPTION, title: odd, changedFields: [odd] });
    expect(html).toContain(`<title>Preview: ${odd}</title>`);
    expect(html).toContain(`<span data-preview="changed">${odd}</span>`);
    expect(html.match(/<\/html>/g)).toHaveLength(1);
    expect(html.match(/<aside id="preview-bar"/g)).toHaveLength(1);
  });
});

describe("previewBar", () => {
  it("says the status, what differs from the public version, and links to the public page", () => {
    const bar = previewBar(DESCRIPTION);
    expect(bar).toContain('<strong data-preview="status">Draft</strong>');
    expect(bar).toContain('<span data-preview="changed">title, content</span>');
    expect(bar).toContain('href="/news/an-article"');
  });

  it("says when the entry was never published, or is the same as its public version", () => {
    expect(previewBar({ ...DESCRIPTION, publicPath: undefined, changedFields: [] })).toContain(
      "Never published",
    );
    expect(previewBar({ ...DESCRIPTION, changedFields: [] })).toContain(
      "Same as the published version",
    );
  });

  it("escapes what the CMS says", () => {
    const bar = previewBar({
      ...DESCRIPTION,
      status: '<img src=x onerror="alert(1)">',
      changedFields: ["a<b"],
    });
    expect(bar).not.toContain("<img");
    expect(bar).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(bar).toContain("a&lt;b");
  });
});

describe("INVALID_LINK_PAGE", () => {
  it("is plain: no script, nothing about the entry", () => {
    expect(INVALID_LINK_PAGE).not.toContain("<script");
    expect(INVALID_LINK_PAGE).toContain("This preview link is not valid");
  });
});

describe("previewBar with a schedule", () => {
  it("says when the entry goes live and leaves, in UTC and at the editor's offset", () => {
    const html = previewBar({
      ...DESCRIPTION,
      schedule: {
        goesLive: {
          iso: "2030-03-04T12:00:00.000Z",
          utc: "2030-03-04 12:00 UTC",
          editor: "2030-03-04 09:00 UTC-03:00",
        },
        leaves: {
          iso: "2030-04-01T00:00:00.000Z",
          utc: "2030-04-01 00:00 UTC",
          editor: "2030-03-31 21:00 UTC-03:00",
        },
      },
    });
    expect(html).toContain(
      '<span data-preview="goes-live">Goes live <time datetime="2030-03-04T12:00:00.000Z">2030-03-04 12:00 UTC</time> (2030-03-04 09:00 UTC-03:00)</span>',
    );
    expect(html).toContain(
      'data-preview="leaves">Leaves <time datetime="2030-04-01T00:00:00.000Z">',
    );
    expect(html).not.toContain("schedule-problem");
  });

  it("says why a schedule is not used, escaped, and nothing when there is none", () => {
    const html = previewBar({
      ...DESCRIPTION,
      schedule: { problem: 'publish_at has no usable timestamp ("<x>")' },
    });
    expect(html).toContain(
      '<span data-preview="schedule-problem">Schedule not used: publish_at has no usable timestamp (&quot;&lt;x&gt;&quot;)</span>',
    );
    expect(previewBar(DESCRIPTION)).not.toContain("Goes live");
  });
});
