// Which keys the site signs and verifies with: the hand-set secrets when FORMS_SIGNING_SECRET
// is set (with FORMS_SIGNING_SECRET_PREVIOUS, the one it replaced), else the key the store
// generated and the one its last rotation replaced.
import type { SiteStore } from "./store";

export interface SiteSigningKeys {
  current: Buffer;
  /** The key `current` replaced: what it signed is still taken for a while. */
  previous?: Buffer;
}

export async function siteSigningKeys(
  store: Pick<SiteStore, "signingKey" | "previousSigningKey">,
  secrets: { signingSecret?: string; previousSigningSecret?: string },
): Promise<SiteSigningKeys> {
  const current = await store.signingKey(secrets.signingSecret);
  const previous = secrets.signingSecret
    ? secrets.previousSigningSecret && Buffer.from(secrets.previousSigningSecret, "utf8")
    : (await store.previousSigningKey())?.key;
  return previous ? { current, previous } : { current };
}
