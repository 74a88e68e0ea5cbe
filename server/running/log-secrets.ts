// What the log must never show, whatever a message or an error quotes: every secret the
// settings hold. The logger blanks each of them out of every line (app/logging/logger.server.ts).
import type { SiteEnv } from "../../app/config/env.server";

export function secretsOf(env: SiteEnv): string[] {
  const secrets = [env.bcms.apiKey.secret];
  const { forms } = env;
  for (const secret of [
    env.purgeToken,
    env.preview.apiToken,
    env.preview.deskPassword,
    forms.signingSecret,
    forms.previousSigningSecret,
  ]) {
    if (secret) secrets.push(secret);
  }
  // Two during a rotation, separated by a space: each on its own, as a message would quote it.
  if (forms.webhookSecret) secrets.push(forms.webhookSecret, ...forms.webhookSecret.split(/\s+/));
  if (env.databaseUrl) {
    const { password } = new URL(env.databaseUrl);
    if (password) {
      secrets.push(password);
      try {
        secrets.push(decodeURIComponent(password));
      } catch {
        // Not percent-encoded text: the raw form is the one a message could quote.
      }
    }
  }
  return secrets;
}
