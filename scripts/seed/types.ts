/**
 * Raw BCMS v3 entity shapes as stored in the snapshot (BCMS-API.md §3-§5).
 * Kept local so the seed has no dependency on the other parts of the project.
 */

export type PropType =
  | "STRING"
  | "NUMBER"
  | "BOOLEAN"
  | "DATE"
  | "ENUMERATION"
  | "MEDIA"
  | "GROUP_POINTER"
  | "ENTRY_POINTER"
  | "RICH_TEXT";

export interface PropData {
  propString?: string[];
  propNumber?: number[];
  propBool?: boolean[];
  propDate?: DateValue[];
  propEnum?: { items: string[] };
  propMedia?: string[];
  propGroupPointer?: { _id: string };
  /** the templates an ENTRY_POINTER may point to (BCMS-API.md §3.1) */
  propEntryPointer?: EntryPointerTarget[];
  propRichText?: { nodes: Node[] }[];
}

export interface EntryPointerTarget {
  templateId: string;
  /** entries offered in the CMS editor; empty = every entry of the template */
  entryIds: string[];
  /** the prop the CMS editor shows for each entry */
  displayProp: string;
}

export interface Prop {
  id: string;
  type: PropType;
  required: boolean;
  name: string;
  label: string;
  array: boolean;
  data: PropData;
}

interface Stored {
  _id: string;
  createdAt: number;
  updatedAt: number;
  instanceId: string;
  userId: string;
}

export interface Template extends Stored {
  name: string;
  label: string;
  desc: string;
  singleEntry: boolean;
  props: Prop[];
}

export interface Group extends Stored {
  name: string;
  label: string;
  desc: string;
  props: Prop[];
}

export interface Widget extends Group {
  previewImage: string;
}

export interface Language extends Stored {
  code: string;
  name: string;
  nativeName: string;
  default: boolean;
}

export interface EntryStatus extends Stored {
  label: string;
  color?: string;
}

export type MediaType = "DIR" | "IMG" | "SVG" | "VID" | "PDF";

export interface Media extends Stored {
  type: MediaType;
  mimetype: string;
  size: number;
  name: string;
  isInRoot: boolean;
  hasChildren: boolean;
  parentId: string;
  altText: string;
  caption: string;
  width: number;
  height: number;
  sizeTransforms?: string[];
  version?: string;
}

export interface DateValue {
  timestamp: number;
  timezoneOffset: number;
}

export interface MediaValue {
  _id: string;
  alt_text: string;
  caption: string;
}

/** One raw ENTRY_POINTER item (BCMS-API.md §4). */
export interface EntryPointerValue {
  tid: string;
  eid: string;
}

export interface GroupValue {
  _id: string;
  items: { props: PropValue[] }[];
}

export type PropValueData =
  | string[]
  | number[]
  | boolean[]
  | DateValue[]
  | MediaValue[]
  | EntryPointerValue[]
  | { nodes: Node[] }[]
  | GroupValue;

export interface PropValue {
  id: string;
  data: PropValueData;
}

export interface Mark {
  type: "bold" | "italic" | "underline" | "strike" | "inlineCode" | "link";
  attrs?: { href: string; target: string };
}

export interface Node {
  type:
    | "paragraph"
    | "heading"
    | "bulletList"
    | "orderedList"
    | "listItem"
    | "text"
    | "hardBreak"
    | "horizontalRule"
    | "widget"
    | "media";
  content?: Node[];
  // biome-ignore lint/suspicious/noExplicitAny: attrs differ per node type (heading, widget, media)
  attrs?: Record<string, any>;
  marks?: Mark[];
  text?: string;
}

export interface Entry extends Stored {
  templateId: string;
  statuses: { lng: string; id: string }[];
  meta: { lng: string; props: PropValue[] }[];
  content: { lng: string; nodes: Node[]; plainText: string }[];
}
