/**
 * `npm run content:pull [folder]`: copies the BCMS instance named by BCMS_ORIGIN,
 * BCMS_ORG_ID, BCMS_INSTANCE_ID, BCMS_API_KEY_ID and BCMS_API_KEY_SECRET into a
 * snapshot folder (the argument, else CONTENT_DIR, else content/). The old
 * snapshot is replaced only when the copy is complete. Restart a running
 * content server afterwards.
 */
import { pullConfigFromEnv } from "../app/config/env.server";
import { createJsonLogger } from "../app/logging/logger.server";
import { pullSnapshot } from "../content-server/snapshot-pull";

async function main(): Promise<number> {
  const { config, contentDir, errors } = pullConfigFromEnv(process.env);
  if (!config) {
    for (const error of errors) console.error(`content:pull: ${error}`);
    return 1;
  }
  const dest = process.argv[2] || contentDir;
  const counts = await pullSnapshot({ ...config, dest, logger: createJsonLogger() });
  console.log(
    `content:pull: done (${counts.templates} templates, ${counts.entries} entries, ${counts.media} media items, ${counts.mediaFiles} files)`,
  );
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`content:pull failed: ${(error as Error).message}`);
    process.exitCode = 1;
  },
);
