// The settings a build is made with that the instances must run with too: they end up in
// the prerendered HTML or decide where its content comes from. The build's stamp holds
// them (server/running/build-stamp.ts), and a start with others finds the build stale. The
// README's configuration table marks the variables they come from (env-readme.test.ts).
import type { SiteEnv } from "./env.server";

/**
 * Canonical origin, tag manager, the CMS (not its key: rotating a key needs no build), which
 * status is public (it decides which entries the build prerenders) and the build's id.
 * The embedded snapshot folder is not one: content is live.
 */
export function buildSettings(env: SiteEnv, buildId?: string): Record<string, string | null> {
  return {
    siteOrigin: env.siteOrigin,
    gtmId: env.gtmId ?? null,
    cms: env.embeddedContent ? "embedded" : env.bcms.origin,
    orgId: env.bcms.orgId,
    instanceId: env.bcms.instanceId,
    publicStatus: env.publicStatus.trim().toLowerCase(),
    buildId: buildId?.trim() || null,
  };
}
