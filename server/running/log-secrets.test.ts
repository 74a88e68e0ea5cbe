import { describe, expect, it } from "vitest";
import { parseEnv } from "../../app/config/env.server";
import { createJsonLogger } from "../../app/logging/logger.server";
import { secretsOf } from "./log-secrets";

const WEBHOOK_OLD = `whsec_${Buffer.alloc(32, 1).toString("base64")}`;
const WEBHOOK_NEW = `whsec_${Buffer.alloc(32, 2).toString("base64")}`;
const SETTINGS = {
  BCMS_API_KEY_SECRET: "bcms-key-secret-value",
  PURGE_URL: "https://purge.example/relay",
  PURGE_TOKEN: "purge-token-value",
  PREVIEW_API_TOKEN: "preview-api-token-value-of-32-chars!",
  PREVIEW_DESK_PASSWORD: "desk-password-of-the-editors",
  FORMS_SIGNING_SECRET: "signing-secret-value",
  FORMS_SIGNING_SECRET_PREVIOUS: "previous-signing-secret",
  FORMS_WEBHOOK_URL: "https://crm.example/hook",
  FORMS_WEBHOOK_SECRET: `${WEBHOOK_OLD} ${WEBHOOK_NEW}`,
  DATABASE_URL: "postgres://site:p%40ss-word@db.example:5432/site",
};

describe("secretsOf", () => {
  it("keeps every secret the settings hold out of the log, each webhook secret alone too", () => {
    const lines: string[] = [];
    const logger = createJsonLogger({
      secrets: secretsOf(parseEnv(SETTINGS)),
      stdout: (line) => lines.push(line),
      stderr: (line) => lines.push(line),
    });
    const quoted = [
      ...Object.values(SETTINGS).filter((value) => !value.startsWith("http")),
      WEBHOOK_OLD,
      WEBHOOK_NEW,
      "p@ss-word",
    ];
    for (const value of quoted) logger.error(`a message quoting ${value}`, { value });
    expect(lines).toHaveLength(quoted.length);
    const written = lines.join("");
    for (const value of quoted) expect(written).not.toContain(value);
  });
});
