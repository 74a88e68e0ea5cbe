// Edits through the content service's own HTTP API (as an editor's CMS would), for tests
// and benchmarks that change content while the site is stopped.
import { LOCAL_CONTENT_IDENTITY } from "../../app/config/env.server";
import { PUBLISHED_STATUS_ID } from "../../scripts/drafts-project";

interface RawProp {
  id: string;
  data: unknown[];
}
interface RawEntry {
  _id: string;
  templateId: string;
  updatedAt: number;
  statuses: { lng: string; id: string }[];
  meta: { lng: string; props: RawProp[] }[];
  content: { lng: string; nodes: unknown[] }[];
}
interface RawTemplate {
  _id: string;
  name: string;
  props: { id: string; name: string }[];
}

export interface ContentApi {
  templates(): Promise<RawTemplate[]>;
  entries(template: string): Promise<RawEntry[]>;
  /** Sets an entry's title (its template's first prop) in `lng`; returns the stored entry. */
  retitle(template: string, entryId: string, title: string, lng?: string): Promise<RawEntry>;
  /** Sets props of an entry by name (`{slug: "new"}`) in `lng`; returns the stored entry. */
  setProps(
    template: string,
    entryId: string,
    values: Record<string, string>,
    lng?: string,
  ): Promise<RawEntry>;
  /** Creates an entry in the public status with these STRING/ENUMERATION props by name. */
  create(template: string, values: Record<string, string>, lng?: string): Promise<RawEntry>;
  /** Creates a new entry, public, with another's props and content, these props set by name. */
  duplicate(template: string, entryId: string, values: Record<string, string>): Promise<RawEntry>;
  remove(template: string, entryId: string): Promise<void>;
  /** The ids of a template's entries by their slug in `lng`. */
  idsBySlug(template: string, lng?: string): Promise<Map<string, string>>;
  /** The groups (a group prop's parts), each with its props' ids and names. */
  groups(): Promise<RawTemplate[]>;
  /**
   * Sets props by name to raw values (BCMS's `data`: `[{timestamp, timezoneOffset}]` for a
   * DATE, `[]` to unset, `{_id, items}` for a group), and the status by label when given, in
   * one save.
   */
  update(
    template: string,
    entryId: string,
    change: { props?: Record<string, unknown>; status?: string; lng?: string },
  ): Promise<RawEntry>;
}

export function contentApi(origin: string, identity = LOCAL_CONTENT_IDENTITY): ContentApi {
  const base = `${origin}/api/v3/org/${identity.orgId}/instance/${identity.instanceId}`;
  const headers = {
    Authorization: `ApiKey ${identity.apiKeyId}.${identity.apiKeySecret}`,
    "Content-Type": "application/json",
  };
  const call = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
    const response = await fetch(`${base}/${path}`, { ...init, headers });
    const text = await response.text();
    if (!response.ok)
      throw new Error(`${init.method ?? "GET"} ${path}: ${response.status} ${text}`);
    return JSON.parse(text) as T;
  };
  const templates = async () => (await call<{ items: RawTemplate[] }>("template/all")).items;
  const schemaOf = async (template: string) => {
    const schema = (await templates()).find((t) => t.name === template || t._id === template);
    if (!schema) throw new Error(`no template ${template}`);
    return schema;
  };
  const propId = (schema: RawTemplate, name: string) => {
    const id = schema.props.find((prop) => prop.name === name)?.id;
    if (!id) throw new Error(`template ${schema.name} has no prop ${name}`);
    return id;
  };
  const update: ContentApi["update"] = async (
    template,
    entryId,
    { props = {}, status, lng = "en" },
  ) => {
    const schema = await schemaOf(template);
    const entry = (await call<{ item: RawEntry }>(`template/${schema._id}/entry/${entryId}`)).item;
    const meta = entry.meta.find((m) => m.lng === lng);
    if (!meta) throw new Error(`entry ${entryId} has no ${lng} meta`);
    const values = new Map<string, unknown>();
    for (const [name, data] of Object.entries(props)) values.set(propId(schema, name), data);
    const kept = meta.props.map((prop) =>
      values.has(prop.id) ? { ...prop, data: values.get(prop.id) } : prop,
    );
    const added = [...values]
      .filter(([id]) => !meta.props.some((prop) => prop.id === id))
      .map(([id, data]) => ({ id, data }));
    const statusId = status
      ? (await call<{ items: { _id: string; label: string }[] }>("entry-status/all")).items.find(
          (s) => s.label.toLowerCase() === status.toLowerCase(),
        )?._id
      : entry.statuses.find((s) => s.lng === lng)?.id;
    if (status && !statusId) throw new Error(`no status ${status}`);
    const body = {
      lng,
      status: statusId,
      meta: { props: [...kept, ...added] },
      content: { nodes: entry.content.find((c) => c.lng === lng)?.nodes ?? [] },
    };
    return (
      await call<{ item: RawEntry }>(`template/${schema._id}/entry/${entryId}/update`, {
        method: "PUT",
        body: JSON.stringify(body),
      })
    ).item;
  };
  return {
    templates,
    async entries(template) {
      return (await call<{ items: RawEntry[] }>(`template/${template}/entry/all`)).items;
    },
    async retitle(template, entryId, title, lng = "en") {
      const titleProp = (await schemaOf(template)).props[0]?.name;
      if (!titleProp) throw new Error(`template ${template} has no props`);
      return update(template, entryId, { props: { [titleProp]: [title] }, lng });
    },
    async setProps(template, entryId, values, lng = "en") {
      const props = Object.fromEntries(Object.entries(values).map(([name, v]) => [name, [v]]));
      return update(template, entryId, { props, lng });
    },
    async create(template, values, lng = "en") {
      const schema = await schemaOf(template);
      for (const name of Object.keys(values)) propId(schema, name);
      const props = schema.props.map((prop) => ({
        id: prop.id,
        data: prop.name in values ? [values[prop.name]] : [],
      }));
      const body = {
        statuses: [{ lng, id: PUBLISHED_STATUS_ID }],
        meta: [{ lng, props }],
        content: [{ lng, nodes: [], plainText: "" }],
      };
      return (
        await call<{ item: RawEntry }>(`template/${schema._id}/entry/create`, {
          method: "POST",
          body: JSON.stringify(body),
        })
      ).item;
    },
    async duplicate(template, entryId, values) {
      const schema = await schemaOf(template);
      const entry = (await call<{ item: RawEntry }>(`template/${schema._id}/entry/${entryId}`))
        .item;
      const set = new Map(Object.entries(values).map(([name, v]) => [propId(schema, name), v]));
      const body = {
        statuses: entry.statuses.map(({ lng }) => ({ lng, id: PUBLISHED_STATUS_ID })),
        meta: entry.meta.map((meta) => ({
          lng: meta.lng,
          props: meta.props.map((prop) =>
            set.has(prop.id) ? { ...prop, data: [set.get(prop.id)] } : prop,
          ),
        })),
        content: entry.content.map(({ lng, nodes }) => ({ lng, nodes })),
      };
      return (
        await call<{ item: RawEntry }>(`template/${schema._id}/entry/create`, {
          method: "POST",
          body: JSON.stringify(body),
        })
      ).item;
    },
    async remove(template, entryId) {
      const schema = await schemaOf(template);
      await call(`template/${schema._id}/entry/${entryId}`, { method: "DELETE" });
    },
    async idsBySlug(template, lng = "en") {
      const slugProp = (await schemaOf(template)).props.find((prop) => prop.name === "slug")?.id;
      const ids = new Map<string, string>();
      for (const entry of await this.entries(template)) {
        const meta = entry.meta.find((m) => m.lng === lng);
        const slug = meta?.props.find((prop) => prop.id === slugProp)?.data[0];
        if (typeof slug === "string") ids.set(slug, entry._id);
      }
      return ids;
    },
    async groups() {
      return (await call<{ items: RawTemplate[] }>("group/all")).items;
    },
    update,
  };
}
