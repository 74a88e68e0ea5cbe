/**
 * Which organisation, instance and API key the local content service accepts.
 * Defaults are the documented local identity (docs/content-model.md), so the
 * site and the service agree with no configuration at all.
 */
export interface ContentIdentity {
  orgId: string;
  instanceId: string;
  apiKeyId: string;
  apiKeySecret: string;
}

export const LOCAL_IDENTITY: Readonly<ContentIdentity> = Object.freeze({
  orgId: "64f0c0de0000000000000001",
  instanceId: "64f0c0de0000000000000002",
  apiKeyId: "64f0c0de0000000000000003",
  apiKeySecret: "local-content-secret-0f3a9c",
});

export const DEFAULT_CONTENT_PORT = 3100;
export const DEFAULT_CONTENT_DIR = "content";
export const DEFAULT_CACHE_DIR = ".cache/media";

/** Reads BCMS_ORG_ID, BCMS_INSTANCE_ID, BCMS_API_KEY_ID and BCMS_API_KEY_SECRET, falling back to the local defaults. */
export function identityFromEnv(env: NodeJS.ProcessEnv = process.env): ContentIdentity {
  return {
    orgId: env.BCMS_ORG_ID || LOCAL_IDENTITY.orgId,
    instanceId: env.BCMS_INSTANCE_ID || LOCAL_IDENTITY.instanceId,
    apiKeyId: env.BCMS_API_KEY_ID || LOCAL_IDENTITY.apiKeyId,
    apiKeySecret: env.BCMS_API_KEY_SECRET || LOCAL_IDENTITY.apiKeySecret,
  };
}
