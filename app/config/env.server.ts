// Runtime configuration, read once from the environment and validated with one clear
// message per problem. With BCMS_ORIGIN unset the site reads the embedded local content
// service (content-server/) with the local identity of local-content.ts. The only reader
// of the environment: the site, its scripts and the content service take settings from it.
import { z } from "zod";
import {
  DEFAULT_CONTENT_CACHE_DIR,
  DEFAULT_CONTENT_DIR,
  DEFAULT_CONTENT_HOST,
  DEFAULT_CONTENT_PORT,
  LOCAL_CONTENT_IDENTITY,
} from "./local-content";
import { LOGIN_URL } from "./site";
import { readWebhookSecret } from "./webhook-secret";

export { DEFAULT_CONTENT_PORT, LOCAL_CONTENT_IDENTITY };

export const DEFAULT_PORT = 3000;
/** The Prometheus listener's port: the one OpenTelemetry's Prometheus exporter uses. */
export const DEFAULT_METRICS_PORT = 9464;
/** Metrics stay on the machine unless the operator opens them wider. */
export const DEFAULT_METRICS_HOST = "127.0.0.1";
/** From the most to the least verbose. */
export const LOG_LEVELS = ["debug", "info", "warn", "error"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export const DEFAULT_SITE_ORIGIN = "https://id5.io";
export const DEFAULT_DATA_DIR = ".data";
/** Delivered submissions keep their personal data this long (days). */
export const DEFAULT_FORMS_RETENTION_DAYS = 90;
/** Submissions one client address may send to one form per hour. */
export const DEFAULT_FORMS_RATE_LIMIT = 20;
/** Every fast-path request has its access line unless the operator samples them. */
export const DEFAULT_ACCESS_LOG_SAMPLE = 1;
/**
 * The render thread's old generation, in MB: it holds the content and React's code (about
 * 30 MB live for the seed site; with 10,000 articles the parsed news list alone is 77 MB);
 * with V8's default the process went past its 300 MB budget under the flood benchmark
 * (decision 0015).
 */
export const DEFAULT_RENDER_THREAD_HEAP_MB = 128;
/** Seconds a person needs at least between receiving a form and sending it. */
export const DEFAULT_FORMS_MIN_SUBMIT_SECONDS = 3;
/** A submission not delivered after this many hours is dead-lettered. */
export const DEFAULT_FORMS_DELIVERY_MAX_AGE_HOURS = 72;
/** One delivery attempt's time limit (seconds); a claim on a submission lasts twice that. */
export const DEFAULT_FORMS_DELIVERY_TIMEOUT_SECONDS = 10;
/** Who may frame the embedded agreement page besides the site: the console the Login link opens. */
export const DEFAULT_EMBED_FRAME_ANCESTORS: readonly string[] = [new URL(LOGIN_URL).origin];
export const EMBED_FRAME_ANCESTORS_PROBLEM =
  "EMBED_FRAME_ANCESTORS must be origins such as https://console.id5.io, separated by spaces";
/** The status (id or label, any case) that makes an entry public. */
export const DEFAULT_PUBLIC_STATUS = "Published";
/** Who may frame a preview: BCMS's own app, where editors open it. */
export const DEFAULT_PREVIEW_FRAME_ANCESTORS: readonly string[] = ["https://app.thebcms.com"];
export const PREVIEW_FRAME_ANCESTORS_PROBLEM =
  "PREVIEW_FRAME_ANCESTORS must be origins such as https://app.thebcms.com, separated by spaces";
/** Far more proxies than any deployment chains; a larger count is a typing error. */
export const MAX_TRUSTED_PROXY_HOPS = 10;
const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/;

/**
 * Who says where a request came from. `hops`: the proxies in front of the site, each of
 * which appends the address it saw to X-Forwarded-For (0: none; the socket's peer is the
 * client). `clientIpHeader`: a header the edge sets to the visitor's address (such as
 * CF-Connecting-IP), which then decides.
 */
export interface ProxyTrust {
  hops: number;
  clientIpHeader?: string;
}

/**
 * PostgreSQL connections one instance holds at most: every request that stores, the outbox
 * and the rate limits share them. Several instances multiply it (mind max_connections).
 */
export const DEFAULT_DATABASE_POOL_SIZE = 10;
/**
 * The longest a store statement may run before PostgreSQL cancels it (seconds): a request
 * or the outbox never waits on a stuck query for longer. Migrations and their lock have none.
 */
export const DEFAULT_DATABASE_STATEMENT_TIMEOUT_SECONDS = 10;
/** A token that guards link creation and revocation must not be guessable. */
export const MIN_PREVIEW_API_TOKEN_LENGTH = 32;
/** The editors' desk's password: long enough that the rate limit makes guessing hopeless. */
export const MIN_DESK_PASSWORD_LENGTH = 16;

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

/** A whole-number setting in [min, max]; unset or empty: the fallback. */
const wholeNumber = (fallback: number, min: number, max: number, problem: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "") return fallback;
      const n = Number(v);
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: "custom", message: problem });
        return z.NEVER;
      }
      return n;
    });

const port = (name: string, fallback: number) =>
  wholeNumber(fallback, 0, 65535, `${name} must be a port number (0-65535)`);

const positiveInteger = (name: string, fallback: number, min = 1) =>
  wholeNumber(
    fallback,
    min,
    Number.MAX_SAFE_INTEGER,
    `${name} must be a whole number of at least ${min}`,
  );

const originLike = (name: string) =>
  optionalString.refine(
    (v) => {
      if (v === undefined) return true;
      try {
        const u = new URL(v);
        return (u.protocol === "http:" || u.protocol === "https:") && u.pathname === "/";
      } catch {
        return false;
      }
    },
    { message: `${name} must be an origin such as https://example.com (no path)` },
  );

/** A dashboard URL pattern: an http(s) URL once its placeholders are filled in. */
function isHttpUrlPattern(value: string): boolean {
  const filled = value.replace(/\{(org|instance|template|entry)\}/g, "x");
  if (!URL.canParse(filled)) return false;
  const url = new URL(filled);
  return (url.protocol === "https:" || url.protocol === "http:") && !hasCredentials(url);
}

/** `https://host[:port]` (a leading `*.` label allowed, as CSP allows it), nothing more. */
const FRAME_ANCESTOR_HOST = /^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/;

function frameAncestorOrigin(value: string): string | undefined {
  if (!URL.canParse(value)) return undefined;
  const url = new URL(value);
  const plain =
    (url.protocol === "https:" || url.protocol === "http:") &&
    url.username === "" &&
    url.password === "" &&
    url.pathname === "/" &&
    url.search === "" &&
    url.hash === "" &&
    !value.includes("?") &&
    !value.includes("#");
  return plain && FRAME_ANCESTOR_HOST.test(url.host) ? `${url.protocol}//${url.host}` : undefined;
}

/** Space-separated origins; unset or empty: the default. */
const frameAncestors = (fallback: readonly string[], problem: string) =>
  optionalString.transform((v, ctx) => {
    if (v === undefined) return [...fallback];
    const origins = v.split(/\s+/).map((origin) => [origin, frameAncestorOrigin(origin)] as const);
    const wrong = origins.filter(([, origin]) => origin === undefined).map(([given]) => given);
    if (wrong.length > 0) {
      ctx.addIssue({ code: "custom", message: `${problem} (not: ${wrong.join(" ")})` });
      return z.NEVER;
    }
    return [...new Set(origins.map(([, origin]) => origin as string))];
  });

export const DATABASE_URL_EXAMPLE = "postgres://user:password@db.example:5432/site";

/**
 * What is wrong with a DATABASE_URL, one message per problem (none: usable). The password
 * is never quoted back.
 */
export function databaseUrlProblems(value: string): string[] {
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(value) || !URL.canParse(value)) {
    return [`DATABASE_URL must be a PostgreSQL URL such as ${DATABASE_URL_EXAMPLE}`];
  }
  const url = new URL(value);
  if (url.protocol !== "postgres:" && url.protocol !== "postgresql:") {
    return [
      `DATABASE_URL must start with postgres:// or postgresql:// (not ${url.protocol}//); the site stores in PostgreSQL, or in SQLite when DATABASE_URL is unset`,
    ];
  }
  const problems: string[] = [];
  if (!url.hostname) problems.push(`DATABASE_URL names no host (${DATABASE_URL_EXAMPLE})`);
  if (url.pathname.replace(/^\//, "") === "") {
    problems.push(
      `DATABASE_URL names no database: add its name as the path (${DATABASE_URL_EXAMPLE})`,
    );
  }
  return problems;
}

const databaseUrl = optionalString.superRefine((v, ctx) => {
  if (v === undefined) return;
  for (const message of databaseUrlProblems(v)) ctx.addIssue({ code: "custom", message });
});

const envSchema = z.object({
  DATABASE_URL: databaseUrl,
  DATABASE_POOL_SIZE: wholeNumber(
    DEFAULT_DATABASE_POOL_SIZE,
    1,
    1000,
    "DATABASE_POOL_SIZE must be a whole number of connections from 1 to 1000",
  ),
  DATABASE_STATEMENT_TIMEOUT_SECONDS: wholeNumber(
    DEFAULT_DATABASE_STATEMENT_TIMEOUT_SECONDS,
    1,
    600,
    "DATABASE_STATEMENT_TIMEOUT_SECONDS must be a whole number of seconds from 1 to 600",
  ),
  NODE_ENV: optionalString,
  BCMS_ORIGIN: originLike("BCMS_ORIGIN"),
  BCMS_ORG_ID: optionalString,
  BCMS_INSTANCE_ID: optionalString,
  BCMS_API_KEY_ID: optionalString,
  BCMS_API_KEY_SECRET: optionalString,
  CONTENT_DIR: optionalString,
  CONTENT_PORT: port("CONTENT_PORT", DEFAULT_CONTENT_PORT),
  CONTENT_HOST: optionalString,
  CONTENT_CACHE_DIR: optionalString,
  LOG_LEVEL: optionalString.refine((v) => v === undefined || LOG_LEVELS.includes(v as LogLevel), {
    message: `LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}`,
  }),
  ACCESS_LOG_SAMPLE: positiveInteger("ACCESS_LOG_SAMPLE", DEFAULT_ACCESS_LOG_SAMPLE),
  PORT: port("PORT", DEFAULT_PORT),
  METRICS_PORT: port("METRICS_PORT", DEFAULT_METRICS_PORT),
  METRICS_HOST: optionalString,
  SITE_ORIGIN: originLike("SITE_ORIGIN"),
  GTM_ID: optionalString.refine((v) => v === undefined || /^GTM-[A-Z0-9]+$/.test(v), {
    message: "GTM_ID must look like GTM-XXXXXXX",
  }),
  FORMS_WEBHOOK_URL: optionalString.refine(
    (v) => v === undefined || (URL.canParse(v) && /^https?:$/.test(new URL(v).protocol)),
    { message: "FORMS_WEBHOOK_URL must be an http(s) URL" },
  ),
  FORMS_WEBHOOK_SECRET: optionalString.superRefine((v, ctx) => {
    const reading = v === undefined ? undefined : readWebhookSecret(v);
    if (reading && "problem" in reading) ctx.addIssue({ code: "custom", message: reading.problem });
  }),
  FORMS_SIGNING_SECRET: optionalString.refine((v) => v === undefined || v.length >= 16, {
    message: "FORMS_SIGNING_SECRET must be at least 16 characters",
  }),
  FORMS_SIGNING_SECRET_PREVIOUS: optionalString.refine((v) => v === undefined || v.length >= 16, {
    message: "FORMS_SIGNING_SECRET_PREVIOUS must be at least 16 characters",
  }),
  FORMS_RETENTION_DAYS: positiveInteger("FORMS_RETENTION_DAYS", DEFAULT_FORMS_RETENTION_DAYS),
  FORMS_RATE_LIMIT: positiveInteger("FORMS_RATE_LIMIT", DEFAULT_FORMS_RATE_LIMIT),
  FORMS_MIN_SUBMIT_SECONDS: positiveInteger(
    "FORMS_MIN_SUBMIT_SECONDS",
    DEFAULT_FORMS_MIN_SUBMIT_SECONDS,
    0,
  ),
  FORMS_DELIVERY_MAX_AGE_HOURS: positiveInteger(
    "FORMS_DELIVERY_MAX_AGE_HOURS",
    DEFAULT_FORMS_DELIVERY_MAX_AGE_HOURS,
  ),
  FORMS_DELIVERY_TIMEOUT_SECONDS: wholeNumber(
    DEFAULT_FORMS_DELIVERY_TIMEOUT_SECONDS,
    1,
    300,
    "FORMS_DELIVERY_TIMEOUT_SECONDS must be a whole number of seconds from 1 to 300",
  ),
  DATA_DIR: optionalString,
  EMBED_FRAME_ANCESTORS: frameAncestors(
    DEFAULT_EMBED_FRAME_ANCESTORS,
    EMBED_FRAME_ANCESTORS_PROBLEM,
  ),
  PUBLIC_STATUS: optionalString,
  PREVIEW_API_TOKEN: optionalString.refine(
    (v) => v === undefined || v.length >= MIN_PREVIEW_API_TOKEN_LENGTH,
    { message: `PREVIEW_API_TOKEN must be at least ${MIN_PREVIEW_API_TOKEN_LENGTH} characters` },
  ),
  PREVIEW_DESK_PASSWORD: optionalString.refine(
    (v) => v === undefined || v.length >= MIN_DESK_PASSWORD_LENGTH,
    { message: `PREVIEW_DESK_PASSWORD must be at least ${MIN_DESK_PASSWORD_LENGTH} characters` },
  ),
  PREVIEW_FRAME_ANCESTORS: frameAncestors(
    DEFAULT_PREVIEW_FRAME_ANCESTORS,
    PREVIEW_FRAME_ANCESTORS_PROBLEM,
  ),
  BCMS_DASHBOARD_URL: optionalString.refine((v) => v === undefined || isHttpUrlPattern(v), {
    message:
      "BCMS_DASHBOARD_URL must be an http(s) URL, with {org} {instance} {template} {entry} where the ids go",
  }),
  PUBLISHED_VERSIONS_FILE: optionalString,
  CONTENT_SHOWN_AT: optionalString,
  HOST: optionalString,
  BUILD_ID: optionalString,
  TRUST_PROXY: wholeNumber(
    0,
    0,
    MAX_TRUSTED_PROXY_HOPS,
    `TRUST_PROXY must be the number of proxies in front of the site (0-${MAX_TRUSTED_PROXY_HOPS})`,
  ),
  CLIENT_IP_HEADER: optionalString.refine((v) => v === undefined || HEADER_NAME.test(v), {
    message: "CLIENT_IP_HEADER must be a header name such as CF-Connecting-IP",
  }),
  RENDER_THREAD_HEAP_MB: positiveInteger(
    "RENDER_THREAD_HEAP_MB",
    DEFAULT_RENDER_THREAD_HEAP_MB,
    64,
  ),
  PURGE_URL: optionalString
    .refine((v) => v === undefined || (URL.canParse(v) && /^https?:$/.test(new URL(v).protocol)), {
      message: "PURGE_URL must be an http(s) URL",
    })
    // fetch refuses such a URL and its error, which quotes it, would reach the log.
    .refine((v) => v === undefined || !URL.canParse(v) || !hasCredentials(new URL(v)), {
      message:
        "PURGE_URL must not carry a user name or password: put the relay's secret in PURGE_TOKEN",
    }),
  PURGE_TOKEN: optionalString,
  CONTENT_TAGS_FILE: optionalString,
});

/** Every variable the parser reads (the README's configuration table lists the operator's). */
export const ENV_VARIABLES = Object.keys(envSchema.shape) as readonly string[];
/** Variables the build sets for its own processes: not operator settings. */
export const BUILD_INTERNAL_VARIABLES: readonly string[] = [
  "PUBLISHED_VERSIONS_FILE",
  "CONTENT_TAGS_FILE",
  "CONTENT_SHOWN_AT",
];

const REMOTE_CMS_VARIABLES = [
  "BCMS_ORG_ID",
  "BCMS_INSTANCE_ID",
  "BCMS_API_KEY_ID",
  "BCMS_API_KEY_SECRET",
] as const;

export interface SiteEnv {
  /** True when the embedded local content service must be started. */
  embeddedContent: boolean;
  bcms: {
    origin: string;
    orgId: string;
    instanceId: string;
    apiKey: { id: string; secret: string };
  };
  contentDir: string;
  contentPort: number;
  /** Where the embedded content service listens (loopback unless set). */
  contentHost: string;
  /** Where the embedded content service keeps its media transforms. */
  contentCacheDir: string;
  /** The lowest level of log line written. */
  logLevel: LogLevel;
  /**
   * One in this many requests answered by the fast path (prerendered pages and static files,
   * always a 200 or 304) has its access line; every other request always has one.
   */
  accessLogSample: number;
  port: number;
  /** Address the site listens on; unset: every interface. */
  host?: string;
  /** Where `/metrics` (Prometheus text) is answered, apart from the site; port 0: nowhere. */
  metrics: { port: number; host: string };
  /** A build id chosen by the operator (else derived from the build's assets). */
  buildId?: string;
  siteOrigin: string;
  gtmId?: string;
  /** Where submissions are stored: {dataDir}/forms.db (and the generated signing key). */
  dataDir: string;
  /**
   * PostgreSQL for what must not be lost or must be shared (submissions, the outbox, rate
   * limits, the signing key), for several instances; unset: SQLite in dataDir.
   */
  databaseUrl?: string;
  /** PostgreSQL connections this instance holds at most. */
  databasePoolSize: number;
  /** The longest one of the store's statements may run (migrations and their lock excepted). */
  databaseStatementTimeoutSeconds: number;
  /** NODE_ENV is `development` (the dev server): the content client keeps its own socket. */
  development: boolean;
  forms: FormsSettings;
  /** The proxies in front of the site, for the client's address and scheme. */
  trustProxy: ProxyTrust;
  /** The render thread's old generation at most, in MB (past it the thread is started again). */
  renderThreadHeapMb: number;
  /** Origins that may frame the embedded agreement page (its CSP frame-ancestors, with 'self'). */
  embedFrameAncestors: readonly string[];
  /** Called (POST, JSON `{tags}`) with the content tags of every change, for a CDN purge. */
  purgeUrl?: string;
  /** Sent to PURGE_URL as `Authorization: Bearer …`, so that only the site may purge. */
  purgeToken?: string;
  /**
   * The status that makes an entry public: an id or a label, compared without regard to
   * case. An entry with no status at all is public too.
   */
  publicStatus: string;
  preview: PreviewSettings;
  /**
   * Set by the build for prerendering: the published versions of reworked entries, read
   * from the site's store before and written back after (app/content/last-public-versions.ts).
   * Not an operator setting.
   */
  publishedVersionsFile?: string;
  /**
   * Set by the build for prerendering: each prerendered answer's content tags are appended
   * here (app/content/content-tags.server.ts). Not an operator setting.
   */
  contentTagsFile?: string;
  /**
   * Set by the build for its processes: the instant (ms) whose view of the content every
   * prerendered page shows (publish_at, unpublish_at), the one its record of versions is
   * of. Not an operator setting.
   */
  contentShownAt?: number;
}

export interface PreviewSettings {
  /** Authorises the preview-link endpoint (Bearer); unset: the endpoint answers 404. */
  apiToken?: string;
  /** Opens the editors' desk at /_preview/; unset: the desk is off. */
  deskPassword?: string;
  /** Origins that may frame a preview (the CMS), as CSP frame-ancestors. */
  frameAncestors: readonly string[];
  /**
   * Where an entry opens in the CMS's dashboard, with `{org}`, `{instance}`, `{template}`
   * and `{entry}` put in; unset: a preview's source labels show the ids instead.
   */
  dashboardUrl?: string;
}

export interface FormsSettings {
  webhookUrl?: string;
  webhookSecret?: string;
  /** Signs form stamps and download links; generated into dataDir when unset. */
  signingSecret?: string;
  /**
   * The secret `signingSecret` replaced: what it signed is still taken for a while
   * (tokens.server.ts PREVIOUS_KEY_STAMP_MS).
   */
  previousSigningSecret?: string;
  retentionDays: number;
  ratePerHour: number;
  minSubmitSeconds: number;
  deliveryMaxAgeHours: number;
  /** One delivery attempt's time limit; an instance's claim on a submission lasts twice that. */
  deliveryTimeoutSeconds: number;
}

/** Where the site reads the embedded content service (always on loopback). */
function embeddedContentOrigin(port: number): string {
  return `http://127.0.0.1:${port}`;
}

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "EnvError";
  }
}

/** Parses an environment; throws EnvError listing every problem. */
function hasCredentials(url: URL): boolean {
  return url.username !== "" || url.password !== "";
}

/** Loopback hosts, where plain http never leaves the machine. */
const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** PURGE_TOKEN would cross a network in clear: plain http to a host that is not loopback. */
function purgeTokenInClear(source: Record<string, string | undefined>): boolean {
  const url = source.PURGE_URL?.trim();
  if (!url || !source.PURGE_TOKEN?.trim() || !URL.canParse(url)) return false;
  const parsed = new URL(url);
  return parsed.protocol === "http:" && !LOOPBACK_HOSTS.has(parsed.hostname);
}

export function parseEnv(source: Record<string, string | undefined>): SiteEnv {
  const result = envSchema.safeParse(source);
  // Checked apart from the schema, so these are reported together with every other problem.
  const missing = source.BCMS_ORIGIN?.trim()
    ? REMOTE_CMS_VARIABLES.filter((key) => !source[key]?.trim()).map(
        (key) => `${key} is required when BCMS_ORIGIN is set`,
      )
    : [];
  // The CRM checks the signature of every delivery: an unsigned webhook is a mistake.
  if (source.FORMS_WEBHOOK_URL?.trim() && !source.FORMS_WEBHOOK_SECRET?.trim()) {
    missing.push("FORMS_WEBHOOK_SECRET is required when FORMS_WEBHOOK_URL is set");
  }
  // The previous secret is what FORMS_SIGNING_SECRET replaced; alone it would sign nothing.
  if (source.FORMS_SIGNING_SECRET_PREVIOUS?.trim() && !source.FORMS_SIGNING_SECRET?.trim()) {
    missing.push(
      "FORMS_SIGNING_SECRET_PREVIOUS needs FORMS_SIGNING_SECRET (the secret it was replaced by)",
    );
  }
  if (purgeTokenInClear(source)) {
    missing.push(
      "PURGE_URL must be https when PURGE_TOKEN is set (plain http only to this machine's loopback)",
    );
  }
  if (!result.success || missing.length > 0) {
    throw new EnvError([...(result.error?.issues.map((i) => i.message) ?? []), ...missing]);
  }
  const env = result.data;
  const embeddedContent = !env.BCMS_ORIGIN;
  return {
    embeddedContent,
    bcms: embeddedContent
      ? {
          origin: embeddedContentOrigin(env.CONTENT_PORT),
          orgId: env.BCMS_ORG_ID ?? LOCAL_CONTENT_IDENTITY.orgId,
          instanceId: env.BCMS_INSTANCE_ID ?? LOCAL_CONTENT_IDENTITY.instanceId,
          apiKey: {
            id: env.BCMS_API_KEY_ID ?? LOCAL_CONTENT_IDENTITY.apiKeyId,
            secret: env.BCMS_API_KEY_SECRET ?? LOCAL_CONTENT_IDENTITY.apiKeySecret,
          },
        }
      : {
          origin: (env.BCMS_ORIGIN as string).replace(/\/$/, ""),
          orgId: env.BCMS_ORG_ID as string,
          instanceId: env.BCMS_INSTANCE_ID as string,
          apiKey: { id: env.BCMS_API_KEY_ID as string, secret: env.BCMS_API_KEY_SECRET as string },
        },
    contentDir: env.CONTENT_DIR ?? DEFAULT_CONTENT_DIR,
    contentPort: env.CONTENT_PORT,
    contentHost: env.CONTENT_HOST ?? DEFAULT_CONTENT_HOST,
    contentCacheDir: env.CONTENT_CACHE_DIR ?? DEFAULT_CONTENT_CACHE_DIR,
    logLevel: (env.LOG_LEVEL as LogLevel | undefined) ?? "info",
    accessLogSample: env.ACCESS_LOG_SAMPLE,
    port: env.PORT,
    host: env.HOST,
    metrics: { port: env.METRICS_PORT, host: env.METRICS_HOST ?? DEFAULT_METRICS_HOST },
    buildId: env.BUILD_ID,
    siteOrigin: (env.SITE_ORIGIN ?? DEFAULT_SITE_ORIGIN).replace(/\/$/, ""),
    gtmId: env.GTM_ID,
    dataDir: env.DATA_DIR ?? DEFAULT_DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    databaseStatementTimeoutSeconds: env.DATABASE_STATEMENT_TIMEOUT_SECONDS,
    development: env.NODE_ENV === "development",
    forms: {
      webhookUrl: env.FORMS_WEBHOOK_URL,
      webhookSecret: env.FORMS_WEBHOOK_SECRET,
      signingSecret: env.FORMS_SIGNING_SECRET,
      previousSigningSecret: env.FORMS_SIGNING_SECRET_PREVIOUS,
      retentionDays: env.FORMS_RETENTION_DAYS,
      ratePerHour: env.FORMS_RATE_LIMIT,
      minSubmitSeconds: env.FORMS_MIN_SUBMIT_SECONDS,
      deliveryMaxAgeHours: env.FORMS_DELIVERY_MAX_AGE_HOURS,
      deliveryTimeoutSeconds: env.FORMS_DELIVERY_TIMEOUT_SECONDS,
    },
    trustProxy: { hops: env.TRUST_PROXY, clientIpHeader: env.CLIENT_IP_HEADER?.toLowerCase() },
    renderThreadHeapMb: env.RENDER_THREAD_HEAP_MB,
    embedFrameAncestors: env.EMBED_FRAME_ANCESTORS,
    purgeUrl: env.PURGE_URL,
    purgeToken: env.PURGE_TOKEN,
    publicStatus: env.PUBLIC_STATUS ?? DEFAULT_PUBLIC_STATUS,
    preview: {
      apiToken: env.PREVIEW_API_TOKEN,
      deskPassword: env.PREVIEW_DESK_PASSWORD,
      frameAncestors: env.PREVIEW_FRAME_ANCESTORS,
      dashboardUrl: env.BCMS_DASHBOARD_URL,
    },
    contentTagsFile: env.CONTENT_TAGS_FILE,
    publishedVersionsFile: env.PUBLISHED_VERSIONS_FILE,
    contentShownAt: instantOf(env.CONTENT_SHOWN_AT),
  };
}

/** A build's instant (ms since the epoch), or undefined when absent or not one. */
function instantOf(value: string | undefined): number | undefined {
  const instant = value === undefined ? Number.NaN : Number(value);
  return Number.isSafeInteger(instant) && instant > 0 ? instant : undefined;
}

let cached: SiteEnv | undefined;

/**
 * The site's settings: those the production server installed (`installEnv`), else, in a
 * build's prerendering or the dev server, the process environment parsed once.
 */
export function getEnv(): SiteEnv {
  cached ??= parseEnv(process.env);
  return cached;
}

/** The production server hands its validated settings to the server build it loads. */
export function installEnv(env: SiteEnv): void {
  cached = env;
}

/** The settings with the embedded content service found on `port` (it may differ from CONTENT_PORT). */
export function withEmbeddedContentPort(env: SiteEnv, port: number): SiteEnv {
  if (!env.embeddedContent) return env;
  return { ...env, contentPort: port, bcms: { ...env.bcms, origin: embeddedContentOrigin(port) } };
}

/**
 * The settings of `content:pull` (the BCMS instance to copy, the snapshot folder); every
 * missing or wrong variable gets its own message, and none has a default: a copy of the
 * wrong instance would silently replace the snapshot.
 */
export function pullConfigFromEnv(source: Record<string, string | undefined>): {
  config?: SiteEnv["bcms"];
  contentDir: string;
  errors: string[];
} {
  const help = {
    BCMS_ORIGIN: "the origin of the BCMS to copy, e.g. https://app.thebcms.com",
    BCMS_ORG_ID: "the organisation id",
    BCMS_INSTANCE_ID: "the instance id",
    BCMS_API_KEY_ID: "the id of an API key that can read every template and media",
    BCMS_API_KEY_SECRET: "the secret of that API key",
  } as const;
  const value = (name: string) => optionalString.parse(source[name]);
  const errors = Object.entries(help)
    .filter(([name]) => value(name) === undefined)
    .map(([name, meaning]) => `${name} is not set: ${meaning}`);
  const origin = value("BCMS_ORIGIN");
  if (origin !== undefined && !/^https?:\/\/[^/]+/.test(origin)) {
    errors.push(`BCMS_ORIGIN must be an http(s) origin, got "${origin}"`);
  }
  const contentDir = value("CONTENT_DIR") ?? DEFAULT_CONTENT_DIR;
  if (errors.length > 0 || origin === undefined) return { contentDir, errors };
  return {
    contentDir,
    errors,
    config: {
      origin: origin.replace(/\/+$/, ""),
      orgId: value("BCMS_ORG_ID") as string,
      instanceId: value("BCMS_INSTANCE_ID") as string,
      apiKey: {
        id: value("BCMS_API_KEY_ID") as string,
        secret: value("BCMS_API_KEY_SECRET") as string,
      },
    },
  };
}
