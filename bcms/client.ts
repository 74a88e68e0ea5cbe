// createBcmsClient: wires configuration, the fetch primitive, caches, the socket and the
// namespaces (template, entry, entryStatus, group, language, media, widget, typeGenerator).
import type {
  EntryStatus,
  Group,
  Language,
  Template,
  TypeGeneratorFile,
  Widget,
} from "@thebcms/types";
import { EntityCache } from "./cache";
import {
  type BcmsConfig,
  type PublicBcmsConfig,
  type ResolvedBcmsConfig,
  resolveConfig,
  toPublicConfig,
} from "./config";
import { createEntryApi, type EntryApi } from "./entry-api";
import { EntryCache } from "./entry-cache";
import {
  isEntryStatus,
  isGroup,
  isLanguage,
  isTemplate,
  isTypeGeneratorFile,
  isWidget,
} from "./guards";
import { createHttpClient, type HttpClient, type RequestOptions } from "./http";
import { registerLiveInvalidation } from "./live-invalidation";
import { type BcmsLogger, createSafeLogger } from "./logger";
import { createMediaApi, type MediaApi } from "./media-api";
import { buildPath } from "./paths";
import { createQueue } from "./queue";
import { createRedactor, type Redactor } from "./redact";
import { createResourceApi, type ResourceApi } from "./resource-api";
import {
  createEntryStatusApi,
  createGroupApi,
  createTemplateApi,
  createWidgetApi,
  type EntryStatusApi,
  type GroupApi,
  type ReadApi,
  type TemplateApi,
  type WidgetApi,
} from "./schema-api";
import { BcmsSocket } from "./socket";
import { createTemplateResolver } from "./template-resolver";

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

/** The read APIs of the simple kinds, each with its cache (none without the memory cache). */
interface ResourceApis {
  templateCache: EntityCache<Template> | null;
  templates: ResourceApi<Template>;
  groups: ResourceApi<Group>;
  widgets: ResourceApi<Widget>;
  languages: ResourceApi<Language>;
  entryStatuses: ResourceApi<EntryStatus>;
}

function createResourceApis(http: HttpClient, logger: BcmsLogger, caching: boolean): ResourceApis {
  function cacheOf<T extends { _id: string }>(): EntityCache<T> | null {
    return caching ? new EntityCache<T>() : null;
  }
  const templateCache = cacheOf<Template>();
  return {
    templateCache,
    templates: createResourceApi<Template>({
      http,
      segment: "template",
      guard: isTemplate,
      cache: templateCache,
      logger,
    }),
    groups: createResourceApi<Group>({
      http,
      segment: "group",
      guard: isGroup,
      cache: cacheOf(),
      logger,
    }),
    widgets: createResourceApi<Widget>({
      http,
      segment: "widget",
      guard: isWidget,
      cache: cacheOf(),
      logger,
    }),
    languages: createResourceApi<Language>({
      http,
      segment: "language",
      guard: isLanguage,
      cache: cacheOf(),
      logger,
    }),
    entryStatuses: createResourceApi<EntryStatus>({
      http,
      segment: "entry-status",
      guard: isEntryStatus,
      cache: cacheOf(),
      logger,
    }),
  };
}

function createSocket(
  config: ResolvedBcmsConfig,
  logger: BcmsLogger,
  redact: Redactor,
): BcmsSocket {
  return new BcmsSocket({
    cmsOrigin: config.cmsOrigin,
    apiKey: config.apiKey,
    logger,
    redact,
    connectTimeoutMs: config.socket.connectTimeoutMs,
    initialReconnectDelayMs: config.socket.initialReconnectDelayMs,
    maxReconnectDelayMs: config.socket.maxReconnectDelayMs,
    timers: config.socket.timers,
  });
}

export function createBcmsClient(input: BcmsConfig): BcmsClient {
  const config = resolveConfig(input);
  const redact = createRedactor([config.apiKey.secret]);
  const logger = createSafeLogger(config.logger, { debug: config.debug, redact });
  const queue = createQueue({ concurrency: config.maxConcurrentRequests });
  const http = createHttpClient({ config, queue, logger, redact });
  const resources = createResourceApis(http, logger, config.useMemCache);
  const { templates, groups, widgets, languages, entryStatuses } = resources;
  const media = createMediaApi({ config, http, logger });
  const templateResolver = createTemplateResolver({
    // Always a fresh list: the resolver decides when its own copy is stale.
    loadTemplates: () => templates.getAll({ skipCache: true }),
  });
  const entryCache = config.useMemCache ? new EntryCache() : null;
  const entry = createEntryApi({
    http,
    templates: templateResolver,
    cache: entryCache,
    injectSvgInto: media.injectSvgInto,
    loadGroups: () => groups.getAll(),
    loadWidgets: () => widgets.getAll(),
    loadStatuses: () => entryStatuses.getAll(),
  });

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

  const socket = createSocket(config, logger, redact);
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
    template: createTemplateApi({
      http,
      templates,
      templateCache: resources.templateCache,
      templateResolver,
      entryCache,
    }),
    entry,
    entryStatus: createEntryStatusApi(http, entryStatuses),
    group: createGroupApi(http, groups),
    language: { getAll: languages.getAll, get: languages.get },
    media,
    widget: createWidgetApi(http, widgets),
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
