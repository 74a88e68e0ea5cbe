// Client configuration with its defaults, validated once at creation.
import { BcmsConfigError } from "./errors";
import { type BcmsLogger, consoleLogger } from "./logger";

/** BCMS hosted app; also the default content-service origin. */
export const DEFAULT_CMS_ORIGIN = "https://app.thebcms.com";
/** Content request timeout. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 60_000;
/** Requests in flight at once; the rest wait in the queue (prerendering issues many calls). */
export const DEFAULT_MAX_CONCURRENT_REQUESTS = 8;

export interface BcmsApiKey {
  id: string;
  secret: string;
}

/** Where a BCMS instance answers and the key to it, as settings and scripts name them. */
export interface BcmsInstance {
  origin: string;
  orgId: string;
  instanceId: string;
  apiKey: BcmsApiKey;
}

/** The client configuration of an instance, with the other options as given. */
export function instanceConfig(
  instance: BcmsInstance,
  options: Omit<BcmsConfig, "orgId" | "instanceId" | "apiKey" | "cmsOrigin"> = {},
): BcmsConfig {
  return {
    orgId: instance.orgId,
    instanceId: instance.instanceId,
    apiKey: instance.apiKey,
    cmsOrigin: instance.origin,
    ...options,
  };
}

/** Socket tuning; the defaults are socket.ts's constants. Tests inject timers. */
export interface BcmsSocketConfig {
  connectTimeoutMs?: number;
  initialReconnectDelayMs?: number;
  maxReconnectDelayMs?: number;
  timers?: SocketTimers;
}

export interface BcmsConfig {
  orgId: string;
  instanceId: string;
  apiKey: BcmsApiKey;
  /** Default https://app.thebcms.com */
  cmsOrigin?: string;
  /** Keep fetched content in memory; invalidated live from socket events. Default false. */
  useMemCache?: boolean;
  /** Log every request and socket event at debug level. Default false. */
  debug?: boolean;
  /** Connect the socket at creation and keep it connected. Default false. */
  enableSocket?: boolean;
  /** Fetch SVG markup into `svg` of parsed media. Default false (the site turns it on). */
  injectSvg?: boolean;
  /** Per-request timeout. Default 60000 ms. */
  timeoutMs?: number;
  /** Default: console. Every line goes through redaction. */
  logger?: BcmsLogger;
  /** Default 8. */
  maxConcurrentRequests?: number;
  socket?: BcmsSocketConfig;
}

export interface ResolvedBcmsConfig {
  orgId: string;
  instanceId: string;
  apiKey: BcmsApiKey;
  cmsOrigin: string;
  useMemCache: boolean;
  debug: boolean;
  enableSocket: boolean;
  injectSvg: boolean;
  timeoutMs: number;
  logger: BcmsLogger;
  maxConcurrentRequests: number;
  socket: BcmsSocketConfig;
}

/** What the client exposes about its configuration: everything but the secret. */
export type PublicBcmsConfig = Omit<ResolvedBcmsConfig, "apiKey" | "logger" | "socket"> & {
  apiKeyId: string;
};

function requireText(value: unknown, name: string, problems: string[]): string {
  if (typeof value !== "string" || value.trim().length === 0) {
    problems.push(`${name} must be a non-empty string`);
    return "";
  }
  return value.trim();
}

function optionalPositive(value: unknown, name: string, fallback: number, problems: string[]) {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0) {
    problems.push(`${name} must be a positive number`);
    return fallback;
  }
  return value;
}

function normaliseOrigin(value: unknown, problems: string[]): string {
  if (value === undefined) return DEFAULT_CMS_ORIGIN;
  if (typeof value !== "string") {
    problems.push("cmsOrigin must be a URL string");
    return DEFAULT_CMS_ORIGIN;
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    problems.push("cmsOrigin must be an absolute http(s) URL");
    return DEFAULT_CMS_ORIGIN;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    problems.push("cmsOrigin must use http or https");
  }
  if (url.username || url.password || url.search || url.hash) {
    problems.push("cmsOrigin must not carry credentials, a query or a fragment");
  }
  // Keep a base path if one is given (a proxy mount), drop the trailing slash.
  return `${url.origin}${url.pathname}`.replace(/\/+$/, "");
}

/** Applies the defaults and validates; throws one BcmsConfigError listing every problem. */
export function resolveConfig(input: BcmsConfig): ResolvedBcmsConfig {
  const problems: string[] = [];
  const orgId = requireText(input?.orgId, "orgId", problems);
  const instanceId = requireText(input?.instanceId, "instanceId", problems);
  const keyId = requireText(input?.apiKey?.id, "apiKey.id", problems);
  // The secret is checked but never trimmed or echoed.
  const secret = input?.apiKey?.secret;
  if (typeof secret !== "string" || secret.length === 0) {
    problems.push("apiKey.secret must be a non-empty string");
  }
  const cmsOrigin = normaliseOrigin(input?.cmsOrigin, problems);
  const timeoutMs = optionalPositive(
    input?.timeoutMs,
    "timeoutMs",
    DEFAULT_REQUEST_TIMEOUT_MS,
    problems,
  );
  const maxConcurrentRequests = Math.floor(
    optionalPositive(
      input?.maxConcurrentRequests,
      "maxConcurrentRequests",
      DEFAULT_MAX_CONCURRENT_REQUESTS,
      problems,
    ),
  );
  if (problems.length > 0) {
    throw new BcmsConfigError(`Invalid BCMS client configuration: ${problems.join("; ")}`);
  }
  return {
    orgId,
    instanceId,
    apiKey: { id: keyId, secret: secret as string },
    cmsOrigin,
    useMemCache: input.useMemCache === true,
    debug: input.debug === true,
    enableSocket: input.enableSocket === true,
    injectSvg: input.injectSvg === true,
    timeoutMs,
    logger: input.logger ?? consoleLogger,
    maxConcurrentRequests: Math.max(1, maxConcurrentRequests),
    socket: input.socket ?? {},
  };
}

export function toPublicConfig(config: ResolvedBcmsConfig): PublicBcmsConfig {
  return {
    orgId: config.orgId,
    instanceId: config.instanceId,
    apiKeyId: config.apiKey.id,
    cmsOrigin: config.cmsOrigin,
    useMemCache: config.useMemCache,
    debug: config.debug,
    enableSocket: config.enableSocket,
    injectSvg: config.injectSvg,
    timeoutMs: config.timeoutMs,
    maxConcurrentRequests: config.maxConcurrentRequests,
  };
}

/** Timer functions, injectable so the reconnect schedule can be tested without waiting. */
export interface SocketTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}
