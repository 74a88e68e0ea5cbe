import { describe, expect, it } from "vitest";
import { CSP_REPORT_PATH } from "../addresses/server-paths";
import {
  ContentSecurityPolicies,
  DEFAULT_CONTENT_SECURITY_POLICY,
  DocumentPolicy,
  isEmbeddablePath,
  REPORTING_ENDPOINTS,
  TAG_MANAGER_SCRIPT_SOURCES,
} from "./content-security-policy";

const HASH_A = "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='";
const HASH_B = "'sha256-fhj3NzEbLcOy8mndeDlrA1HxT7Zu+oefdoyyMYGIPHg='";

/** directive name -> its sources. */
function directives(header: string): Map<string, string[]> {
  return new Map(
    header.split(";").map((part) => {
      const [name = "", ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

describe("DocumentPolicy", () => {
  const policy = new DocumentPolicy({ tagManager: false, frameAncestors: [], reportTo: true });

  it("allows scripts from our origin and by hash only, and reports samples", () => {
    const header = policy.header([HASH_A, HASH_B]);
    expect(directives(header).get("script-src")).toEqual([
      "'self'",
      "'report-sample'",
      HASH_A,
      HASH_B,
    ]);
    expect(header).not.toContain("unsafe-inline");
    expect(header).not.toContain("unsafe-eval");
    expect(header).not.toContain("strict-dynamic");
  });

  it("sets the fixed directives and nothing that would block styles or pixels", () => {
    const parsed = directives(policy.withoutHashes);
    expect(parsed.get("object-src")).toEqual(["'none'"]);
    expect(parsed.get("base-uri")).toEqual(["'self'"]);
    expect(parsed.get("form-action")).toEqual(["'self'"]);
    expect(parsed.get("frame-ancestors")).toEqual(["'none'"]);
    expect(parsed.get("report-uri")).toEqual([CSP_REPORT_PATH]);
    expect(parsed.get("report-to")).toEqual(["csp"]);
    expect(parsed.has("default-src")).toBe(false);
    expect(parsed.has("style-src")).toBe(false);
  });

  it("is the same string without hashes as with an empty list", () => {
    expect(policy.withoutHashes).toBe(policy.header([]));
    expect(policy.withoutHashes).toBe(DEFAULT_CONTENT_SECURITY_POLICY);
  });

  it("names the tag manager's hosts only when it is configured", () => {
    const withTags = new DocumentPolicy({ tagManager: true, frameAncestors: [], reportTo: true });
    const sources = directives(withTags.header([HASH_A])).get("script-src");
    for (const host of TAG_MANAGER_SCRIPT_SOURCES) expect(sources).toContain(host);
    expect(sources).toContain(HASH_A);
    expect(policy.header([HASH_A])).not.toContain("googletagmanager");
  });

  it("goes with X-Frame-Options DENY and the reporting endpoint", () => {
    expect(policy.companionHeaders).toEqual([
      ["X-Frame-Options", "DENY"],
      ["Reporting-Endpoints", REPORTING_ENDPOINTS],
    ]);
    expect(REPORTING_ENDPOINTS).toBe('csp="/csp-report"');
  });

  it("names report-uri alone when the Reporting API is not used", () => {
    const plain = new DocumentPolicy({ tagManager: false, frameAncestors: [], reportTo: false });
    expect(directives(plain.withoutHashes).has("report-to")).toBe(false);
    expect(directives(plain.withoutHashes).get("report-uri")).toEqual([CSP_REPORT_PATH]);
    expect(plain.companionHeaders).toEqual([["X-Frame-Options", "DENY"]]);
  });
});

describe("ContentSecurityPolicies", () => {
  const policies = new ContentSecurityPolicies({
    tagManager: false,
    embedFrameAncestors: ["https://console.id5.io", "https://partner.example"],
    previewFrameAncestors: ["https://app.thebcms.com"],
  });
  const EMBEDDED = "/legal/id5-id-agreement/current-embedded";

  it("lets the console frame the embedded agreement page and its data, nothing else", () => {
    for (const path of [EMBEDDED, `${EMBEDDED}.data`]) {
      const policy = policies.select(path, true);
      expect(directives(policy.withoutHashes).get("frame-ancestors")).toEqual([
        "'self'",
        "https://console.id5.io",
        "https://partner.example",
      ]);
      expect(policy.companionHeaders.map(([name]) => name)).not.toContain("X-Frame-Options");
    }
    for (const path of ["/", "/legal/id5-id-agreement", `${EMBEDDED}/more`, `${EMBEDDED}x`]) {
      const policy = policies.select(path, true);
      expect(directives(policy.withoutHashes).get("frame-ancestors"), path).toEqual(["'none'"]);
      expect(policy.companionHeaders, path).toContainEqual(["X-Frame-Options", "DENY"]);
    }
  });

  it("lets the CMS alone frame preview answers, and nothing else", () => {
    for (const path of [
      "/_preview/news-article.x.y.z.s",
      "/_preview/news-article.x.y.z.s/events",
    ]) {
      const policy = policies.select(path, true);
      expect(directives(policy.withoutHashes).get("frame-ancestors"), path).toEqual([
        "https://app.thebcms.com",
      ]);
      expect(policy.companionHeaders.map(([name]) => name)).not.toContain("X-Frame-Options");
    }
    for (const path of ["/_preview", "/news/_preview/x", EMBEDDED]) {
      expect(
        directives(policies.select(path, true).withoutHashes).get("frame-ancestors"),
        path,
      ).not.toContain("https://app.thebcms.com");
    }
  });

  it("sends no Referer from a preview and lets no tag manager run there, even with GTM_ID set", () => {
    const withTagManager = new ContentSecurityPolicies({
      tagManager: true,
      embedFrameAncestors: [],
      previewFrameAncestors: ["https://app.thebcms.com"],
    });
    for (const secure of [true, false]) {
      const preview = withTagManager.select("/_preview/news-article.x.y.z.s", secure);
      expect(preview.companionHeaders).toContainEqual(["Referrer-Policy", "no-referrer"]);
      expect(preview.withoutHashes).not.toContain("googletagmanager");
      const page = withTagManager.select("/about", secure);
      expect(page.withoutHashes).toContain("googletagmanager");
      expect(page.companionHeaders.map(([name]) => name)).not.toContain("Referrer-Policy");
    }
  });

  it("returns the same variant objects every time (the per-body header cache keys on them)", () => {
    expect(policies.select("/about", true)).toBe(policies.select("/news", true));
    expect(policies.select("/about", false)).not.toBe(policies.select("/about", true));
    expect(policies.select(EMBEDDED, true)).toBe(policies.select(`${EMBEDDED}.data`, true));
  });

  it("uses report-to only for visits over https", () => {
    expect(policies.select("/", true).withoutHashes).toContain("report-to csp");
    expect(policies.select("/", false).withoutHashes).not.toContain("report-to");
  });

  it("knows the embeddable paths", () => {
    expect(isEmbeddablePath(EMBEDDED)).toBe(true);
    expect(isEmbeddablePath(`${EMBEDDED}.data`)).toBe(true);
    expect(isEmbeddablePath("/legal/id5-id-agreement.data")).toBe(false);
  });
});
