// createBcmsClient: wires configuration, the fetch primitive, caches, the socket and the
// namespaces (template, entry, entryStatus, group, language, media, widget, typeGenerator).
import type {
  EntryStatus,
  EntryStatusCreateBody,
  Group,
  GroupCreateBody,
  GroupUpdateBody,
  GroupWhereIsItUsedResult,
  Language,
  Template,
  TemplateCreateBody,
  TemplateUpdateBody,
  TemplateWhereIsItUsedResult,
  TypeGeneratorFile,
  Widget,
  WidgetCreateBody,
  WidgetUpdateBody,
  WidgetWhereIsItUsedResult,
} from "@thebcms/types";
import { EntityCache } from "./cache";
import { type BcmsConfig, type PublicBcmsConfig, resolveConfig, toPublicConfig } from "./config";
import { createEntryApi, type EntryApi } from "./entry-api";
import { EntryCache } from "./entry-cache";
import { BcmsResponseError } from "./errors";
import {
  isEntryStatus,
  isGroup,
  isLanguage,
  isTemplate,
  isTypeGeneratorFile,
  isWidget,
} from "./guards";
import { createHttpClient, type RequestOptions } from "./http";
import { isRecord } from "./is-record";
import { registerLiveInvalidation } from "./live-invalidation";
import { createSafeLogger } from "./logger";
import { createMediaApi, type MediaApi } from "./media-api";
import { buildPath } from "./paths";
import { createQueue } from "./queue";
import { createRedactor } from "./redact";
import { createResourceApi, type ReadOptions } from "./resource-api";
import { BcmsSocket } from "./socket";
import { createTemplateResolver } from "./template-resolver";

export interface ReadApi<T> {
  getAll(options?: ReadOptions): Promise<T[]>;
  get(id: string, options?: ReadOptions): Promise<T>;
}

/**
 * The schema writes (BCMS-API §2, bodies from BCMS's types): `POST {kind}/create`; a template
 * is updated at `PUT template/{id}/update`, a group or widget at `PUT {kind}/update` with its
 * `_id` in the body (their update bodies carry it, the template's does not).
 */
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

export interface TypeGeneratorApi {
  /** Generated type files for `ts`, `rust`, `golang` or `gql`. */
  getFiles(lang: string, options?: RequestOptions): Promise<TypeGeneratorFile[]>;
}

export interface BcmsClient {
  /** The configuration without the secret. */
  readonly config: PublicBcmsConfig;
  readonly template: TemplateApi;
  readonly entry: EntryApi;
  readonly entryStatus: EntryStatusApi;
  readonly group: GroupApi;
  readonly language: ReadApi<Language>;
  readonly media: MediaApi;
  readonly widget: WidgetApi;
  readonly typeGenerator: TypeGeneratorApi;
  readonly socket: BcmsSocket;
  /**
   * Resolves with the 2xx status of a cheap authenticated call (`language/all`) when the CMS
   * answers it; rejects with the BcmsError telling why not (its status, a timeout, a fault).
   */
  ping(options?: RequestOptions): Promise<number>;
  /** Drops every memory cache. */
  clearCache(): void;
  /** Disconnects the socket, cancels queued and running requests and drops the caches. */
  close(): void;
}

function stringArray(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === "string")
    : [];
}

export function createBcmsClient(input: BcmsConfig): BcmsClient {
  const config = resolveConfig(input);
  const redact = createRedactor([config.apiKey.secret]);
  const logger = createSafeLogger(config.logger, { debug: config.debug, redact });
  const queue = createQueue({ concurrency: config.maxConcurrentRequests });
  const http = createHttpClient({ config, queue, logger, redact });
  const caching = config.useMemCache;

  function cacheOf<T extends { _id: string }>(): EntityCache<T> | null {
    return caching ? new EntityCache<T>() : null;
  }

  const templateCache = cacheOf<Template>();
  const templates = createResourceApi<Template>({
    http,
    segment: "template",
    guard: isTemplate,
    cache: templateCache,
    logger,
  });
  const groups = createResourceApi<Group>({
    http,
    segment: "group",
    guard: isGroup,
    cache: cacheOf(),
    logger,
  });
  const widgets = createResourceApi<Widget>({
    http,
    segment: "widget",
    guard: isWidget,
    cache: cacheOf(),
    logger,
  });
  const languages = createResourceApi<Language>({
    http,
    segment: "language",
    guard: isLanguage,
    cache: cacheOf(),
    logger,
  });
  const entryStatuses = createResourceApi<EntryStatus>({
    http,
    segment: "entry-status",
    guard: isEntryStatus,
    cache: cacheOf(),
    logger,
  });
  const media = createMediaApi({ config, http, logger });
  const templateResolver = createTemplateResolver({
    // Always a fresh list: the resolver decides when its own copy is stale.
    loadTemplates: () => templates.getAll({ skipCache: true }),
  });
  const entryCache = caching ? new EntryCache() : null;
  const entry = createEntryApi({
    http,
    templates: templateResolver,
    cache: entryCache,
    injectSvgInto: media.injectSvgInto,
    loadGroups: () => groups.getAll(),
    loadWidgets: () => widgets.getAll(),
    loadStatuses: () => entryStatuses.getAll(),
  });

  async function whereIsItUsed(segment: string, id: string, options: RequestOptions = {}) {
    const path = buildPath(segment, id, "where-is-it-used");
    const body = await http.json({ ...options, path });
    if (!isRecord(body)) {
      throw new BcmsResponseError("GET", `${http.basePath}${path}`, 200, "expected an object");
    }
    return body;
  }

  function clearCache(): void {
    templateResolver.invalidate();
    templates.clearCache();
    groups.clearCache();
    widgets.clearCache();
    languages.clearCache();
    entryStatuses.clearCache();
    media.clearCache();
    entryCache?.clear();
  }

  /**
   * A group, widget or status write; drops that kind's cache. A group or widget change also
   * changes the parsed entries that use it, which the socket's events then drop.
   */
  async function schemaWrite<T extends { _id: string }>(
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

  /** A template write changes its schema, so its entries' parsed output too. */
  function afterTemplateWrite(templateId: string): void {
    templateResolver.invalidate();
    templateCache?.remove(templateId);
    templateCache?.invalidateAll();
    entryCache?.dropTemplate(templateId);
  }

  const socket = new BcmsSocket({
    cmsOrigin: config.cmsOrigin,
    apiKey: config.apiKey,
    logger,
    redact,
    connectTimeoutMs: config.socket.connectTimeoutMs,
    initialReconnectDelayMs: config.socket.initialReconnectDelayMs,
    maxReconnectDelayMs: config.socket.maxReconnectDelayMs,
    timers: config.socket.timers,
  });
  // Registered even without enableSocket, so a later socket.connect() keeps caches fresh too.
  const stopInvalidation = registerLiveInvalidation(socket, {
    entries: entry,
    entryCache,
    templates,
    templateResolver,
    groups,
    widgets,
    languages,
    entryStatuses,
    media,
    clearAll: clearCache,
  });
  if (config.enableSocket) {
    // Failures are logged by the socket, which keeps retrying on its own.
    socket.connect().catch(() => {});
  }

  return {
    config: toPublicConfig(config),
    template: {
      getAll: templates.getAll,
      get: templates.get,
      resolve: (idOrName) => templateResolver.resolve(idOrName),
      async create(body, options = {}) {
        const template = await http.item(
          { ...options, method: "POST", path: buildPath("template", "create"), body },
          isTemplate,
        );
        afterTemplateWrite(template._id);
        return template;
      },
      async update(id, body, options = {}) {
        const template = await http.item(
          { ...options, method: "PUT", path: buildPath("template", id, "update"), body },
          isTemplate,
        );
        afterTemplateWrite(template._id);
        return template;
      },
      async delete(id, options = {}) {
        const template = await http.item(
          { ...options, method: "DELETE", path: buildPath("template", id) },
          isTemplate,
        );
        afterTemplateWrite(id);
        return template;
      },
      async whereIsItUsed(id, options) {
        const body = await whereIsItUsed("template", id, options);
        return {
          // BCMS spells it `groupsIds` here; accept the other spelling too.
          groupsIds: stringArray(body.groupsIds ?? body.groupIds),
          templateIds: stringArray(body.templateIds),
          widgetIds: stringArray(body.widgetIds),
        };
      },
    },
    entry,
    entryStatus: {
      getAll: entryStatuses.getAll,
      get: entryStatuses.get,
      create: (body, options) =>
        schemaWrite(
          entryStatuses,
          "POST",
          ["entry-status", "create"],
          body,
          isEntryStatus,
          options,
        ),
    },
    group: {
      getAll: groups.getAll,
      get: groups.get,
      create: (body, options) =>
        schemaWrite(groups, "POST", ["group", "create"], body, isGroup, options),
      update: (body, options) =>
        schemaWrite(groups, "PUT", ["group", "update"], body, isGroup, options),
      async whereIsItUsed(id, options) {
        const body = await whereIsItUsed("group", id, options);
        return {
          groupIds: stringArray(body.groupIds),
          templateIds: stringArray(body.templateIds),
          widgetIds: stringArray(body.widgetIds),
        };
      },
    },
    language: { getAll: languages.getAll, get: languages.get },
    media,
    widget: {
      getAll: widgets.getAll,
      get: widgets.get,
      create: (body, options) =>
        schemaWrite(widgets, "POST", ["widget", "create"], body, isWidget, options),
      update: (body, options) =>
        schemaWrite(widgets, "PUT", ["widget", "update"], body, isWidget, options),
      async whereIsItUsed(id, options) {
        const body = await whereIsItUsed("widget", id, options);
        return { entryIds: stringArray(body.entryIds) };
      },
    },
    typeGenerator: {
      getFiles: (lang, options) =>
        http.items(buildPath("type-generator", lang), isTypeGeneratorFile, options),
    },
    socket,
    async ping(options = {}) {
      const response = await http.stream({ ...options, path: buildPath("language", "all") });
      // Only the answer counts, not the list.
      await response.body?.cancel();
      return response.status;
    },
    clearCache,
    close() {
      stopInvalidation();
      socket.dispose();
      queue.cancelAll();
      clearCache();
    },
  };
}
