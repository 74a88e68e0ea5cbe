// `npm run preview-link`: the operator's command for preview links (issue 19).
//   npm run preview-link -- TEMPLATE SLUG-OR-ID [--hours N]   prints a signed link (default 72 h, at most 720)
//   npm run preview-link -- revoke TEMPLATE SLUG-OR-ID        voids every link of that entry made so far
//   npm run preview-link -- revoke --all                      voids every link made so far
// It reads the CMS the site reads (with BCMS_ORIGIN unset, the embedded content service over
// CONTENT_DIR, started for the moment), signs with the site's key (FORMS_SIGNING_SECRET, or
// the key the store keeps) and records revocations in the site's store (DATABASE_URL, or
// SQLite in DATA_DIR).
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { installEnv, type SiteEnv, withEmbeddedContentPort } from "../app/config/env.server";
import { readEnvOrReport } from "../app/config/read-env";
import { createJsonLogger } from "../app/logging/logger.server";
import type { RunningContentServer } from "../content-server/server";
import {
  checkPreviewHours,
  DEFAULT_PREVIEW_HOURS,
  issueTimeAfter,
  previewLinkKey,
  previewUrl,
  signPreviewToken,
} from "../server/preview/preview-links";
import { startEmbeddedContent } from "../server/running/embedded-content";
import { openStore } from "../server/store/open-store";
import { SIGNING_KEY_FILE } from "../server/store/signing-key-file";
import { SQLITE_FILE } from "../server/store/sqlite-store";
import type { SiteStore } from "../server/store/store";

export const USAGE = `usage:
  npm run preview-link -- TEMPLATE SLUG-OR-ID [--hours N]   print a preview link (default ${DEFAULT_PREVIEW_HOURS} h, at most 720)
  npm run preview-link -- revoke TEMPLATE SLUG-OR-ID        void every link of one entry
  npm run preview-link -- revoke --all                      void every link`;

export type PreviewCommand =
  | { action: "link"; template: string; entry: string; hours: number }
  | { action: "revoke"; template: string; entry: string }
  | { action: "revoke-all" };

/** The command line, or a message saying what is wrong with it. */
export function parsePreviewArgs(args: readonly string[]): PreviewCommand | string {
  const rest = [...args];
  let hours: number = DEFAULT_PREVIEW_HOURS;
  const hoursAt = rest.findIndex((a) => a === "--hours" || a.startsWith("--hours="));
  if (hoursAt !== -1) {
    const flag = rest[hoursAt] as string;
    const value = flag.includes("=") ? flag.slice("--hours=".length) : rest[hoursAt + 1];
    rest.splice(hoursAt, flag.includes("=") ? 1 : 2);
    const checked = checkPreviewHours(value ?? "");
    if (typeof checked === "string") return `--hours: ${checked}`;
    hours = checked;
  }
  if (rest[0] === "revoke") {
    if (hoursAt !== -1) return "--hours goes with a new link, not with revoke";
    if (rest.length === 2 && rest[1] === "--all") return { action: "revoke-all" };
    if (rest.length === 3 && !rest[1]?.startsWith("-") && !rest[2]?.startsWith("-")) {
      return { action: "revoke", template: rest[1] as string, entry: rest[2] as string };
    }
    return "revoke takes TEMPLATE SLUG-OR-ID, or --all";
  }
  const unknown = rest.find((a) => a.startsWith("-"));
  if (unknown) return `unknown option ${unknown}`;
  if (rest.length !== 2) return "give a TEMPLATE and a SLUG-OR-ID";
  return { action: "link", template: rest[0] as string, entry: rest[1] as string, hours };
}

export interface PreviewCommandResult {
  code: number;
  out: string[];
  err: string[];
}

/**
 * Why the command cannot act for the site with these settings, if it cannot: without
 * DATABASE_URL the site's store and generated key are files in its DATA_DIR, and a command
 * run elsewhere would make new ones, so its link would be refused (403) and its revocation
 * reach no instance.
 */
export function missingSiteStore(env: SiteEnv): string | undefined {
  if (env.databaseUrl) return undefined;
  const dataDir = path.resolve(env.dataDir);
  const where = "run it with the site's settings: DATABASE_URL, or the DATA_DIR the site uses";
  if (!existsSync(path.join(dataDir, SQLITE_FILE))) {
    return `no site store in ${dataDir} (no ${SQLITE_FILE}): ${where}`;
  }
  if (!env.forms.signingSecret && !existsSync(path.join(dataDir, SIGNING_KEY_FILE))) {
    return `no signing key in ${dataDir} and no FORMS_SIGNING_SECRET: ${where}, and its FORMS_SIGNING_SECRET if it has one`;
  }
  return undefined;
}

/** Runs one command against the configured CMS and the site's store (DATABASE_URL or DATA_DIR). */
export async function runPreviewCommand(
  command: PreviewCommand,
  env: SiteEnv,
  now = Date.now(),
): Promise<PreviewCommandResult> {
  const missing = missingSiteStore(env);
  if (missing) return { code: 1, out: [], err: [`preview-link: ${missing}`] };
  const store = await openStore({
    databaseUrl: env.databaseUrl,
    dataDir: path.resolve(env.dataDir),
  });
  try {
    return await runWithStore(command, env, store, now);
  } finally {
    await store.close();
  }
}

async function runWithStore(
  command: PreviewCommand,
  env: SiteEnv,
  store: SiteStore,
  now: number,
): Promise<PreviewCommandResult> {
  const out: string[] = [];
  const err: string[] = [];
  if (command.action === "revoke-all") {
    await store.previewRevocations.revokePreviewLinks("all", now);
    out.push(`every preview link made until ${new Date(now).toISOString()} is revoked`);
    return { code: 0, out, err };
  }
  let content: RunningContentServer | undefined;
  try {
    let siteEnv = env;
    if (env.embeddedContent) {
      const logger = createJsonLogger({ secrets: [env.bcms.apiKey.secret], level: "error" });
      content = await startEmbeddedContent(env, { port: 0, logger, watch: false });
      siteEnv = withEmbeddedContentPort(env, content.port);
    }
    installEnv(siteEnv);
    const { findPreviewEntry } = await import("../app/content/preview.server");
    const found = await findPreviewEntry(command.template, command.entry);
    if (!found.ok) {
      err.push(found.problem);
      return { code: 1, out, err };
    }
    if (command.action === "revoke") {
      await store.previewRevocations.revokePreviewLinks({ entryId: found.target.entryId }, now);
      out.push(`every preview link of ${command.template} ${found.target.entryId} is revoked`);
      return { code: 0, out, err };
    }
    const key = previewLinkKey(await store.signingKey(env.forms.signingSecret));
    const revokedAt = await store.previewRevocations.previewLinksRevokedAt(found.target.entryId);
    const { token, claims } = signPreviewToken(found.target, key, {
      hours: command.hours,
      now: issueTimeAfter(revokedAt, now),
    });
    out.push(previewUrl(env.siteOrigin, token));
    err.push(
      `preview of ${found.path} (${command.template} ${found.target.entryId}), valid until ${new Date(claims.expiresAt).toISOString()}`,
    );
    return { code: 0, out, err };
  } finally {
    await content?.close();
  }
}

async function main(): Promise<void> {
  const command = parsePreviewArgs(process.argv.slice(2));
  if (typeof command === "string") {
    console.error(`preview-link: ${command}\n${USAGE}`);
    process.exit(2);
  }
  const env = readEnvOrReport(process.env);
  if (!env) process.exit(1);
  try {
    const result = await runPreviewCommand(command, env);
    for (const line of result.out) console.log(line);
    for (const line of result.err) console.error(line);
    process.exit(result.code);
  } catch (error) {
    console.error(`preview-link: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  void main();
}
