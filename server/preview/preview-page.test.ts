import { describe, expect, it } from "vitest";
import { inlineScriptHashes } from "../security/script-hashes";
import { INVALID_LINK_PAGE, previewBar, previewDocument } from "./preview-page";

const PAGE = `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>An article - ID5</title><link rel="modulepreload" href="/assets/entry.js"/></head><body><main><h1>An article</h1></main><script>window.dataLayer=[];</script><template id="app-entry"><script type="module" async="">import "/assets/entry.js";</script></template><script>window.__reactRouterContext = {"x":1};</script><script>window.__reactRouterContext.streamController.close();</script></body></html>`;

const DESCRIPTION = {
  path: "/news/an-article",
  title: "An <article>",
  status: "Draft",
  publicPath: "/news/an-article",
  changedFields: ["title", "content"],
};

describe("previewDocument", () => {
  it("leaves the app's scripts out, keeps the page's own inline scripts, adds the bar and the refresh script", () => {
    const html = previewDocument(PAGE, DESCRIPTION);
    expect(html).not.toContain("modulepreload");
    expect(html).not.toContain('id="app-entry"');
    expect(html).not.toContain("__reactRouterContext");
    expect(html).toContain("<script>window.dataLayer=[];</script>");
    expect(html).toContain('<head><meta name="robots" content="noindex, nofollow">');
    expect(html).toContain("<title>Preview: An &lt;article&gt;</title>");
    expect(html.indexOf('<aside id="preview-bar"')).toBeGreaterThan(html.indexOf("</main>"));
    expect(html).toContain("new EventSource(");
    // Two inline scripts: the page's own and the refresh script, each allowed by its hash.
    expect(inlineScriptHashes(html)).toHaveLength(2);
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
