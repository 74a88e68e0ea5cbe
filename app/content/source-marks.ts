// Where an element of a preview comes from in the CMS: the entry, its template and the prop
// (for a widget, its place in the entry's rich text). Only a preview's loaders give a model
// its `source` (entry-source.server.ts), so on the public site every helper here returns
// nothing and the markup is what it always was. The marks are attributes of the element that
// already wraps the prop, never a change to what an editor typed; the preview page's own
// script and style (server/preview/source-labels.ts) outline and name them.

/** The entry a model was made from, as a preview's labels name it. */
export interface EntrySource {
  /** The template's label ("News article"). */
  template: string;
  /** The template's id in the CMS (its name when the CMS did not give the id). */
  templateId: string;
  /** The entry's id in the CMS. */
  entry: string;
  /** The entry's title, or its id when it has none. */
  title: string;
  /** The entry in the CMS's dashboard (BCMS_DASHBOARD_URL filled in), when one is set. */
  edit?: string;
}

/** What a mark says: the entry, the prop and the label the preview shows. */
export interface SourceMarkValue extends EntrySource {
  prop: string;
  label: string;
}

export const SOURCE_ATTRIBUTE = "data-cms-source";
/** On a rich text's element: which of its child elements are widgets (`child:number:name`). */
export const WIDGETS_ATTRIBUTE = "data-cms-widgets";

export type SourceMark = { [SOURCE_ATTRIBUTE]?: string; [WIDGETS_ATTRIBUTE]?: string };

/** The attributes that mark the element showing `prop` of `source`'s entry (none outside a preview). */
export function sourceMark(source: EntrySource | undefined, prop: string): SourceMark {
  if (!source) return {};
  const value: SourceMarkValue = { ...source, prop, label: sourceLabel(source, prop) };
  return { [SOURCE_ATTRIBUTE]: JSON.stringify(value) };
}

/** A block of rich content, as far as marking it goes: a widget, or what else it renders. */
export type MarkedBlock =
  | { type: "widget"; widget: { name: string } }
  | { type: "rich"; nodes: readonly unknown[] }
  | { type: "image" | "unhandled" };

/**
 * The marks of a rich text's element: its own, and a side table of which child elements are
 * its widgets. A rich block renders one child element per element node (a string is text, no
 * element); a widget, a figure and a placeholder one each.
 */
export function richContentMark(
  source: EntrySource | undefined,
  prop: string,
  blocks: readonly MarkedBlock[],
): SourceMark {
  if (!source) return {};
  const widgets: string[] = [];
  let child = 0;
  let widget = 0;
  for (const block of blocks) {
    if (block.type === "rich") {
      child += block.nodes.filter((node) => typeof node !== "string").length;
      continue;
    }
    if (block.type === "widget") {
      widget += 1;
      widgets.push(`${child}:${widget}:${block.widget.name}`);
    }
    child += 1;
  }
  const own = sourceMark(source, prop);
  return widgets.length ? { ...own, [WIDGETS_ATTRIBUTE]: widgets.join(" ") } : own;
}

/** A mark's label: "News article · Partner roundup · description". */
export function sourceLabel(source: EntrySource, prop: string): string {
  return `${source.template} · ${source.title} · ${prop}`;
}

/** The dashboard address: the pattern with each `{name}` put in (encoded), unknown names kept. */
export function dashboardUrl(
  pattern: string,
  ids: { org: string; instance: string; template: string; entry: string },
): string {
  return pattern.replace(/\{(org|instance|template|entry)\}/g, (_, name: keyof typeof ids) =>
    encodeURIComponent(ids[name]),
  );
}

/** Where the code keeps the pieces every page shares: they are not in the CMS. */
export const CODE_SOURCE_FILE = "app/config/site.ts";

/**
 * The mark of a piece of the site's code (header, footer, announcement banner) in a preview
 * (`on`): it names the piece and says that it is edited in the code, not in the CMS.
 */
export function codeMark(on: boolean | undefined, piece: string): SourceMark {
  if (!on) return {};
  const label = `Site code · ${piece} · not in the CMS (${CODE_SOURCE_FILE})`;
  return { [SOURCE_ATTRIBUTE]: JSON.stringify({ label, code: true }) };
}
