// Page models: what the content layer (app/content/*.server.ts) hands to routes and
// components. Components never see raw BCMS shapes; everything here is plain,
// serialisable data that is already sanitised and has browser-safe URLs (no API key).
import type { FormDefinition } from "~/forms/model";
import type { WidgetModelOf } from "~/widgets/models";
import type { ImageModel } from "./media-models";
import type { RichNode } from "./rich-models";
import type { EntrySource } from "./source-marks";

export type { ImageModel, ImageSource, VideoCaptionTrack, VideoFileModel } from "./media-models";
export type { RichElement, RichNode, RichTag } from "./rich-models";

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

/** The widget models with nested content filled in by this module's block type. */
export type WidgetModel = WidgetModelOf<ContentBlock>;

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
  /** The image's size in pixels and its alt text, when the CMS knows them. */
  imageWidth?: number;
  imageHeight?: number;
  imageAlt?: string;
  noIndex?: boolean;
  lang?: "en" | "ja";
  /**
   * When what the page shows last changed in the CMS (ISO 8601 date-time): its entry's
   * `updatedAt`, or for a list the newest of its own entry and the entries it lists.
   */
  modifiedAt?: string;
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
  /** The entry's last change in the CMS (ISO 8601 date-time), when known. */
  modifiedAt?: string;
  /** Within a preview only: the entry it was made from. */
  source?: EntrySource;
}

export interface ResourceCardModel {
  slug: string;
  href: string;
  title: string;
  description: string;
  kind: string;
  kindLabel: string;
  cover?: ImageModel;
  /** The entry's last change in the CMS (ISO 8601 date-time), when known. */
  modifiedAt?: string;
  /** Within a preview only: the entry it was made from. */
  source?: EntrySource;
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
  /** The entry's last change in the CMS (ISO 8601 date-time), when known. */
  modifiedAt?: string;
  /** Within a preview only: the entry it was made from. */
  source?: EntrySource;
}

export interface JobModel {
  slug: string;
  title: string;
  department: string;
  location: string;
  employmentType: string;
  applyUrl: string;
  description: string;
  /** The entry's last change in the CMS (ISO 8601 date-time), when known. */
  modifiedAt?: string;
  /** Within a preview only: the entry it was made from. */
  source?: EntrySource;
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
  /** Within a preview only: the entry it was made from. */
  source?: EntrySource;
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
  /** Within a preview only: the entry it was made from. */
  source?: EntrySource;
}

export interface NewsArticleModel extends NewsCardModel {
  head: PageHead;
  /** The article's own date (its `date`) as an ISO 8601 date-time. */
  publishedAt: string;
  author?: string;
  body: ContentBlock[];
}

/** An article as the news feed lists it: the card, the entry's id, date-time and byline. */
export interface NewsFeedItemModel extends NewsCardModel {
  /** The CMS entry id: stays the same when the slug changes. */
  entryId: string;
  publishedAt: string;
  author?: string;
}

export interface NewsListModel {
  items: NewsCardModel[];
  page: number;
  pageCount: number;
}

export interface EventModel extends EventCardModel {
  head: PageHead;
  /** Start and end as ISO 8601 date-times (the card's `date` is the start's day). */
  startsAt: string;
  endsAt?: string;
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
  /** Within a preview only: the entry it was made from. */
  source?: EntrySource;
}
