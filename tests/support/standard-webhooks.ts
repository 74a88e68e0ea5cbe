// How a CRM checks our deliveries: with the Standard Webhooks reference verifier, not with
// our own signing code, so a test that passes here passes at any receiver using a library.
import { createHash } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { Webhook } from "standardwebhooks";

/** A `whsec_…` secret of 32 bytes, different for every name, the same on every run. */
export function webhookSecretFor(name: string): string {
  return `whsec_${createHash("sha256").update(name).digest("base64")}`;
}

/** The three signed headers as the verifier takes them (missing ones as ""). */
export function signedHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const one = (name: string) => String(headers[name] ?? "");
  return {
    "webhook-id": one("webhook-id"),
    "webhook-timestamp": one("webhook-timestamp"),
    "webhook-signature": one("webhook-signature"),
  };
}

/** True when the reference verifier, holding `secret`, accepts this delivery now. */
export function deliveryVerifies(
  request: { headers: IncomingHttpHeaders; body: Buffer },
  secret: string,
): boolean {
  try {
    new Webhook(secret).verify(request.body, signedHeaders(request.headers));
    return true;
  } catch {
    return false;
  }
}
