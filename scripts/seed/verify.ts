/**
 * The seed's own promises about its snapshot, beyond what `content:check` checks
 * (content-server/snapshot-check.ts: files, schemas, media binaries and every entry's values
 * and references; scripts/check-forms.ts and check-consent.ts: forms and the consent banner
 * as the site reads them).
 *
 *   npx tsx scripts/seed/verify.ts [DIR]     (default: content/; runs content:check's
 *                                             snapshot check too)
 *
 * Checks the seed's naming and the settings it always writes (uuid-shaped prop ids,
 * snake_case props, kebab-case names, one language and two statuses), media sizes and
 * transforms, rich text the site renders well (heading levels, links with a target), that
 * every route of the contract has an entry, every internal link resolves, every widget is
 * used, that there are enough published news articles, that every form is shown where it
 * should be, and that the consent banner's entry is published with its version, button
 * labels and cookie-policy page.
 */
import { stat } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type {
  Entry,
  EntryStatus,
  Group,
  Language,
  Media,
  EntryContentNode as Node,
  Prop,
  PropValue,
  Template,
  Widget,
} from "@thebcms/types";
import { LEGAL_PAGE_PATHS } from "../../app/routes";
import { computeSizeTransforms } from "../../content-server/size-transforms";
import { checkSnapshot } from "../../content-server/snapshot-check";
import {
  MEDIA_FILES_DIR,
  readSnapshot,
  type SnapshotData,
} from "../../content-server/snapshot-files";

const HEX24 = /^[0-9a-f]{24}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const PAGE_PATHS = [
  "/",
  "/new/home",
  "/jobs",
  "/about",
  "/contact",
  "/solutions",
  "/technology",
  "/trust",
  "/resources",
  "/news",
  "/resources/thank-you",
  "/universal-id/thanks",
  "/universal-id/thanks-omnicom",
  "/universal-id/thanks-adobe",
  "/universal-id/release-notes",
  "/id5-acquires-truedata",
  "/test/adobe-advertising",
  "/publisher-onboarding-guide",
  "/site-agreement/sign-contract",
  "/site-agreement/canceled-signing",
];

/** The legal routes of the site (app/routes.ts): each needs a legal-page entry. */
export const LEGAL_PATHS: readonly string[] = LEGAL_PAGE_PATHS;

export const UNIVERSAL_ID_SLUGS = [
  "media-owners",
  "email-service-providers",
  "supply-side-platforms",
  "data-platforms",
  "adobe-experience-cloud",
  "adobe-advertising",
  "brands-and-agencies",
  "omnicom",
];

/** Which form each page-like entry shows (docs/content-model.md, "Forms in the seed"). */
const PAGE_FORMS: Record<string, string> = { "/contact": "contact" };
const UNIVERSAL_ID_FORMS: Record<string, string> = {
  "adobe-experience-cloud": "partner-sign-up-adobe",
  "adobe-advertising": "partner-sign-up-adobe",
  omnicom: "partner-sign-up-omnicom",
};
const DEFAULT_UNIVERSAL_ID_FORM = "universal-id-sign-up";
const RESOURCE_DOWNLOAD_FORM = "resource-download";

/** The seed's consent banner (docs/content-model.md, "The consent banner in the seed"). */
const CONSENT_BANNER = {
  version: "2026-11",
  labels: {
    accept_label: "Accept all",
    reject_label: "Reject all",
    choose_label: "Choose",
    save_label: "Save choices",
  },
  policyPath: "/trust/cookie-policy",
} as const;

const REQUIRED_RESOURCES = ["case-study-publisher-addressability", "state-of-identity-2026"];
const WIDGETS = ["video", "content-cols", "cta", "stats", "testimonials", "companies", "graph"];

/** Routes that exist besides entries (lists, reused partner-sign-up screens). */
const STATIC_ROUTES = [
  "/partner-sign-up/thanks",
  "/partner-sign-up/thanks-omnicom",
  "/partner-sign-up/thanks-adobe",
  "/partner-sign-up/release-notes",
];

export interface Snapshot {
  templates: Template[];
  groups: Group[];
  widgets: Widget[];
  languages: Language[];
  statuses: EntryStatus[];
  entries: Entry[];
  media: Media[];
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** The data key each prop type keeps its settings under (one key, nothing else). */
const PROP_DATA_KEYS: Record<string, string> = {
  STRING: "propString",
  NUMBER: "propNumber",
  BOOLEAN: "propBool",
  DATE: "propDate",
  ENUMERATION: "propEnum",
  MEDIA: "propMedia",
  GROUP_POINTER: "propGroupPointer",
  ENTRY_POINTER: "propEntryPointer",
  RICH_TEXT: "propRichText",
};

/**
 * Rich-text nodes anywhere in an entry: in its content and inside rich-text values, also
 * those nested in widgets and groups. A node is an object with a string `type` reached
 * through a `nodes` or `content` list.
 */
function collectNodes(value: unknown, where: string, found: { where: string; node: Node }[]) {
  const visit = (item: unknown, at: string, inNodeList: boolean) => {
    if (Array.isArray(item)) {
      for (const [i, child] of item.entries()) visit(child, `${at}[${i}]`, inNodeList);
      return;
    }
    if (!isObject(item)) return;
    if (inNodeList && typeof item.type === "string")
      found.push({ where: at, node: item as unknown as Node });
    for (const [key, child] of Object.entries(item)) {
      visit(child, `${at}.${key}`, key === "nodes" || key === "content");
    }
  };
  visit(value, where, false);
}

interface ContentUse {
  usedWidgets: Set<string>;
  videoKinds: Set<string>;
  contentMediaTypes: Set<string>;
  links: { where: string; href: string }[];
}

/**
 * One snapshot under check: its entities with the lookups each check uses, and the problems
 * found so far. Each `check…` method is one of the seed's promises, in the order they are
 * reported.
 */
class SeedVerifier {
  readonly errors: string[] = [];
  readonly snap: Snapshot;
  private readonly widgetsById: Map<string, Widget>;
  private readonly mediaById: Map<string, Media>;
  private readonly statusById: Map<string, EntryStatus>;
  private readonly templatesById: Map<string, Template>;
  private readonly defaultLng: string | undefined;
  /** The entries of each template (by name), in the snapshot's order. */
  private readonly byTemplate = new Map<string, Entry[]>();

  constructor(
    private readonly dir: string,
    private readonly data: SnapshotData,
  ) {
    this.snap = {
      templates: [...data.templates.values()],
      groups: [...data.groups.values()],
      widgets: [...data.widgets.values()],
      languages: [...data.languages.values()],
      statuses: [...data.statuses.values()],
      entries: [...data.entries.values()],
      media: [...data.media.values()],
    };
    this.widgetsById = new Map(this.snap.widgets.map((w) => [w._id, w]));
    this.mediaById = new Map(this.snap.media.map((m) => [m._id, m]));
    this.statusById = new Map(this.snap.statuses.map((s) => [s._id, s]));
    this.templatesById = new Map(this.snap.templates.map((t) => [t._id, t]));
    this.defaultLng = this.snap.languages.find((l) => l.default)?.code;
    for (const e of this.snap.entries) {
      const t = this.templatesById.get(e.templateId);
      if (t) this.byTemplate.set(t.name, [...(this.byTemplate.get(t.name) ?? []), e]);
    }
  }

  private readonly err = (msg: string) => {
    this.errors.push(msg);
  };

  private readonly published = (e: Entry) =>
    this.statusById.get(e.statuses.find((s) => s.lng === this.defaultLng)?.id ?? "")?.label ===
    "Published";

  private readonly metaOf = (e: Entry, name: string): unknown => {
    const t = this.templatesById.get(e.templateId);
    const idx = t?.props.findIndex((p) => p.name === name) ?? -1;
    const v = e.meta[0]?.props[idx]?.data;
    return Array.isArray(v) ? v[0] : v;
  };

  private readonly list = (name: string) => this.byTemplate.get(name) ?? [];
  private readonly slugs = (name: string) =>
    this.list(name).map((e) => String(this.metaOf(e, "slug")));
  private readonly paths = (name: string) =>
    this.list(name).map((e) => String(this.metaOf(e, "path")));

  checkInfoLanguagesAndStatuses(): void {
    const { err, snap } = this;
    const info = this.data.info ?? {};
    if (
      info.format !== 1 ||
      !HEX24.test(String(info.orgId)) ||
      !HEX24.test(String(info.instanceId))
    ) {
      err("snapshot.json: bad format/orgId/instanceId");
    }
    if (snap.languages.length !== 1 || this.defaultLng !== "en") {
      err("expected exactly one language, en");
    }
    const statusLabels = snap.statuses.map((s) => s.label).sort();
    if (statusLabels.join() !== "Draft,Published") err(`statuses: ${statusLabels.join()}`);
  }

  /** The seed's naming and the prop settings it always writes. */
  checkSchema(): void {
    const { err, snap } = this;
    const checkProps = (owner: string, props: Prop[]) => {
      for (const p of props) {
        const where = `${owner}.${p.name}`;
        if (!UUID.test(p.id)) err(`${where}: prop id is not uuid-shaped`);
        if (!/^[a-z0-9_]+$/.test(p.name)) err(`${where}: prop name not snake_case`);
        if (typeof p.label !== "string") err(`${where}: label`);
        const keys = Object.keys(p.data ?? {});
        if (keys.length !== 1 || keys[0] !== PROP_DATA_KEYS[p.type]) {
          err(`${where}: data key ${keys}`);
        }
        if (p.type === "ENUMERATION" && !(p.data.propEnum?.items.length ?? 0)) {
          err(`${where}: no items`);
        }
        if (p.type === "ENTRY_POINTER") {
          const targets = p.data.propEntryPointer ?? [];
          if (targets.length === 0) err(`${where}: entry pointer without templates`);
          for (const target of targets) {
            if (!Array.isArray(target.entryIds) || typeof target.displayProp !== "string")
              err(`${where}: propEntryPointer items need entryIds and displayProp`);
          }
        }
      }
    };
    for (const t of snap.templates) {
      checkProps(`template ${t.name}`, t.props);
      const [a, b] = t.props;
      if (!a?.required) err(`${t.name}: title is not required`);
      if (!b?.required) err(`${t.name}: slug is not required`);
    }
    for (const g of snap.groups) checkProps(`group ${g.name}`, g.props);
    for (const w of snap.widgets) checkProps(`widget ${w.name}`, w.props);
    for (const list of [snap.templates, snap.groups, snap.widgets]) {
      for (const x of list) if (!/^[a-z0-9-]+$/.test(x.name)) err(`${x.name}: name not kebab-case`);
    }
  }

  /** Folders at the root, sizes and transforms as the generator writes them. */
  async checkMedia(): Promise<void> {
    const { err } = this;
    for (const m of this.snap.media) {
      const where = `media ${m.name}`;
      if (m.type === "DIR") {
        if (m.parentId !== "" || !m.isInRoot) err(`${where}: DIR must be in root`);
        continue;
      }
      const file = this.data.mediaFiles.get(m._id);
      const info =
        file && (await stat(path.join(this.dir, MEDIA_FILES_DIR, file)).catch(() => undefined));
      if (info && info.size !== m.size) err(`${where}: size ${m.size} != file size`);
      if (m.type === "IMG") {
        if (!(m.width > 0 && m.height > 0)) err(`${where}: IMG without width/height`);
        const want = computeSizeTransforms(m.width, m.height);
        if (JSON.stringify(m.sizeTransforms) !== JSON.stringify(want))
          err(`${where}: sizeTransforms`);
      } else if (m.type === "SVG" || m.type === "PDF") {
        if (m.width !== -1 || m.height !== -1) err(`${where}: width/height must be -1`);
      } else if (m.type === "VID") {
        if (!(m.width > 0 && m.height > 0)) err(`${where}: VID without width/height`);
      }
    }
  }

  /** One language and status each; rich text the site renders well. Returns what it uses. */
  checkEntries(): ContentUse {
    const { err } = this;
    const use: ContentUse = {
      usedWidgets: new Set(),
      videoKinds: new Set(),
      contentMediaTypes: new Set(),
      links: [],
    };
    for (const e of this.snap.entries) {
      const t = this.templatesById.get(e.templateId);
      const where = `entry ${e._id}`;
      if (!t) continue;
      if (e.statuses.length !== 1) err(`${where}: status`);
      if (e.meta.length !== 1 || e.content.length !== 1) err(`${where}: one language expected`);
      for (const c of e.content) if (typeof c.plainText !== "string") err(`${where}: plainText`);
      const nodes: { where: string; node: Node }[] = [];
      collectNodes(e, `${t.name}/${String(this.metaOf(e, "slug"))}`, nodes);
      for (const { where: w, node } of nodes) this.checkNode(w, node, use);
    }
    return use;
  }

  private checkNode(w: string, node: Node, use: ContentUse): void {
    const { err } = this;
    // Loose attrs: each node type has its own (heading, widget, media).
    const attrs = (node.attrs ?? {}) as Record<string, unknown>;
    if (node.type === "text") {
      if (node.text === "") err(`${w}: empty text`);
      for (const mark of node.marks ?? []) {
        if (mark.type === "link") {
          if (typeof mark.attrs?.href !== "string" || typeof mark.attrs.target !== "string") {
            err(`${w}: link without href/target`);
          } else use.links.push({ where: w, href: mark.attrs.href });
        }
      }
    } else if (node.type === "heading") {
      const level = attrs.level;
      if (typeof level !== "number" || level < 1 || level > 6) err(`${w}: heading level`);
    } else if (node.type === "widget") {
      const value = isObject(attrs.data) ? attrs.data : {};
      const widget = this.widgetsById.get(String(value._id));
      if (!widget) return;
      use.usedWidgets.add(widget.name);
      if (attrs.propPath !== "") err(`${w}: propPath`);
      if (widget.name === "video") {
        const [video, iframe] = value.props as PropValue[];
        if (Array.isArray(video?.data) && video.data.length) {
          const mid = (video.data[0] as { _id: string })._id;
          if (this.mediaById.get(mid)?.type === "VID") use.videoKinds.add("uploaded");
        }
        if (Array.isArray(iframe?.data) && /youtube\.com\/watch\?v=/.test(String(iframe.data[0]))) {
          use.videoKinds.add("youtube");
        }
      }
    } else if (node.type === "media") {
      const m = this.mediaById.get(String(attrs.mediaId));
      if (m) use.contentMediaTypes.add(m.type);
    }
  }

  /** Every route of the contract has its entry, and enough of each kind. */
  checkRoutes(): void {
    const { err, list, slugs, paths, published } = this;
    for (const name of [
      "page",
      "legal-page",
      "news-article",
      "event",
      "resource",
      "universal-id-page",
      "job",
      "form",
      "consent-banner",
    ]) {
      const s = slugs(name);
      if (new Set(s).size !== s.length) err(`${name}: duplicate slugs`);
    }
    for (const p of PAGE_PATHS) if (!paths("page").includes(p)) err(`no page entry for ${p}`);
    for (const p of LEGAL_PATHS)
      if (!paths("legal-page").includes(p)) err(`no legal-page for ${p}`);
    for (const s of UNIVERSAL_ID_SLUGS) {
      if (!slugs("universal-id-page").includes(s)) err(`no universal-id-page ${s}`);
    }
    for (const s of REQUIRED_RESOURCES) if (!slugs("resource").includes(s)) err(`no resource ${s}`);
    const publishedNews = list("news-article").filter(published);
    if (publishedNews.length < 14) err(`only ${publishedNews.length} published news articles`);
    if (!list("news-article").some((e) => !published(e))) err("no draft news article");
    const newsDates = publishedNews.map(
      (e) => (this.metaOf(e, "date") as { timestamp: number }).timestamp,
    );
    if (new Set(newsDates).size !== newsDates.length) err("news dates are not distinct");
    if (list("event").length < 3) err("fewer than 3 events");
    if (list("resource").length < 6) err("fewer than 6 resources");
    if (list("job").length < 5) err("fewer than 5 jobs");
  }

  /** Every widget is used, and both kinds of video and of media node. */
  checkContentUse(use: ContentUse): void {
    const { err } = this;
    for (const w of WIDGETS) if (!use.usedWidgets.has(w)) err(`widget ${w} is never used`);
    for (const k of ["uploaded", "youtube"])
      if (!use.videoKinds.has(k)) err(`no ${k} video widget`);
    for (const k of ["VID", "IMG"])
      if (!use.contentMediaTypes.has(k)) err(`no ${k} media node in content`);
  }

  /** The headings and tabs the site's anchors point at. */
  checkAnchors(): void {
    const { err, list, metaOf } = this;
    const pageByPath = (p: string) => list("page").find((e) => metaOf(e, "path") === p);
    const headings = (e: Entry | undefined) =>
      (e?.content[0]?.nodes ?? [])
        .filter((n) => n.type === "heading")
        .map((n) => (n.content ?? []).map((c) => c.text ?? "").join(""));
    for (const h of ["Why ID5", "Leadership", "Values"]) {
      if (!headings(pageByPath("/about")).includes(h)) err(`/about lacks heading ${h}`);
    }
    for (const h of ["ID5 ID", "ID5 Graph"]) {
      if (!headings(pageByPath("/technology")).includes(h)) err(`/technology lacks heading ${h}`);
    }
    const privacy = list("legal-page").find((e) => metaOf(e, "path") === "/trust/privacy-policy");
    if (!headings(privacy).includes("US state privacy rights"))
      err("privacy policy lacks US heading");
    const tabs = metaOf(pageByPath("/solutions") as Entry, "tabs") as
      | { items: { props: PropValue[] }[] }
      | undefined;
    const anchors = (tabs?.items ?? []).map((i) => ((i.props[1]?.data ?? []) as string[])[0]);
    const wantAnchors = [
      "media-owners",
      "supply-side-platforms",
      "data-platforms",
      "demand-side-platforms",
      "brands-and-agencies",
    ];
    if (JSON.stringify(anchors) !== JSON.stringify(wantAnchors)) err(`/solutions tabs: ${anchors}`);
  }

  /** The site's routes the seed's entries make, and the addresses of its draft articles. */
  siteRoutes(): { routes: Set<string>; draftNews: Set<string> } {
    const { list, slugs, paths, published } = this;
    const routes = new Set<string>([
      ...paths("page"),
      ...paths("legal-page"),
      ...slugs("news-article").map((s) => `/news/${s}`),
      ...slugs("event").map((s) => `/events/${s}`),
      ...slugs("resource").map((s) => `/resources/${s}`),
      ...slugs("universal-id-page").flatMap((s) => [`/universal-id/${s}`, `/partner-sign-up/${s}`]),
      ...STATIC_ROUTES,
    ]);
    const draftNews = new Set(
      list("news-article")
        .filter((e) => !published(e))
        .map((e) => `/news/${String(this.metaOf(e, "slug"))}`),
    );
    return { routes, draftNews };
  }

  /** Every form is published, well made, and shown where it should be. */
  checkForms(routes: Set<string>): void {
    const { err, snap, list, metaOf, published } = this;
    const formTemplate = snap.templates.find((t) => t.name === "form");
    const fieldGroup = snap.groups.find((g) => g.name === "form-field");
    const optionGroup = snap.groups.find((g) => g.name === "form-option");
    if (!formTemplate || !fieldGroup || !optionGroup) err("no form template or form groups");
    const formSlugById = new Map<string, string>();
    for (const e of list("form")) {
      const slug = String(metaOf(e, "slug"));
      formSlugById.set(e._id, slug);
      if (!formTemplate || !fieldGroup || !optionGroup) break;
      const w = `form/${slug}`;
      if (!published(e)) err(`${w}: not published`);
      const meta = named(formTemplate.props, e.meta[0]?.props);
      // Whether the site accepts the form at all is content:check's rule (scripts/check-forms.ts,
      // run by the seed test); these are the seed's own promises.
      for (const [i, props] of itemsOf(meta.fields).entries()) {
        const f = named(fieldGroup.props, props);
        const fw = `${w} field ${i + 1} (${String(one(f.name))})`;
        const options = itemsOf(f.options).map((o) =>
          String(one(named(optionGroup.props, o).value)),
        );
        if (new Set(options).size !== options.length) err(`${fw}: option values repeat`);
        if (one(f.type) === "hidden" && typeof one(f.value) !== "string") {
          err(`${fw}: hidden without value`);
        }
      }
      const redirect = one(meta.redirect_path);
      if (
        one(meta.outcome) === "redirect" &&
        (typeof redirect !== "string" || !routes.has(redirect))
      )
        err(`${w}: redirect_path ${String(redirect)} is not a site route`);
      if (!/^crm:[a-z0-9-]+$/.test(String(one(meta.destination))))
        err(`${w}: destination must look like crm:{name}`);
    }
    this.checkFormsShown(formSlugById);
  }

  /** Which form each page, universal-id page and resource shows, and that each form is shown. */
  private checkFormsShown(formSlugById: Map<string, string>): void {
    const { err, list, metaOf, published } = this;
    const formOf = (e: Entry): string | undefined => {
      const pointer = metaOf(e, "form") as { eid?: string } | undefined;
      if (!pointer?.eid) return undefined;
      const target = this.data.entries.get(pointer.eid);
      if (target && published(e) && !published(target))
        err(`${String(metaOf(e, "slug"))}: points to an unpublished form`);
      return formSlugById.get(pointer.eid);
    };
    const usedForms = new Set<string>();
    for (const e of list("page")) {
      const path = String(metaOf(e, "path"));
      const form = formOf(e);
      if (form) usedForms.add(form);
      if (form !== PAGE_FORMS[path]) err(`page ${path}: form ${form} (want ${PAGE_FORMS[path]})`);
    }
    for (const e of list("universal-id-page")) {
      const slug = String(metaOf(e, "slug"));
      const want = UNIVERSAL_ID_FORMS[slug] ?? DEFAULT_UNIVERSAL_ID_FORM;
      const form = formOf(e);
      if (form) usedForms.add(form);
      if (form !== want) err(`universal-id-page ${slug}: form ${form} (want ${want})`);
    }
    let downloads = 0;
    for (const e of list("resource")) {
      const slug = String(metaOf(e, "slug"));
      const download = metaOf(e, "download") as { _id?: string } | undefined;
      const form = formOf(e);
      if (form) usedForms.add(form);
      if (download?._id) {
        downloads++;
        if (this.mediaById.get(download._id)?.type !== "PDF")
          err(`resource ${slug}: download is not a PDF`);
      }
      const want = download?._id ? RESOURCE_DOWNLOAD_FORM : undefined;
      if (form !== want) err(`resource ${slug}: form ${form} (want ${want})`);
    }
    if (downloads < 2) err(`only ${downloads} resources with a download`);
    for (const slug of formSlugById.values()) {
      if (!usedForms.has(slug)) err(`form ${slug} is not shown on any page`);
    }
  }

  /**
   * The consent banner: whether the site accepts the wording is content:check's rule
   * (scripts/check-consent.ts, run by the seed test); these are the seed's own promises.
   */
  checkConsentBanner(): void {
    const { err, snap, list, metaOf, published } = this;
    const bannerTemplate = snap.templates.find((t) => t.name === "consent-banner");
    const banners = list("consent-banner");
    if (!bannerTemplate) err("no consent-banner template");
    else if (banners.length !== 1) err(`${banners.length} consent-banner entries (want 1)`);
    for (const e of banners) {
      if (!bannerTemplate) break;
      const w = `consent-banner/${String(metaOf(e, "slug"))}`;
      if (!published(e)) err(`${w}: not published`);
      const meta = named(bannerTemplate.props, e.meta[0]?.props);
      if (one(meta.version) !== CONSENT_BANNER.version) {
        err(`${w}: version ${String(one(meta.version))} (want ${CONSENT_BANNER.version})`);
      }
      for (const [prop, label] of Object.entries(CONSENT_BANNER.labels)) {
        if (one(meta[prop]) !== label)
          err(`${w}: ${prop} "${String(one(meta[prop]))}" (want "${label}")`);
      }
      const policy = one(meta.policy_page) as { eid?: string } | undefined;
      const page = this.data.entries.get(policy?.eid ?? "");
      const policyPath = page && metaOf(page, "path");
      if (policyPath !== CONSENT_BANNER.policyPath || !page || !published(page)) {
        err(
          `${w}: policy_page is ${String(policyPath)} (want ${CONSENT_BANNER.policyPath}, published)`,
        );
      }
    }
  }

  /** Every internal link of the content leads to a route, and never to a draft article. */
  checkLinks(links: ContentUse["links"], routes: Set<string>, draftNews: Set<string>): void {
    const { err } = this;
    for (const { where, href } of links) {
      if (/^(https?:|mailto:)/.test(href)) continue;
      const route = href.split("#")[0] ?? "";
      if (!href.startsWith("/")) err(`${where}: link ${href} is neither a site path nor a URL`);
      else if (!routes.has(route)) err(`${where}: link to unknown route ${href}`);
      else if (draftNews.has(route)) err(`${where}: link to a draft article ${href}`);
    }
  }
}

/** The props of a group item or entry meta, by prop name. */
const named = (props: Prop[], values: PropValue[] | undefined): Record<string, unknown> =>
  Object.fromEntries(props.map((prop, i) => [prop.name, values?.[i]?.data]));
const one = (data: unknown): unknown => (Array.isArray(data) ? data[0] : undefined);
const itemsOf = (data: unknown): PropValue[][] =>
  isObject(data) && Array.isArray(data.items)
    ? data.items.map((item: { props: PropValue[] }) => item.props)
    : [];

export async function verifySnapshot(
  dir: string,
): Promise<{ errors: string[]; snapshot: Snapshot }> {
  const verifier = new SeedVerifier(dir, await readSnapshot(dir));
  verifier.checkInfoLanguagesAndStatuses();
  verifier.checkSchema();
  await verifier.checkMedia();
  const use = verifier.checkEntries();
  verifier.checkRoutes();
  verifier.checkContentUse(use);
  verifier.checkAnchors();
  const { routes, draftNews } = verifier.siteRoutes();
  verifier.checkForms(routes);
  verifier.checkConsentBanner();
  verifier.checkLinks(use.links, routes, draftNews);
  return { errors: verifier.errors, snapshot: verifier.snap };
}

async function cli() {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const dir = path.resolve(process.argv[2] ?? path.join(here, "../../content"));
  const report = await checkSnapshot(dir);
  const { errors: seedErrors, snapshot } = await verifySnapshot(dir);
  const errors = [...report.problems.map((problem) => problem.text), ...seedErrors];
  if (errors.length) {
    for (const e of errors) console.error(`✗ ${e}`);
    console.error(`seed verify: ${errors.length} problem(s) in ${dir}`);
    process.exit(1);
  }
  const counts = new Map<string, number>();
  const names = new Map(snapshot.templates.map((t) => [t._id, t.name]));
  for (const e of snapshot.entries) {
    const n = names.get(e.templateId) ?? "?";
    counts.set(n, (counts.get(n) ?? 0) + 1);
  }
  const media = new Map<string, number>();
  for (const m of snapshot.media) media.set(m.type, (media.get(m.type) ?? 0) + 1);
  console.log(
    `seed verify: OK — ${snapshot.templates.length} templates, ${snapshot.groups.length} groups, ${snapshot.widgets.length} widgets, ${snapshot.entries.length} entries (${[...counts].map(([k, v]) => `${k} ${v}`).join(", ")}), media ${[...media].map(([k, v]) => `${k} ${v}`).join(", ")}`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  cli().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
