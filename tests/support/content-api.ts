// Edits through the content service's own HTTP API (as an editor's CMS would), for tests
// and benchmarks that change content while the site is stopped.
import { LOCAL_CONTENT_IDENTITY } from "../../app/config/env.server";

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
  /**
   * Sets props by name to raw values (BCMS's `data` arrays: `[{timestamp, timezoneOffset}]`
   * for a DATE, `[]` to unset), and the status by label when given, in one save.
   */
  update(
    template: string,
    entryId: string,
    change: { props?: Record<string, unknown[]>; status?: string; lng?: string },
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
  const update: ContentApi["update"] = async (
    template,
    entryId,
    { props = {}, status, lng = "en" },
  ) => {
    const schema = (await templates()).find((t) => t.name === template || t._id === template);
    if (!schema) throw new Error(`no template ${template}`);
    const entry = (await call<{ item: RawEntry }>(`template/${schema._id}/entry/${entryId}`)).item;
    const meta = entry.meta.find((m) => m.lng === lng);
    if (!meta) throw new Error(`entry ${entryId} has no ${lng} meta`);
    const values = new Map<string, unknown[]>();
    for (const [name, data] of Object.entries(props)) {
      const id = schema.props.find((prop) => prop.name === name)?.id;
      if (!id) throw new Error(`template ${template} has no prop ${name}`);
      values.set(id, data);
    }
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
      const schema = (await templates()).find((t) => t.name === template || t._id === template);
      const titleProp = schema?.props[0]?.name;
      if (!schema || !titleProp) throw new Error(`no template ${template}`);
      return update(template, entryId, { props: { [titleProp]: [title] }, lng });
    },
    update,
  };
}
