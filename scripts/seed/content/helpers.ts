/** Helpers shared by the content modules. */
import { type Block, blocks } from "../dsl";
import { type EntrySpec, slugForPath } from "../entries";
import type { MediaRef } from "../media";
import type { Values } from "../values";
import { type FormSlug, formRef } from "./forms";
import { images, type Theme } from "./library";

export interface HeroSpec {
  title: string;
  description?: string;
  theme?: Theme;
  cta?: [label: string, href: string];
  image?: MediaRef;
}

export function hero(h: HeroSpec): Values {
  return {
    title: h.title,
    description: h.description,
    theme: h.theme ?? "blue-dark",
    cta_label: h.cta?.[0],
    cta_href: h.cta?.[1],
    image: h.image,
  };
}

export function seo(
  title: string,
  description: string,
  opts: { image?: MediaRef; noIndex?: boolean } = {},
): Values {
  return {
    title,
    description,
    image: opts.image ?? images.ogDefault,
    no_index: opts.noIndex ?? false,
  };
}

export interface PageSpec {
  path: string;
  title: string;
  description: string;
  hero?: HeroSpec;
  tabs?: { label: string; anchor: string; body: Block[] }[];
  noIndex?: boolean;
  /** the form shown below the body */
  form?: FormSlug;
  content: Block[];
}

export function page(s: PageSpec): EntrySpec {
  return {
    template: "page",
    values: {
      title: s.title,
      slug: slugForPath(s.path),
      path: s.path,
      seo: seo(s.title, s.description, { noIndex: s.noIndex }),
      hero: s.hero ? hero(s.hero) : undefined,
      tabs: s.tabs?.map((t) => ({ label: t.label, anchor: t.anchor, body: blocks(...t.body) })),
      form: s.form ? formRef(s.form) : undefined,
    },
    content: s.content,
  };
}

/** A legal page: the English ones and their Japanese counterpart share this shape. */
export interface LegalSpec {
  path: string;
  title: string;
  summary: string;
  updated: string;
  language?: "en" | "ja";
  body: Block[];
}
