// FORMS_WEBHOOK_SECRET as the Standard Webhooks specification writes a signing secret:
// `whsec_` and the base64 of the key. Two of them, separated by a space, while the CRM
// moves from one to the other: every delivery is then signed with both.

export const WEBHOOK_SECRET_PREFIX = "whsec_";
/** The specification's bounds on a key's length, in bytes. */
const MIN_KEY_BYTES = 24;
const MAX_KEY_BYTES = 64;
const MAX_SECRETS = 2;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

export type WebhookSecretReading = { keys: Buffer[] } | { problem: string };

/** The keys written in FORMS_WEBHOOK_SECRET, or what is wrong with it. */
export function readWebhookSecret(text: string): WebhookSecretReading {
  const secrets = text.trim().split(/\s+/);
  if (secrets.length > MAX_SECRETS) {
    return { problem: "FORMS_WEBHOOK_SECRET holds at most two secrets (during a rotation)" };
  }
  const keys: Buffer[] = [];
  for (const secret of secrets) {
    const encoded = secret.startsWith(WEBHOOK_SECRET_PREFIX)
      ? secret.slice(WEBHOOK_SECRET_PREFIX.length)
      : undefined;
    const key =
      encoded !== undefined && BASE64.test(encoded) ? Buffer.from(encoded, "base64") : undefined;
    if (!key || key.length < MIN_KEY_BYTES || key.length > MAX_KEY_BYTES) {
      // A secret of the old scheme lands here: the CRM's check changes with the format, so
      // a silent conversion would only move the failure to the CRM.
      return {
        problem:
          `FORMS_WEBHOOK_SECRET must be ${WEBHOOK_SECRET_PREFIX}<base64 of ${MIN_KEY_BYTES} to ${MAX_KEY_BYTES} random bytes> ` +
          "(Standard Webhooks), e.g. from: node -e \"console.log('whsec_' + require('node:crypto').randomBytes(32).toString('base64'))\"",
      };
    }
    keys.push(key);
  }
  return { keys };
}

/** The keys of a secret already accepted by the configuration; throws on a bad one. */
export function webhookKeys(text: string): Buffer[] {
  const reading = readWebhookSecret(text);
  if ("problem" in reading) throw new Error(reading.problem);
  return reading.keys;
}
