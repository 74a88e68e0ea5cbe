// The embedded content service's identity and defaults: which organisation, instance and
// API key it accepts when nothing is configured (docs/content-model.md), so the site and
// the service agree with no configuration at all. Read by env.server.ts, the only parser
// of the environment; the content service takes its settings from there.

export interface ContentIdentity {
  orgId: string;
  instanceId: string;
  apiKeyId: string;
  apiKeySecret: string;
}

export const LOCAL_CONTENT_IDENTITY: Readonly<ContentIdentity> = Object.freeze({
  orgId: "64f0c0de0000000000000001",
  instanceId: "64f0c0de0000000000000002",
  apiKeyId: "64f0c0de0000000000000003",
  apiKeySecret: "local-content-secret-0f3a9c",
});

export const DEFAULT_CONTENT_PORT = 3100;
export const DEFAULT_CONTENT_HOST = "127.0.0.1";
export const DEFAULT_CONTENT_DIR = "content";
export const DEFAULT_CONTENT_CACHE_DIR = ".cache/media";
