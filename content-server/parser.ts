/**
 * Raw entries → BCMS's parsed and lite forms.
 *
 * Where we deliberately differ from upstream (documented in content-server/README.md):
 * - Present values are kept as they are: upstream's `data[0] || null` turns 0,
 *   false and "" into null, which would, e.g., show a 0 % stat as 100 %.
 * - A required ENUMERATION or ENTRY_POINTER with no value parses to null, and a
 *   required RICH_TEXT to {nodes: []} (upstream leaks schema objects or [] here).
 * - Entry pointers are expanded to at most MAX_ENTRY_DEPTH levels and never into
 *   an entry already being expanded above (upstream recurses forever on cycles).
 *   An unexpanded pointer keeps its raw {tid, eid} form: the whole raw array for
 *   a single prop (upstream's max-depth form), the raw item inside an array prop.
 */
import type {
  Entry,
  EntryContentParsedItem,
  EntryLite,
  EntryLiteInfo,
  EntryParsed,
  Media,
  Prop,
  PropMediaDataParsed,
} from "@thebcms/types";
import { isRecord } from "../bcms/is-record";
import { escapeHtml, nodeToHtml } from "./rich-text-html";
import type { ContentStore } from "./snapshot-store";

export const MAX_ENTRY_DEPTH = 5;
/** Groups, widgets and rich text nested in each other; bounds self-referencing schemas. */
export const MAX_NEST_DEPTH = 16;

interface ParseState {
  /** How many entry pointers were followed to get here. */
  entryDepth: number;
  /** Entries being expanded on the way here: following one again would be a cycle. */
  chain: ReadonlySet<string>;
  /** Groups, widgets and rich-text values entered on the way here. */
  nest: number;
}

type Parsed = unknown;
type Values = readonly { id: string; data: unknown }[];

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function asValues(value: unknown): Values {
  return asArray(value).filter(
    (item): item is { id: string; data: unknown } => isRecord(item) && typeof item.id === "string",
  );
}

export class EntryParser {
  /**
   * @param mediaUrlBase base of bin2 URLs, e.g. `/api/v3/org/{org}/instance/{inst}`:
   * `url` never carries an API key, unlike the official client's `toUri`.
   */
  constructor(
    private readonly store: ContentStore,
    private readonly mediaUrlBase: string,
  ) {}

  parseEntry(entry: Entry, state?: ParseState): EntryParsed | undefined {
    const template = this.store.get("templates", entry.templateId);
    if (!template) return undefined;
    const inner: ParseState = {
      entryDepth: state?.entryDepth ?? 0,
      chain: new Set([...(state?.chain ?? []), entry._id]),
      nest: 0,
    };
    const meta: EntryParsed["meta"] = {};
    const content: EntryParsed["content"] = {};
    for (const language of this.store.languages()) {
      const lng = language.code;
      const metaItem = entry.meta.find((item) => item.lng === lng);
      meta[lng] = this.parseProps(
        template.props,
        metaItem?.props ?? [],
        inner,
      ) as EntryParsed["meta"][string];
      const contentItem = entry.content.find((item) => item.lng === lng);
      content[lng] = contentItem ? this.parseContent(contentItem.nodes, inner) : [];
    }
    return {
      _id: entry._id,
      createdAt: entry.createdAt,
      updatedAt: entry.updatedAt,
      instanceId: entry.instanceId,
      templateId: entry.templateId,
      templateName: template.name,
      userId: entry.userId,
      statuses: entry.statuses.map((status) => ({
        lng: status.lng,
        id: status.id,
        label: this.store.get("statuses", status.id)?.label ?? "",
      })),
      meta,
      content,
    };
  }

  toLite(entry: Entry): EntryLite {
    const template = this.store.get("templates", entry.templateId);
    const props = template?.props ?? [];
    const info: EntryLiteInfo[] = entry.meta.map((metaItem) => {
      const values = asValues(metaItem.props);
      const first = (prop: Prop | undefined, index: number): unknown => {
        const value = prop ? values.find((v) => v.id === prop.id) : values[index];
        return asArray(value?.data)[0];
      };
      const stringAt = (index: number) => {
        const value = first(props[index], index);
        return typeof value === "string" ? value : "";
      };
      const item: EntryLiteInfo = {
        lng: metaItem.lng,
        title: stringAt(0),
        slug: stringAt(1),
      };
      const status = entry.statuses.find((s) => s.lng === metaItem.lng);
      if (status) item.status = status.id;
      const description = props
        .slice(2)
        .filter((prop) => prop.type === "STRING")
        .map((prop) => first(prop, -1))
        .find((value) => typeof value === "string" && value !== "");
      if (typeof description === "string") item.description = description;
      const media = this.firstMediaId(props, values, 0);
      if (media) item.media = media;
      return item;
    });
    return {
      _id: entry._id,
      createdAt: entry.createdAt,
      updatedAt: entry.updatedAt,
      instanceId: entry.instanceId,
      templateId: entry.templateId,
      userId: entry.userId,
      info,
    };
  }

  /** The slug of an entry in any language (template prop named `slug`, else prop 1 as BCMS). */
  slugsOf(entry: Entry): string[] {
    const template = this.store.get("templates", entry.templateId);
    const slugProp = template?.props.find((prop) => prop.name === "slug") ?? template?.props[1];
    if (!slugProp) return [];
    return entry.meta.flatMap((metaItem) => {
      const value = asValues(metaItem.props).find((v) => v.id === slugProp.id);
      const slug = asArray(value?.data)[0];
      return typeof slug === "string" && slug !== "" ? [slug] : [];
    });
  }

  parseMedia(ref: {
    _id: string;
    alt_text?: unknown;
    caption?: unknown;
  }): PropMediaDataParsed | undefined {
    const stored = this.store.get("media", ref._id);
    if (!stored || stored.type === "DIR") return undefined;
    const media = this.store.mediaView(stored);
    const text = (value: unknown) => (typeof value === "string" ? value : "");
    const parsed: PropMediaDataParsed = {
      _id: media._id,
      src: this.mediaPath(media),
      url: `${this.mediaUrlBase}/media/${media._id}/bin2/${encodeURIComponent(media.name)}`,
      name: media.name,
      width: media.width ?? -1,
      height: media.height ?? -1,
      caption: text(ref.caption) || text(media.caption),
      alt_text: text(ref.alt_text) || text(media.altText),
      type: media.type,
      mimetype: media.mimetype,
      size: media.size,
    };
    if (media.sizeTransforms) parsed.sizeTransforms = media.sizeTransforms;
    if (media.version) parsed.version = media.version;
    return parsed;
  }

  /** Folder path of a media item, e.g. /blog/covers/cover.jpg (parent cycles cannot loop). */
  mediaPath(media: Media): string {
    const names = [media.name];
    const seen = new Set([media._id]);
    let parentId = media.parentId;
    while (parentId && !seen.has(parentId)) {
      seen.add(parentId);
      const parent = this.store.get("media", parentId);
      if (!parent) break;
      names.unshift(parent.name);
      parentId = parent.parentId;
    }
    return `/${names.join("/")}`;
  }

  parseContent(nodes: unknown, state: ParseState): EntryContentParsedItem[] {
    const items: EntryContentParsedItem[] = [];
    if (state.nest > MAX_NEST_DEPTH) return items;
    for (const node of asArray(nodes)) {
      if (!isRecord(node) || typeof node.type !== "string") continue;
      const type = node.type as EntryContentParsedItem["type"];
      if (type === "widget") {
        items.push(this.parseWidgetNode(node, state));
      } else if (type === "media") {
        const attrs = isRecord(node.attrs) ? node.attrs : {};
        if (typeof attrs.mediaId !== "string") continue;
        const value = this.parseMedia({
          _id: attrs.mediaId,
          alt_text: attrs.altText,
          caption: attrs.caption,
        });
        if (value)
          items.push({ type, attrs: attrs as unknown as EntryContentParsedItem["attrs"], value });
      } else {
        const item: EntryContentParsedItem = { type, value: nodeToHtml(node) };
        if (isRecord(node.attrs))
          item.attrs = node.attrs as unknown as EntryContentParsedItem["attrs"];
        items.push(item);
      }
    }
    return items;
  }

  private parseWidgetNode(
    node: Record<string, unknown>,
    state: ParseState,
  ): EntryContentParsedItem {
    const attrs = isRecord(node.attrs) ? node.attrs : {};
    const data = isRecord(attrs.data) ? attrs.data : {};
    const widgetId = typeof data._id === "string" ? data._id : "";
    const widget = this.store.get("widgets", widgetId);
    if (!widget) {
      // A deleted widget: upstream's placeholder markup, escaped for the attribute.
      return {
        type: "widget",
        widgetName: widgetId,
        value: `<div bcms-data-widget='${escapeHtml(JSON.stringify(attrs))}'></div>`,
      };
    }
    return {
      type: "widget",
      widgetName: widget.name,
      value: this.parseProps(widget.props, data.props, {
        ...state,
        nest: state.nest + 1,
      }) as EntryContentParsedItem["value"],
    };
  }

  parseProps(
    props: readonly Prop[],
    rawValues: unknown,
    state: ParseState,
  ): Record<string, Parsed> {
    const values = asValues(rawValues);
    const output: Record<string, Parsed> = {};
    for (const prop of props) {
      const value = values.find((item) => item.id === prop.id);
      const parsed = value
        ? this.parseValue(prop, value.data, state)
        : this.missingValue(prop, state);
      // undefined (dangling single media or pointer, deleted group) leaves the key out, as upstream.
      if (parsed !== undefined) output[prop.name] = parsed;
    }
    return output;
  }

  private parseValue(prop: Prop, data: unknown, state: ParseState): Parsed {
    switch (prop.type) {
      case "MEDIA":
        return this.parseMediaValue(prop, data);
      case "GROUP_POINTER":
        return this.parseGroupValue(prop, data, state);
      case "WIDGET": {
        const widget = this.store.get("widgets", prop.data.propWidget?._id ?? "");
        if (!widget || state.nest >= MAX_NEST_DEPTH) return widget ? null : undefined;
        const value = isRecord(data) ? data.props : [];
        return this.parseProps(widget.props, value, { ...state, nest: state.nest + 1 });
      }
      case "ENTRY_POINTER":
        return this.parseEntryPointerValue(prop, data, state);
      case "RICH_TEXT": {
        const inner = { ...state, nest: state.nest + 1 };
        const values = asArray(data).map((item) => ({
          nodes: this.parseContent(isRecord(item) ? item.nodes : [], inner),
        }));
        if (prop.array) return values;
        return values[0] ?? (prop.required ? { nodes: [] } : null);
      }
      default: {
        const values = asArray(data);
        if (prop.array) return values;
        const first = values[0];
        if (
          first === undefined ||
          first === null ||
          (prop.type === "ENUMERATION" && first === "")
        ) {
          return this.missingValue(prop, state);
        }
        return first;
      }
    }
  }

  /** The value of a prop that has no stored value (a new prop, or a language with no meta). */
  private missingValue(prop: Prop, state: ParseState): Parsed {
    if (!prop.required) return null;
    if (prop.array) return [];
    switch (prop.type) {
      case "STRING":
      case "TAG":
      case "COLOR_PICKER":
        return "";
      case "NUMBER":
        return 0;
      case "BOOLEAN":
        return false;
      case "DATE":
        return { timestamp: -1, timezoneOffset: 0 };
      case "RICH_TEXT":
        return { nodes: [] };
      case "GROUP_POINTER": {
        const group = this.store.get("groups", prop.data.propGroupPointer?._id ?? "");
        if (!group) return undefined;
        if (state.nest >= MAX_NEST_DEPTH) return null;
        return this.parseProps(group.props, [], { ...state, nest: state.nest + 1 });
      }
      case "WIDGET": {
        const widget = this.store.get("widgets", prop.data.propWidget?._id ?? "");
        if (!widget) return undefined;
        if (state.nest >= MAX_NEST_DEPTH) return null;
        return this.parseProps(widget.props, [], { ...state, nest: state.nest + 1 });
      }
      default:
        return null;
    }
  }

  private parseMediaValue(prop: Prop, data: unknown): Parsed {
    const parsed = asArray(data).map((item) =>
      isRecord(item) && typeof item._id === "string"
        ? this.parseMedia(item as { _id: string })
        : undefined,
    );
    if (prop.array) return parsed.filter((item) => item !== undefined);
    if (parsed.length === 0) return null;
    return parsed[0];
  }

  private parseGroupValue(prop: Prop, data: unknown, state: ParseState): Parsed {
    const group = this.store.get("groups", prop.data.propGroupPointer?._id ?? "");
    if (!group) return undefined;
    if (state.nest >= MAX_NEST_DEPTH) return null;
    const inner = { ...state, nest: state.nest + 1 };
    const items = isRecord(data) ? asArray(data.items) : [];
    const parsed = items.map((item) =>
      this.parseProps(group.props, isRecord(item) ? item.props : [], inner),
    );
    if (prop.array) return parsed;
    return parsed[0] ?? this.missingValue(prop, state);
  }

  private parseEntryPointerValue(prop: Prop, data: unknown, state: ParseState): Parsed {
    const raw = asArray(data);
    if (state.entryDepth >= MAX_ENTRY_DEPTH) return raw;
    const items: Parsed[] = [];
    for (const item of raw) {
      if (!isRecord(item) || typeof item.eid !== "string") continue;
      const entry = this.store.get("entries", item.eid);
      if (!entry || entry.templateId !== item.tid) continue;
      if (state.chain.has(entry._id)) {
        if (!prop.array) return raw;
        items.push({ tid: item.tid, eid: item.eid });
        continue;
      }
      const parsed = this.parseEntry(entry, { ...state, entryDepth: state.entryDepth + 1 });
      if (parsed) items.push(parsed);
    }
    if (prop.array) return items;
    if (raw.length === 0) return this.missingValue(prop, state);
    return items[0];
  }

  private firstMediaId(props: readonly Prop[], values: Values, depth: number): string | undefined {
    if (depth > MAX_NEST_DEPTH) return undefined;
    for (const prop of props) {
      const value = values.find((v) => v.id === prop.id);
      if (!value) continue;
      if (prop.type === "MEDIA") {
        const first = asArray(value.data)[0];
        if (isRecord(first) && typeof first._id === "string" && first._id !== "") return first._id;
      } else if (prop.type === "GROUP_POINTER") {
        const group = this.store.get("groups", prop.data.propGroupPointer?._id ?? "");
        if (!group || !isRecord(value.data)) continue;
        for (const item of asArray(value.data.items)) {
          const found = isRecord(item)
            ? this.firstMediaId(group.props, asValues(item.props), depth + 1)
            : undefined;
          if (found) return found;
        }
      }
    }
    return undefined;
  }
}

export function initialParseState(): ParseState {
  return { entryDepth: 0, chain: new Set(), nest: 0 };
}
