// `consent-banner` entries → ConsentWording (app/consent/model.ts). The most recently updated
// published entry is the banner's wording; one the site cannot use (a missing version, label
// or text, a policy page that is not a published page) is refused with its problems listed,
// and the built-in wording is shown instead. `content:check` reports the same problems.

import { DEFAULT_CONSENT_WORDING } from "~/consent/default-wording";
import type { ConsentCategoryWording, ConsentWording } from "~/consent/model";
import { BcmsTemplateNotFoundError } from "../../bcms";
import {
  entryPathResolver,
  findEntryPath,
  getEntryPathIndex,
  getPublishedEntries,
  type LocalEntry,
} from "./entries.server";
import { entrySource } from "./entry-source.server";
import { logger } from "./log.server";
import type { PropNameOf, TemplateName } from "./model";
import type { RichNode, RichTag } from "./models";
import { isRec, pointedEntryId, readRichItems, readString } from "./read.server";
import { sanitizeHtml } from "./sanitize-html.server";

/** The BCMS template of the banner's wording (docs/content-model.md). */
export const CONSENT_BANNER_TEMPLATE = "consent-banner" satisfies TemplateName;

/**
 * A version is stored with every visitor's choice and compared as a string, so "2026-11" and
 * "2026 - 11" would ask everyone again: a short token, no spaces or punctuation to vary.
 */
export const CONSENT_VERSION_PATTERN = /^[A-Za-z0-9._-]{1,32}$/;
export const CONSENT_VERSION_RULE = "letters, digits, '.', '-' or '_', at most 32 characters";

export interface ConsentReadContext {
  /** The site path of a published entry, by entry id (undefined: no such published page). */
  resolveEntryPath: (entryId: string) => string | undefined;
}

export type ConsentReading = { wording: ConsentWording } | { problems: string[] };

/** Elements whose text runs on in the paragraph around them; every other element breaks it. */
const INLINE_TAGS = new Set<RichTag>(["strong", "em", "u", "s", "code", "a", "span"]);

/**
 * Rich text → plain-text paragraphs: each paragraph, heading, list item or quote becomes one
 * paragraph; formatting and links keep their text; a hard break is a space.
 */
export function toPlainParagraphs(items: unknown): string[] {
  const paragraphs: string[] = [];
  let current = "";
  const flush = () => {
    const text = current.replace(/\s+/g, " ").trim();
    if (text) paragraphs.push(text);
    current = "";
  };
  const walk = (node: RichNode) => {
    if (typeof node === "string") {
      current += node;
    } else if (node.tag === "br") {
      current += " ";
    } else if (INLINE_TAGS.has(node.tag)) {
      for (const child of node.children) walk(child);
    } else {
      flush();
      for (const child of node.children) walk(child);
      flush();
    }
  };
  for (const item of readRichItems(items)) {
    // Widgets and media have no text of their own: the banner shows text only.
    if (isRec(item) && typeof item.value === "string") {
      for (const node of sanitizeHtml(item.value)) walk(node);
    }
    flush();
  }
  return paragraphs;
}

function readText(value: unknown): string | undefined {
  return readString(value)?.trim();
}

function readCategory(
  value: unknown,
  name: "necessary" | "analytics" | "advertising",
  problems: string[],
): ConsentCategoryWording | undefined {
  const group = isRec(value) ? value : {};
  const label = readText(group.label);
  const description = readText(group.description);
  if (!label) problems.push(`${name}: a label is required`);
  if (!description) problems.push(`${name}: a description is required`);
  return label && description ? { label, description } : undefined;
}

/** Reads one `consent-banner` entry; every problem is listed (none for a usable wording). */
export function readConsentWording(
  entry: LocalEntry<"consent-banner">,
  ctx: ConsentReadContext,
): ConsentReading {
  const problems: string[] = [];
  const meta = entry.meta;
  const required = (prop: PropNameOf<"consent-banner">): string => {
    const text = readText(meta[prop]);
    if (!text) problems.push(`${prop} is required`);
    return text ?? "";
  };

  const version = readText(meta.version);
  if (!version) problems.push("version is required");
  else if (!CONSENT_VERSION_PATTERN.test(version)) {
    problems.push(`version must be ${CONSENT_VERSION_RULE} (got "${version}")`);
  }
  const title = required("heading");
  const body = toPlainParagraphs(meta.body);
  if (body.length === 0) problems.push("body is required (the text of the banner)");
  const acceptLabel = required("accept_label");
  const rejectLabel = required("reject_label");
  const chooseLabel = required("choose_label");
  const saveLabel = required("save_label");
  const necessary = readCategory(meta.necessary, "necessary", problems);
  const analytics = readCategory(meta.analytics, "analytics", problems);
  const advertising = readCategory(meta.advertising, "advertising", problems);
  const gpcNotice = required("gpc_notice");
  const savedNotice = required("saved_notice");
  const policyLabel = required("policy_label");
  const policyId = pointedEntryId(meta.policy_page);
  const policyHref = policyId ? ctx.resolveEntryPath(policyId) : undefined;
  if (!policyId) problems.push("policy_page is required (the cookie policy page)");
  else if (!policyHref) problems.push(`policy_page ${policyId} is not a published page`);

  if (problems.length > 0 || !version || !necessary || !analytics || !advertising || !policyHref) {
    return { problems };
  }
  return {
    wording: {
      version,
      title,
      body,
      acceptLabel,
      rejectLabel,
      chooseLabel,
      saveLabel,
      necessary,
      analytics,
      advertising,
      gpcNotice,
      savedNotice,
      policyHref,
      policyLabel,
    },
  };
}

/** How the policy page's address is found: given its entry id, a resolver for the reading. */
export type PolicyPathOf = (
  policyId: string | undefined,
) => Promise<ConsentReadContext["resolveEntryPath"]>;

/** In a rendering: the address index, the page's read of the policy's address recorded. */
const indexedPolicyPath: PolicyPathOf = async () => entryPathResolver(await getEntryPathIndex());

/**
 * Outside a rendering (the serving thread): the policy page's list alone, so a reader that
 * re-reads the wording at each of its edits never holds the 10,000-article index.
 */
export const narrowPolicyPath: PolicyPathOf = async (policyId) => {
  const path = policyId ? await findEntryPath(policyId) : undefined;
  return (id) => (id === policyId ? path : undefined);
};

/** What was last logged about the wording, so each situation is logged once, not per request. */
let lastReported: string | undefined;

function reportOnce(key: string, report: () => void): void {
  if (key === lastReported) return;
  lastReported = key;
  report();
}

/** Published banner entries; undefined when the CMS has no such template (yet). */
async function publishedBanners(): Promise<LocalEntry<"consent-banner">[] | undefined> {
  try {
    return await getPublishedEntries(CONSENT_BANNER_TEMPLATE);
  } catch (error) {
    // A CMS without the template has no wording: not a fault of the service.
    if (error instanceof BcmsTemplateNotFoundError) return undefined;
    throw error;
  }
}

/**
 * The banner's wording: the most recently updated published `consent-banner` entry of the
 * default language; with none (or no such template), the built-in wording (version "").
 * An entry that cannot be used is refused (logged with its problems) and the built-in
 * wording is shown, not an older entry: an older wording may describe what the team meant
 * to change. Content-service errors are thrown; the caller decides what the page does
 * without the CMS.
 */
export async function loadConsentWording(
  policyPathOf: PolicyPathOf = indexedPolicyPath,
): Promise<ConsentWording> {
  const entries = await publishedBanners();
  if (!entries) {
    reportOnce("no template", () =>
      logger.warn("No consent-banner template in the CMS: the banner shows the built-in wording", {
        template: CONSENT_BANNER_TEMPLATE,
      }),
    );
    return DEFAULT_CONSENT_WORDING;
  }
  const newest = [...entries].sort(
    (a, b) => b.updatedAt - a.updatedAt || a.id.localeCompare(b.id),
  )[0];
  if (!newest) {
    reportOnce("none", () =>
      logger.warn("No published consent-banner entry: the banner shows the built-in wording", {
        template: CONSENT_BANNER_TEMPLATE,
      }),
    );
    return DEFAULT_CONSENT_WORDING;
  }
  const resolveEntryPath = await policyPathOf(pointedEntryId(newest.meta.policy_page));
  const reading = readConsentWording(newest, { resolveEntryPath });
  const key = `${newest.id}@${newest.updatedAt}`;
  if ("problems" in reading) {
    reportOnce(`refused ${key}`, () =>
      logger.warn("Consent banner entry refused: the banner shows the built-in wording", {
        entry: newest.id,
        slug: readString(newest.meta.slug) ?? null,
        problems: reading.problems,
      }),
    );
    return DEFAULT_CONSENT_WORDING;
  }
  reportOnce(`used ${key}`, () =>
    logger.info("Consent banner wording", { entry: newest.id, version: reading.wording.version }),
  );
  return { ...reading.wording, ...entrySource(newest) };
}
