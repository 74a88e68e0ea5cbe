// The BCMS v3 library: a small, strict, server-side client (createBcmsClient) and the pure
// helpers shared with the content server and the app (validation, media URLs, images).
export { EntityCache } from "./cache";
export { type BcmsClient, createBcmsClient, type TypeGeneratorApi } from "./client";
export {
  type BcmsApiKey,
  type BcmsConfig,
  type BcmsInstance,
  type BcmsSocketConfig,
  DEFAULT_CMS_ORIGIN,
  DEFAULT_MAX_CONCURRENT_REQUESTS,
  DEFAULT_REQUEST_TIMEOUT_MS,
  instanceConfig,
  type PublicBcmsConfig,
  type ResolvedBcmsConfig,
  resolveConfig,
  type SocketTimers,
} from "./config";
export type { EntryApi } from "./entry-api";
export {
  EntryCache,
  parsedEntryReferencesEntry,
  parsedEntryReferencesMedia,
  parsedEntryReferencesTemplate,
} from "./entry-cache";
export {
  BcmsCanceledError,
  BcmsConfigError,
  BcmsError,
  type BcmsErrorDetails,
  type BcmsErrorKind,
  BcmsMediaTypeError,
  BcmsNetworkError,
  BcmsResponseError,
  BcmsSocketError,
  BcmsTemplateNotFoundError,
  BcmsTimeoutError,
  BcmsValidationError,
  QUEUE_ITEM_CANCELED_MESSAGE,
  templateNotFoundMessage,
} from "./errors";
export type { HttpMethod, RequestOptions } from "./http";
export {
  buildSrcSet,
  deriveHeight,
  formatSrcSet,
  IMAGE_MEDIA_TYPES,
  isImageMediaType,
  mediaNotImageMessage,
  type PickedSizeTransform,
  type PickSizeTransformInput,
  parseSizeTransform,
  pickSizeTransform,
  type SrcSetCandidate,
  type SrcSetInput,
  type TransformSize,
} from "./image";
export {
  CONTENT_EVENT_NAMES,
  type ContentEvent,
  type ContentEventName,
  isContentEventName,
  parseContentEvent,
} from "./live-invalidation";
export { type BcmsLogger, consoleLogger, silentLogger } from "./logger";
export {
  BCMS_CDN_ORIGIN,
  BCMS_HOSTED_APP_ORIGIN,
  buildMediaBinUrl,
  buildMediaProxyUrl,
  MEDIA_FLAG_TRUE,
  type MediaBinOptions,
  mediaBinQuery,
  mediaBinQueryString,
  resolveBinOrigin,
  resolveMediaPath,
  webpFilename,
} from "./media";
export type { BcmsMedia, MediaApi, MediaBinFetchOptions } from "./media-api";
export { API_PREFIX, buildPath, encodePathSegment, instanceBasePath } from "./paths";
export { createQueue, type Queue, QueueCanceledError, type QueueHandle } from "./queue";
export { createRedactor, REDACTED } from "./redact";
export type { ReadOptions } from "./resource-api";
export type { GroupApi, ReadApi, TemplateApi, WidgetApi } from "./schema-api";
export {
  BcmsSocket,
  type BcmsSocketOptions,
  buildSocketUrl,
  describeSocketUrl,
  SOCKET_CONNECT_TIMEOUT_MS,
  SOCKET_CONNECTION_EVENT,
  SOCKET_DISCONNECTED_MESSAGE,
  SOCKET_HANDLER_FAILED_MESSAGE,
  SOCKET_INVALID_MESSAGE,
  SOCKET_PATH,
  SOCKET_RECONNECT_INITIAL_DELAY_MS,
  SOCKET_RECONNECT_MAX_DELAY_MS,
  type SocketEventHandler,
  type SocketState,
} from "./socket";
export { assertSvgMedia, collectSvgMedia, injectSvg, MEDIA_NOT_SVG_MESSAGE } from "./svg";
export { TEMPLATE_LIST_MAX_AGE_MS } from "./template-resolver";
export {
  arrayTypeMessage,
  buildEntryCreateBody,
  buildEntryUpdateBody,
  DATE_VALUE_MESSAGE,
  describeEntry,
  ENTRY_POINTER_VALUE_MESSAGE,
  type EntryCreateInput,
  type EntryUpdateInput,
  entryStatusNotFoundMessage,
  enumValueNotAllowedMessage,
  groupNotFoundMessage,
  MEDIA_VALUE_MESSAGE,
  MISSING_REQUIRED_VALUE_MESSAGE,
  OBJECT_VALUE_MESSAGE,
  plainTextFromNodes,
  RICH_TEXT_VALUE_MESSAGE,
  toRawPropValues,
  typeMismatchMessage,
  UNKNOWN_PROPERTY_MESSAGE,
  unsupportedPropTypeMessage,
  widgetNotFoundMessage,
} from "./validation";
