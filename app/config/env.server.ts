// Runtime configuration, read once from the environment and validated with one clear
// message per problem. With BCMS_ORIGIN unset the site reads the embedded local content
// service (content-server/) with the local identity below.
import { z } from "zod";
import { DEFAULT_CONTENT_PORT, LOCAL_IDENTITY } from "../../content-server/identity";

/** The identity the embedded content service accepts (content-server/identity.ts). */
export const LOCAL_CONTENT_IDENTITY = LOCAL_IDENTITY;

export const DEFAULT_PORT = 3000;
export { DEFAULT_CONTENT_PORT };
export const DEFAULT_SITE_ORIGIN = "https://id5.io";

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const port = (name: string, fallback: number) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "") return fallback;
      const n = Number(v);
      if (!Number.isInteger(n) || n < 0 || n > 65535) {
        ctx.addIssue({ code: "custom", message: `${name} must be a port number (0-65535)` });
        return z.NEVER;
      }
      return n;
    });

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

const envSchema = z.object({
  BCMS_ORIGIN: originLike("BCMS_ORIGIN"),
  BCMS_ORG_ID: optionalString,
  BCMS_INSTANCE_ID: optionalString,
  BCMS_API_KEY_ID: optionalString,
  BCMS_API_KEY_SECRET: optionalString,
  CONTENT_DIR: optionalString,
  CONTENT_PORT: port("CONTENT_PORT", DEFAULT_CONTENT_PORT),
  PORT: port("PORT", DEFAULT_PORT),
  SITE_ORIGIN: originLike("SITE_ORIGIN"),
  GTM_ID: optionalString.refine((v) => v === undefined || /^GTM-[A-Z0-9]+$/.test(v), {
    message: "GTM_ID must look like GTM-XXXXXXX",
  }),
  FORMS_WEBHOOK_URL: optionalString.refine((v) => v === undefined || URL.canParse(v), {
    message: "FORMS_WEBHOOK_URL must be a URL",
  }),
});

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
  port: number;
  siteOrigin: string;
  gtmId?: string;
  formsWebhookUrl?: string;
}

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "EnvError";
  }
}

/** Parses an environment; throws EnvError listing every problem. */
export function parseEnv(source: Record<string, string | undefined>): SiteEnv {
  const result = envSchema.safeParse(source);
  // Checked apart from the schema, so these are reported together with every other problem.
  const missing = source.BCMS_ORIGIN?.trim()
    ? REMOTE_CMS_VARIABLES.filter((key) => !source[key]?.trim()).map(
        (key) => `${key} is required when BCMS_ORIGIN is set`,
      )
    : [];
  if (!result.success || missing.length > 0) {
    throw new EnvError([...(result.error?.issues.map((i) => i.message) ?? []), ...missing]);
  }
  const env = result.data;
  const embeddedContent = !env.BCMS_ORIGIN;
  return {
    embeddedContent,
    bcms: embeddedContent
      ? {
          origin: `http://127.0.0.1:${env.CONTENT_PORT}`,
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
    contentDir: env.CONTENT_DIR ?? "content",
    contentPort: env.CONTENT_PORT,
    port: env.PORT,
    siteOrigin: (env.SITE_ORIGIN ?? DEFAULT_SITE_ORIGIN).replace(/\/$/, ""),
    gtmId: env.GTM_ID,
    formsWebhookUrl: env.FORMS_WEBHOOK_URL,
  };
}

let cached: SiteEnv | undefined;

/** The process environment, parsed once. */
export function getEnv(): SiteEnv {
  cached ??= parseEnv(process.env);
  return cached;
}
