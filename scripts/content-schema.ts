/**
 * `npm run content:schema [-- --apply]`: compares the content model the site expects
 * (app/content/model/) with the configured CMS (the five BCMS_* variables; with BCMS_ORIGIN
 * unset, the embedded content service over CONTENT_DIR, as `npm start` runs it) and prints
 * what is missing, what differs and what is extra. A dry run unless `--apply`, which only
 * adds: missing statuses, groups, widgets, templates and props (scripts/content-schema/).
 */
import { readEnvOrReport } from "../app/config/read-env";
import { CONTENT_MODEL } from "../app/content/model";
import { createJsonLogger, toConsoleStyle } from "../app/logging/logger.server";
import { createBcmsClient } from "../bcms";
import type { RunningContentServer } from "../content-server/server";
import { startEmbeddedContent } from "../server/running/embedded-content";
import { runContentSchema } from "./content-schema/run";

const USAGE = "usage: npm run content:schema [-- --apply]";

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const unknown = args.filter((arg) => arg !== "--apply");
  if (unknown.length > 0) {
    console.error(`content:schema: unknown argument ${unknown.join(" ")}; ${USAGE}`);
    return 2;
  }
  const env = readEnvOrReport(process.env);
  if (!env) return 2;
  const logger = createJsonLogger({ secrets: [env.bcms.apiKey.secret], level: "warn" });
  let embedded: RunningContentServer | undefined;
  if (env.embeddedContent) {
    embedded = await startEmbeddedContent(env, { port: 0, logger, watch: false });
  }
  const origin = embedded?.url ?? env.bcms.origin;
  const client = createBcmsClient({
    cmsOrigin: origin,
    orgId: env.bcms.orgId,
    instanceId: env.bcms.instanceId,
    apiKey: env.bcms.apiKey,
    logger: toConsoleStyle(logger),
  });
  try {
    console.log(
      `content:schema: the content model against ${embedded ? `the embedded content service over ${env.contentDir}` : origin} (instance ${env.bcms.instanceId})`,
    );
    return await runContentSchema({
      client,
      model: CONTENT_MODEL,
      apply: args.includes("--apply"),
      print: (line) => console.log(line),
      warn: (line) => console.error(line),
    });
  } finally {
    client.close();
    await embedded?.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`content:schema failed: ${(error as Error).message}`);
    process.exitCode = 1;
  },
);
