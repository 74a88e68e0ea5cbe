// The schema namespaces of the client: templates, groups, widgets and entry statuses, read
// through their caches and written as BCMS takes them (bodies from BCMS's types): `POST
// {kind}/create`; a template is updated at `PUT template/{id}/update`, a group or widget at
// `PUT {kind}/update` with its `_id` in the body (their update bodies carry it, the
// template's does not). Each write drops what it changed from the caches.
import type {
  EntryStatus,
  EntryStatusCreateBody,
  Group,
  GroupCreateBody,
  GroupUpdateBody,
  GroupWhereIsItUsedResult,
  Template,
  TemplateCreateBody,
  TemplateUpdateBody,
  TemplateWhereIsItUsedResult,
  Widget,
  WidgetCreateBody,
  WidgetUpdateBody,
  WidgetWhereIsItUsedResult,
} from "@thebcms/types";
import type { EntityCache } from "./cache";
import type { EntryCache } from "./entry-cache";
import { BcmsResponseError } from "./errors";
import { isEntryStatus, isGroup, isTemplate, isWidget } from "./guards";
import type { HttpClient, RequestOptions } from "./http";
import { isRecord } from "./is-record";
import { buildPath } from "./paths";
import type { ReadOptions, ResourceApi } from "./resource-api";
import type { TemplateResolver } from "./template-resolver";

export interface ReadApi<T> {
  getAll(options?: ReadOptions): Promise<T[]>;
  get(id: string, options?: ReadOptions): Promise<T>;
}

export interface TemplateApi extends ReadApi<Template> {
  /** The template with this name or id (`Template with Name or ID "x" is not found`). */
  resolve(idOrName: string): Promise<Template>;
  /** Creates a template named after its label, with its `title` and `slug` props. */
  create(body: TemplateCreateBody, options?: RequestOptions): Promise<Template>;
  update(id: string, body: TemplateUpdateBody, options?: RequestOptions): Promise<Template>;
  /** Deletes the template (BCMS deletes its entries too). */
  delete(id: string, options?: RequestOptions): Promise<Template>;
  /** `GET template/{id}/where-is-it-used`. */
  whereIsItUsed(id: string, options?: RequestOptions): Promise<TemplateWhereIsItUsedResult>;
}

export interface GroupApi extends ReadApi<Group> {
  create(body: GroupCreateBody, options?: RequestOptions): Promise<Group>;
  update(body: GroupUpdateBody, options?: RequestOptions): Promise<Group>;
  whereIsItUsed(id: string, options?: RequestOptions): Promise<GroupWhereIsItUsedResult>;
}

export interface WidgetApi extends ReadApi<Widget> {
  create(body: WidgetCreateBody, options?: RequestOptions): Promise<Widget>;
  update(body: WidgetUpdateBody, options?: RequestOptions): Promise<Widget>;
  whereIsItUsed(id: string, options?: RequestOptions): Promise<WidgetWhereIsItUsedResult>;
}

export interface EntryStatusApi extends ReadApi<EntryStatus> {
  create(
    body: EntryStatusCreateBody & { color?: string },
    options?: RequestOptions,
  ): Promise<EntryStatus>;
}

function stringArray(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === "string")
    : [];
}

async function whereIsItUsed(
  http: HttpClient,
  segment: string,
  id: string,
  options: RequestOptions = {},
) {
  const path = buildPath(segment, id, "where-is-it-used");
  const body = await http.json({ ...options, path });
  if (!isRecord(body)) {
    throw new BcmsResponseError("GET", `${http.basePath}${path}`, 200, "expected an object");
  }
  return body;
}

/**
 * A group, widget or status write; drops that kind's cache. A group or widget change also
 * changes the parsed entries that use it, which the socket's events then drop.
 */
async function schemaWrite<T extends { _id: string }>(
  http: HttpClient,
  api: { clearCache(): void },
  method: "POST" | "PUT",
  segments: readonly string[],
  body: object,
  guard: (value: unknown) => value is T,
  options: RequestOptions = {},
): Promise<T> {
  const item = await http.item({ ...options, method, path: buildPath(...segments), body }, guard);
  api.clearCache();
  return item;
}

export interface TemplateApiDeps {
  http: HttpClient;
  templates: ResourceApi<Template>;
  templateCache: EntityCache<Template> | null;
  templateResolver: TemplateResolver;
  entryCache: EntryCache | null;
}

export function createTemplateApi(deps: TemplateApiDeps): TemplateApi {
  const { http, templates, templateCache, templateResolver, entryCache } = deps;
  /** A template write changes its schema, so its entries' parsed output too. */
  const afterWrite = (templateId: string) => {
    templateResolver.invalidate();
    templateCache?.remove(templateId);
    templateCache?.invalidateAll();
    entryCache?.dropTemplate(templateId);
  };
  return {
    getAll: templates.getAll,
    get: templates.get,
    resolve: (idOrName) => templateResolver.resolve(idOrName),
    async create(body, options = {}) {
      const template = await http.item(
        { ...options, method: "POST", path: buildPath("template", "create"), body },
        isTemplate,
      );
      afterWrite(template._id);
      return template;
    },
    async update(id, body, options = {}) {
      const template = await http.item(
        { ...options, method: "PUT", path: buildPath("template", id, "update"), body },
        isTemplate,
      );
      afterWrite(template._id);
      return template;
    },
    async delete(id, options = {}) {
      const template = await http.item(
        { ...options, method: "DELETE", path: buildPath("template", id) },
        isTemplate,
      );
      afterWrite(id);
      return template;
    },
    async whereIsItUsed(id, options) {
      const body = await whereIsItUsed(http, "template", id, options);
      return {
        // BCMS spells it `groupsIds` here; accept the other spelling too.
        groupsIds: stringArray(body.groupsIds ?? body.groupIds),
        templateIds: stringArray(body.templateIds),
        widgetIds: stringArray(body.widgetIds),
      };
    },
  };
}

export function createGroupApi(http: HttpClient, groups: ResourceApi<Group>): GroupApi {
  return {
    getAll: groups.getAll,
    get: groups.get,
    create: (body, options) =>
      schemaWrite(http, groups, "POST", ["group", "create"], body, isGroup, options),
    update: (body, options) =>
      schemaWrite(http, groups, "PUT", ["group", "update"], body, isGroup, options),
    async whereIsItUsed(id, options) {
      const body = await whereIsItUsed(http, "group", id, options);
      return {
        groupIds: stringArray(body.groupIds),
        templateIds: stringArray(body.templateIds),
        widgetIds: stringArray(body.widgetIds),
      };
    },
  };
}

export function createWidgetApi(http: HttpClient, widgets: ResourceApi<Widget>): WidgetApi {
  return {
    getAll: widgets.getAll,
    get: widgets.get,
    create: (body, options) =>
      schemaWrite(http, widgets, "POST", ["widget", "create"], body, isWidget, options),
    update: (body, options) =>
      schemaWrite(http, widgets, "PUT", ["widget", "update"], body, isWidget, options),
    async whereIsItUsed(id, options) {
      const body = await whereIsItUsed(http, "widget", id, options);
      return { entryIds: stringArray(body.entryIds) };
    },
  };
}

export function createEntryStatusApi(
  http: HttpClient,
  entryStatuses: ResourceApi<EntryStatus>,
): EntryStatusApi {
  return {
    getAll: entryStatuses.getAll,
    get: entryStatuses.get,
    create: (body, options) =>
      schemaWrite(
        http,
        entryStatuses,
        "POST",
        ["entry-status", "create"],
        body,
        isEntryStatus,
        options,
      ),
  };
}
