/**
 * Builds raw BCMS entries from authored specs, plus the language and status
 * entities they refer to.
 */

import type { Entry, EntryStatus, Language } from "@thebcms/types";
import { CONTENT_MODEL } from "../../app/content/model";
import { type Block, blocks, plainText } from "./dsl";
import { CREATED_AT, entryId, objectId, storedFields, UPDATED_AT } from "./ids";
import { getTemplate } from "./schema";
import { dateValue, encodeProps, type Values } from "./values";

export const LNG = "en";

export const languages: Language[] = [
  {
    ...storedFields(objectId("language", "en"), CREATED_AT, CREATED_AT),
    code: "en",
    name: "English",
    nativeName: "English",
    default: true,
  },
];

export type StatusLabel = (typeof CONTENT_MODEL.statuses)[number]["label"];

export const statuses: EntryStatus[] = CONTENT_MODEL.statuses.map((s) => ({
  ...storedFields(objectId("status", s.label), CREATED_AT, CREATED_AT),
  ...s,
}));

export const statusId = (label: StatusLabel) => objectId("status", label);

export interface EntrySpec {
  template: string;
  /** values keyed by prop name; must include title and slug */
  values: Values;
  content?: Block[];
  status?: StatusLabel;
  /** ISO date of first publication; entries after the seed import are "created" then */
  date?: string;
}

export { entryId };

export function buildEntry(spec: EntrySpec): Entry {
  const template = getTemplate(spec.template);
  const slug = spec.values.slug;
  if (typeof slug !== "string" || !/^[a-z0-9-]+$/.test(slug)) {
    throw new Error(`${spec.template}: bad slug ${String(slug)}`);
  }
  const nodes = blocks(...(spec.content ?? []));
  const props = encodeProps(`${spec.template}/${slug}`, template.props, spec.values);
  const published = spec.date ? dateValue(spec.date, slug).timestamp : 0;
  const createdAt = Math.max(CREATED_AT, published);
  const updatedAt = Math.max(UPDATED_AT, createdAt);
  return {
    ...storedFields(entryId(spec.template, slug), createdAt, updatedAt),
    templateId: template._id,
    statuses: [{ lng: LNG, id: statusId(spec.status ?? "Published") }],
    meta: [{ lng: LNG, props }],
    content: [{ lng: LNG, nodes, plainText: plainText(nodes) }],
  };
}

/** Slug of a page entry, derived from its path: "/" → "home", "/a/b" → "a-b". */
export function slugForPath(path: string): string {
  return path === "/" ? "home" : path.slice(1).toLowerCase().replace(/\//g, "-");
}
