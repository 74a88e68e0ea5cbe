// The types the content layer reads entries with, derived from the declaration: a template's
// props are known by name, so reading a prop the model lacks fails the type check.
import type { CONTENT_MODEL } from "./content-model";

export { CONTENT_MODEL } from "./content-model";
export type * from "./types";

type Model = typeof CONTENT_MODEL;
type DeclaredTemplate = Model["templates"][number];

export type TemplateName = DeclaredTemplate["name"];

/** The prop names of a template (of any of them for a union). */
export type PropNameOf<T extends TemplateName> = Extract<
  DeclaredTemplate,
  { name: T }
>["props"][number]["name"];

/** A template named in code: a name of the model as itself, any other string as any template. */
export type TemplateOf<T extends string> = T extends TemplateName ? T : TemplateName;

/**
 * A parsed entry's props in one language, by name. Every prop may be absent or null (BCMS
 * leaves out what it cannot parse), so values are `unknown` and read with read.server.ts.
 */
export type EntryMeta<T extends TemplateName = TemplateName> = {
  readonly [K in PropNameOf<T>]?: unknown;
};
