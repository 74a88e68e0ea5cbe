// Page models: what the content layer (app/content/*.server.ts) hands to routes and
// components. Components never see raw BCMS shapes; everything here is plain,
// serialisable data that is already sanitised and has browser-safe URLs (no API key).
import type { FormDefinition } from "../forms/model";

/** Tags a rich-text tree may contain after sanitising. Anything else is dropped on the server. */
export type RichTag =
  | "p"
  | "h2"
  | "h3"
  | "h4"
  | "h5"
  | "h6"
  | "ul"
  | "ol"
  | "li"
  | "strong"
  | "em"
  | "u"
  | "s"
  | "code"
  | "pre"
  | "br"
  | "hr"
  | "a"
  | "blockquote"
  | "span";

/**
 * A sanitised rich-text node. Text is a plain string (React escapes it).
 * Attributes are limited to: `href` (http(s), mailto, tel, `#…` or site-relative `/…`),
 * `target` (`_blank` only), `rel`, `id` (headings, for anchors), `lang`.
 */
export type RichNode = string | RichElement;

export interface RichElement {
  tag: RichTag;
  attrs?: Partial<Record<"href" | "target" | "rel" | "id" | "lang", string>>;
  children: RichNode[];
}

/**
 * An image ready for `<picture>`. `src` is the default source (SPEC §9 rule applied for
 * the width the layout asks for); `sources` are `<source>` entries, WebP first.
 * `mediaType` is the BCMS media type: the Picture component refuses anything that is not
 * IMG or SVG with "Media of type {type} cannot be used as an image".
 */
export interface ImageModel {
  mediaType: string;
  src: string;
  width: number;
  height: number;
  alt: string;
  sources: ImageSource[];
  /** Inline SVG markup (sanitised), present when the media is SVG and was injected. */
  svg?: string;
}

export interface ImageSource {
  type: string;
  srcset: string;
}

/** An uploaded video file (BCMS media of type VID) served through our media route. */
export interface VideoFileModel {
  src: string;
  mimetype: string;
  width: number;
  height: number;
  /** WebVTT caption tracks (WCAG 1.2.2) for videos with speech; the first is the default. */
  captions?: VideoCaptionTrack[];
}

export interface VideoCaptionTrack {
  src: string;
  /** BCP 47 language of the captions ("en"). */
  srclang: string;
  label: string;
}

export type HeroTheme = "blue-dark" | "blue-light" | "mint" | "orange";

export interface LinkModel {
  label: string;
  href: string;
}

export interface HeroModel {
  /** Inline rich nodes (the CMS title may hold <em>, <strong>, <br>). */
  title: RichNode[];
  description?: string | ContentBlock[];
  theme: HeroTheme;
  cta?: LinkModel;
  image?: ImageModel;
}

export interface StatItem {
  title: string;
  value: string;
  /** 0-100; the content layer fills the spec default (100) when the CMS leaves it empty. */
  progress: number;
}

export interface TestimonialItem {
  quote: string;
  author: { name: string; title?: string; logo?: ImageModel; avatar?: ImageModel };
}

export interface CompanyItem {
  logo?: ImageModel;
  description: ContentBlock[];
}

export type WidgetModel =
  | {
      name: "video";
      /** Uploaded video: plays with controls. */
      video?: VideoFileModel;
      /** Privacy-friendly embed URL (youtube-nocookie.com), already rewritten from watch links. */
      embedUrl?: string;
      thumbnail?: ImageModel;
      title?: string;
    }
  | { name: "content-cols"; cols: ContentBlock[][] }
  | { name: "cta"; href: string; label: string }
  | { name: "stats"; items: StatItem[] }
  | { name: "testimonials"; items: TestimonialItem[] }
  | { name: "companies"; title?: string; items: CompanyItem[] }
  | { name: "graph"; items: ImageModel[] };

export type WidgetName = WidgetModel["name"];

export type ContentBlock =
  | { type: "rich"; nodes: RichNode[] }
  | { type: "widget"; widget: WidgetModel }
  | { type: "image"; image: ImageModel; caption?: string }
  /** A widget (or content item) the site has no handler for: rendered as a hidden placeholder. */
  | { type: "unhandled"; name: string };

export interface PageHead {
  title?: string;
  description?: string;
  /** Absolute URL (built from SITE_ORIGIN). */
  image?: string;
  noIndex?: boolean;
  lang?: "en" | "ja";
}

export interface TabModel {
  label: string;
  anchor: string;
  body: ContentBlock[];
}

export interface NewsCardModel {
  slug: string;
  href: string;
  title: string;
  description: string;
  /** ISO date (yyyy-mm-dd) and a human label ("12 March 2026"). */
  date: string;
  dateLabel: string;
  category: string;
  cover?: ImageModel;
}

export interface ResourceCardModel {
  slug: string;
  href: string;
  title: string;
  description: string;
  kind: string;
  kindLabel: string;
  cover?: ImageModel;
}

export interface EventCardModel {
  slug: string;
  href: string;
  title: string;
  description: string;
  date: string;
  dateLabel: string;
  location: string;
  cover?: ImageModel;
}

export interface JobModel {
  slug: string;
  title: string;
  department: string;
  location: string;
  employmentType: string;
  applyUrl: string;
  description: string;
}

/** A fixed page (`page` template): home, section, thank-you and other fixed routes. */
export interface SectionPageModel {
  path: string;
  title: string;
  head: PageHead;
  hero?: HeroModel;
  body: ContentBlock[];
  tabs: TabModel[];
  /** A form the page carries (contact, sign-up). */
  form?: FormDefinition;
}

export interface LegalPageModel {
  path: string;
  title: string;
  head: PageHead;
  summary?: string;
  updated?: string;
  updatedLabel?: string;
  lang: "en" | "ja";
  body: ContentBlock[];
}

export interface NewsArticleModel extends NewsCardModel {
  head: PageHead;
  author?: string;
  body: ContentBlock[];
}

export interface NewsListModel {
  items: NewsCardModel[];
  page: number;
  pageCount: number;
}

export interface EventModel extends EventCardModel {
  head: PageHead;
  endDate?: string;
  endDateLabel?: string;
  registrationUrl?: string;
  upcoming: boolean;
  body: ContentBlock[];
}

export interface ResourceModel extends ResourceCardModel {
  head: PageHead;
  body: ContentBlock[];
  /** The form that gates the resource's download. */
  form?: FormDefinition;
}

export interface UniversalIdPageModel {
  slug: string;
  title: string;
  audience?: string;
  description: string;
  head: PageHead;
  hero?: HeroModel;
  body: ContentBlock[];
  form?: FormDefinition;
}
