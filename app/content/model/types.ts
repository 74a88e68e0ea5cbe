// The shape of the content model declaration (content-model.ts) and the types the content
// layer derives from it. Names are BCMS names: a prop's `name` is what BCMS makes of its
// `label` (snake_case), a template's, group's or widget's `name` what it makes of theirs
// (kebab-case); BCMS derives the name from the label when it creates the item.
import type { PropTypeName } from "@thebcms/types";

/** The prop types the model uses: what `content:schema` can create. */
export type ModelPropType = Extract<
  PropTypeName,
  | "STRING"
  | "NUMBER"
  | "BOOLEAN"
  | "DATE"
  | "ENUMERATION"
  | "MEDIA"
  | "GROUP_POINTER"
  | "ENTRY_POINTER"
  | "RICH_TEXT"
>;

export interface PropDeclaration {
  readonly name: string;
  readonly label: string;
  readonly type: ModelPropType;
  readonly required?: boolean;
  readonly array?: boolean;
  /** ENUMERATION: the allowed values. */
  readonly items?: readonly string[];
  /** GROUP_POINTER: the name of the group. */
  readonly group?: string;
  /** ENTRY_POINTER: the name of the template whose entries it may point at. */
  readonly template?: string;
}

/** A template, group or widget: something with props. */
export interface OwnerDeclaration {
  readonly name: string;
  readonly label: string;
  readonly desc: string;
  readonly props: readonly PropDeclaration[];
}

export interface StatusDeclaration {
  readonly label: string;
  readonly color?: string;
}

export interface ContentModel {
  readonly statuses: readonly StatusDeclaration[];
  /** In an order where a group comes after the groups it points at. */
  readonly groups: readonly OwnerDeclaration[];
  readonly widgets: readonly OwnerDeclaration[];
  /** Every template starts with `title` and `slug` (BCMS creates them with the template). */
  readonly templates: readonly OwnerDeclaration[];
}

export type OwnerKind = "template" | "group" | "widget";
