import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { installEnv } from "~/config/env.server";
import { DEFAULT_CONSENT_WORDING } from "~/consent/default-wording";
import { BcmsError } from "../../bcms";
import { type SeedContent, startSeedContent } from "../../tests/support/seed-content";
import {
  CONSENT_BANNER_TEMPLATE,
  loadConsentWording,
  readConsentWording,
  toPlainParagraphs,
} from "./consent.server";
import { getContentClient } from "./content-client.server";
import type { LocalEntry } from "./entries.server";
import { logger } from "./log.server";

const POLICY_ID = "c".repeat(24);
const ctx = {
  resolveEntryPath: (id: string) => (id === POLICY_ID ? "/trust/cookie-policy" : undefined),
};

/** Parsed rich text as the content service gives it: one HTML item per top-level node. */
const richText = (...html: string[]) => ({
  nodes: html.map((value) => ({ type: "paragraph", value })),
});

function entry(meta: Record<string, unknown> = {}): LocalEntry {
  return {
    id: "b".repeat(24),
    templateName: CONSENT_BANNER_TEMPLATE,
    content: [],
    updatedAt: 1_700_000_000_000,
    meta: {
      title: "Cookie banner",
      slug: "cookie-banner",
      version: "2026-11",
      heading: "Cookies here",
      body: richText("<p>We ask first.</p>", "<p>You can change your mind.</p>"),
      accept_label: "Accept all",
      reject_label: "Reject all",
      choose_label: "Choose",
      save_label: "Save choices",
      necessary: { label: "Necessary", description: "Security." },
      analytics: { label: "Analytics", description: "Measuring use." },
      advertising: { label: "Advertising", description: "Our campaigns." },
      gpc_notice: "GPC seen.",
      saved_notice: "Saved.",
      policy_label: "Cookie policy",
      // The parsed form of an ENTRY_POINTER: the pointed-to entry itself.
      policy_page: { _id: POLICY_ID, templateName: "legal-page", meta: {} },
      ...meta,
    },
  };
}

describe("readConsentWording", () => {
  it("reads a usable entry into the banner's wording", () => {
    expect(readConsentWording(entry(), ctx)).toEqual({
      wording: {
        version: "2026-11",
        title: "Cookies here",
        body: ["We ask first.", "You can change your mind."],
        acceptLabel: "Accept all",
        rejectLabel: "Reject all",
        chooseLabel: "Choose",
        saveLabel: "Save choices",
        necessary: { label: "Necessary", description: "Security." },
        analytics: { label: "Analytics", description: "Measuring use." },
        advertising: { label: "Advertising", description: "Our campaigns." },
        gpcNotice: "GPC seen.",
        savedNotice: "Saved.",
        policyHref: "/trust/cookie-policy",
        policyLabel: "Cookie policy",
      },
    });
  });

  it("refuses an entry without a version, or with one a cookie cannot carry", () => {
    expect(readConsentWording(entry({ version: "" }), ctx)).toEqual({
      problems: ["version is required"],
    });
    expect(readConsentWording(entry({ version: null }), ctx)).toEqual({
      problems: ["version is required"],
    });
    expect(readConsentWording(entry({ version: "Nov 2026; v2" }), ctx)).toEqual({
      problems: [
        `version must be letters, digits, '.', '-' or '_', at most 32 characters (got "Nov 2026; v2")`,
      ],
    });
  });

  it("lists every missing label and text", () => {
    const reading = readConsentWording(
      entry({
        heading: "  ",
        body: { nodes: [] },
        accept_label: "",
        reject_label: null,
        save_label: undefined,
        analytics: { label: "", description: "Measuring use." },
        advertising: null,
        gpc_notice: "",
        policy_label: "",
      }),
      ctx,
    );
    expect(reading).toEqual({
      problems: [
        "heading is required",
        "body is required (the text of the banner)",
        "accept_label is required",
        "reject_label is required",
        "save_label is required",
        "analytics: a label is required",
        "advertising: a label is required",
        "advertising: a description is required",
        "gpc_notice is required",
        "policy_label is required",
      ],
    });
  });

  it("links the policy page by its site path, and refuses one that is not a published page", () => {
    // A raw pointer (what the service leaves unexpanded) resolves the same way.
    const raw = readConsentWording(
      entry({ policy_page: [{ tid: "t".repeat(24), eid: POLICY_ID }] }),
      ctx,
    );
    expect("wording" in raw && raw.wording.policyHref).toBe("/trust/cookie-policy");
    expect(readConsentWording(entry({ policy_page: null }), ctx)).toEqual({
      problems: ["policy_page is required (the cookie policy page)"],
    });
    const draft = "d".repeat(24);
    expect(
      readConsentWording(entry({ policy_page: { _id: draft, templateName: "legal-page" } }), ctx),
    ).toEqual({ problems: [`policy_page ${draft} is not a published page`] });
  });
});

describe("toPlainParagraphs", () => {
  it("turns paragraphs, headings, list items and quotes into plain-text paragraphs", () => {
    expect(
      toPlainParagraphs(
        richText(
          "<h2>About <em>cookies</em></h2>",
          "<p>We use <strong>few</strong> cookies, see <a href='/trust/cookie-policy'>the policy</a>.</p>",
          "<p>One line<br>and the next</p>",
          "<ul><li><p>First</p></li><li><p>Second</p></li></ul>",
          "<blockquote><p>Quoted</p></blockquote>",
          "<p>   </p>",
          "<p>Tags &lt;b&gt; typed by an editor stay text &amp; nothing else</p>",
        ),
      ),
    ).toEqual([
      "About cookies",
      "We use few cookies, see the policy.",
      "One line and the next",
      "First",
      "Second",
      "Quoted",
      "Tags <b> typed by an editor stay text & nothing else",
    ]);
  });

  it("keeps no scripts, widgets or media", () => {
    expect(
      toPlainParagraphs({
        nodes: [
          { type: "paragraph", value: "<p>Text<script>alert(1)</script></p>" },
          { type: "widget", widgetName: "cta", value: { label: "Go", href: "/" } },
          { type: "media", value: { _id: "m" } },
        ],
      }),
    ).toEqual(["Text"]);
    expect(toPlainParagraphs(null)).toEqual([]);
  });
});

describe("loadConsentWording, against the embedded content service", () => {
  let content: SeedContent;

  beforeAll(async () => {
    content = await startSeedContent();
    // The settings the production server would install, pointing at this service.
    installEnv(content.env);
    const [seed] = await getContentClient().entry.getAllParsed(CONSENT_BANNER_TEMPLATE);
    if (!seed) throw new Error("the seed has no consent-banner entry");
    const meta = seed.meta.en as { policy_page: { _id: string; templateId: string } };
    Object.assign(seedBanner, {
      id: seed._id,
      policyId: meta.policy_page._id,
      legalTemplateId: meta.policy_page.templateId,
    });
  });

  afterAll(async () => {
    getContentClient().close();
    await content?.close();
  });

  let warn: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    warn = vi.spyOn(logger, "warn").mockImplementation(() => {});
    vi.spyOn(logger, "info").mockImplementation(() => {});
    return () => vi.restoreAllMocks();
  });

  const seedBanner = { id: "", policyId: "", legalTemplateId: "" };
  const bannerData = (overrides: Record<string, unknown>) => ({
    title: "Cookie banner, December",
    slug: `cookie-banner-${overrides.version ?? "x"}`.toLowerCase().replace(/[^a-z0-9-]+/g, "-"),
    version: "2026-12",
    heading: "Cookies, again",
    body: { nodes: [{ type: "paragraph", content: [{ type: "text", text: "Asked again." }] }] },
    accept_label: "Accept all",
    reject_label: "Reject all",
    choose_label: "Choose",
    save_label: "Save choices",
    necessary: { label: "Necessary", description: "Security." },
    analytics: { label: "Analytics", description: "Measuring use." },
    advertising: { label: "Advertising", description: "Our campaigns." },
    gpc_notice: "GPC seen.",
    saved_notice: "Saved.",
    policy_label: "Cookie policy",
    policy_page: { entryId: seedBanner.policyId, templateId: seedBanner.legalTemplateId },
    ...overrides,
  });

  it("reads the seed's entry: the built-in wording under version 2026-11", async () => {
    expect(await loadConsentWording()).toEqual({ ...DEFAULT_CONSENT_WORDING, version: "2026-11" });
    expect(warn).not.toHaveBeenCalled();
  });

  it("shows the most recently updated published entry", async () => {
    const client = getContentClient();
    const created = await client.entry.create(CONSENT_BANNER_TEMPLATE, {
      statuses: [{ lng: "en", id: "Published" }],
      meta: [{ lng: "en", data: bannerData({ version: "2026-12" }) }],
    });
    const wording = await loadConsentWording();
    expect(wording).toMatchObject({
      version: "2026-12",
      title: "Cookies, again",
      body: ["Asked again."],
      policyHref: "/trust/cookie-policy",
    });
    // A newer draft is not shown.
    await client.entry.create(CONSENT_BANNER_TEMPLATE, {
      statuses: [{ lng: "en", id: "Draft" }],
      meta: [{ lng: "en", data: bannerData({ version: "2027-01" }) }],
    });
    expect((await loadConsentWording()).version).toBe("2026-12");
    await client.entry.delete(CONSENT_BANNER_TEMPLATE, created._id);
    expect((await loadConsentWording()).version).toBe("2026-11");
  });

  it("refuses an unusable newest entry: built-in wording, problems logged once", async () => {
    const client = getContentClient();
    const broken = await client.entry.create(CONSENT_BANNER_TEMPLATE, {
      statuses: [{ lng: "en", id: "Published" }],
      meta: [{ lng: "en", data: bannerData({ version: "December 2026" }) }],
    });
    expect(await loadConsentWording()).toBe(DEFAULT_CONSENT_WORDING);
    expect(await loadConsentWording()).toBe(DEFAULT_CONSENT_WORDING);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(
      "Consent banner entry refused: the banner shows the built-in wording",
      expect.objectContaining({
        entry: broken._id,
        problems: [
          `version must be letters, digits, '.', '-' or '_', at most 32 characters (got "December 2026")`,
        ],
      }),
    );
    await client.entry.delete(CONSENT_BANNER_TEMPLATE, broken._id);
  });

  it("uses the built-in wording when no entry is published, and says so once", async () => {
    // Left: the 2027-01 draft of the test above.
    await getContentClient().entry.delete(CONSENT_BANNER_TEMPLATE, seedBanner.id);
    expect(await loadConsentWording()).toBe(DEFAULT_CONSENT_WORDING);
    expect(await loadConsentWording()).toBe(DEFAULT_CONSENT_WORDING);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toMatch(/No published consent-banner entry/);
  });

  it("uses the built-in wording when the CMS has no consent-banner template", async () => {
    const templates = getContentClient().template;
    await templates.delete((await templates.resolve(CONSENT_BANNER_TEMPLATE))._id);
    getContentClient().clearCache();
    expect(await loadConsentWording()).toBe(DEFAULT_CONSENT_WORDING);
    expect(warn).toHaveBeenCalledWith(
      "No consent-banner template in the CMS: the banner shows the built-in wording",
      { template: CONSENT_BANNER_TEMPLATE },
    );
  });

  it("lets a content-service failure through to the caller", async () => {
    await content.server.close();
    getContentClient().clearCache();
    await expect(loadConsentWording()).rejects.toBeInstanceOf(BcmsError);
  });
});
