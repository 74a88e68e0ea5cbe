// `npm start`: validated configuration, the embedded content service when no CMS is
// configured, a build when the build is missing or stale, then the site on PORT.
// SIGINT/SIGTERM: the site stops first (in-flight requests finish), then the content service.
import { spawn } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { type SiteEnv, withEmbeddedContentPort } from "../app/config/env.server";
import { readEnvOrReport } from "../app/config/read-env";
import { createJsonLogger, describeError, type SiteLogger } from "../app/logging/logger.server";
import type { RunningContentServer } from "../content-server/server";
import { createFormsService, type RunningFormsService } from "./forms/service";
import { type MetricsListener, startMetricsListener } from "./metrics/metrics-listener";
import { readGaugesFrom } from "./metrics/site-metrics";
import { purgeTokenWarning } from "./refresh/purge";
import { checkBuild, PROJECT_DIR, readStamp } from "./running/build-stamp";
import { isAddressInUse, PortInUseError, startEmbeddedContent } from "./running/embedded-content";
import { secretsOf } from "./running/log-secrets";
import { whenDatabaseAnswers } from "./running/store-wait";
import { createSiteServer, type SiteServer } from "./site-server";
import { openStore, unsharedStoreWarning } from "./store/open-store";
import type { SchemaWait } from "./store/postgres-store";
import { siteSigningKeys } from "./store/site-signing-keys";

export interface StartSiteOptions {
  /** The environment a build started from here runs with (default process.env). */
  processEnv?: NodeJS.ProcessEnv;
  projectDir?: string;
  logger?: SiteLogger;
  /** Host to listen on (default: HOST, else every interface). */
  host?: string;
}

/** Runs `npm run build`'s program (scripts/build.ts) as its own process; its lines are ours. */
function runBuild(projectDir: string, processEnv: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/build.ts"], {
      cwd: projectDir,
      env: processEnv,
      stdio: ["ignore", "inherit", "inherit"],
    });
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`the build failed (${signal ?? `exit code ${code}`})`));
    });
  });
}

export interface RunningSite {
  siteUrl: string;
  contentUrl?: string;
  site: SiteServer;
  close(): Promise<void>;
}

export async function startSite(
  env: SiteEnv,
  options: StartSiteOptions = {},
): Promise<RunningSite> {
  const processEnv = options.processEnv ?? process.env;
  const projectDir = options.projectDir ?? PROJECT_DIR;
  const buildDir = path.join(projectDir, "build");
  const logger =
    options.logger ?? createJsonLogger({ secrets: secretsOf(env), level: env.logLevel });
  // Before the server build loads React (see server/rendering/server-build.ts).
  process.env.NODE_ENV ??= "production";

  let content: RunningContentServer | undefined;
  if (env.embeddedContent) {
    content = await startEmbeddedContent(env, { logger });
    logger.info("content service listening", {
      service: "content",
      url: content.url,
      snapshot: path.resolve(env.contentDir),
    });
  }

  let forms: RunningFormsService | undefined;
  try {
    // Submissions are stored (and the outbox resumes) before the first request is taken.
    // The store is reached, migrated and checked first: a start that cannot store stops here.
    const open = (onSchemaWait?: (wait: SchemaWait) => Promise<void>) =>
      openStore({
        databaseUrl: env.databaseUrl,
        dataDir: path.resolve(projectDir, env.dataDir),
        postgres: {
          poolSize: env.databasePoolSize,
          statementTimeoutMs: env.databaseStatementTimeoutSeconds * 1000,
          onSchemaWait,
          onBackgroundError: (error) =>
            logger.warn("store: a database connection failed; it is replaced when next needed", {
              error: describeError(error),
            }),
        },
      });
    // A shared database may be down while an instance starts, or another instance may be
    // migrating it: it waits, not ready, holding its port (server/running/store-wait.ts).
    // SQLite is a file beside it: no waiting.
    const store = env.databaseUrl
      ? await whenDatabaseAnswers(open, {
          port: env.port,
          host: options.host ?? env.host,
          logger,
        }).catch((error: unknown) => {
          throw isAddressInUse(error) ? new PortInUseError("PORT", env.port) : error;
        })
      : await open();
    const migratedTo = store.migrated.at(-1);
    if (migratedTo !== undefined) {
      logger.info(`store: schema migrated to version ${migratedTo}`, { store: store.location });
    }
    const unshared = unsharedStoreWarning({
      databaseUrl: env.databaseUrl,
      signingSecret: env.forms.signingSecret,
    });
    if (unshared) logger.warn(unshared);
    const purgeUnguarded = purgeTokenWarning(env);
    if (purgeUnguarded) logger.warn(purgeUnguarded);
    try {
      forms = await createFormsService({ store, settings: env.forms, logger });
    } catch (error) {
      await store.close();
      throw error;
    }
    forms.start();
    // Preview links are signed with the site's key too (under a key derived for them).
    const siteKeys = await siteSigningKeys(store, env.forms);
    const check = await checkBuild({ projectDir, buildDir, env, buildId: env.buildId });
    if (check.stale) {
      logger.info("building the site", { reason: check.reason });
      await runBuild(projectDir, processEnv);
    }
    const builtAt = Date.parse((await readStamp(buildDir))?.builtAt ?? "");
    if (Number.isFinite(builtAt)) readGaugesFrom({ buildTime: () => builtAt });
    // Content that changed since the pages were rendered (the build's or later rewrites) is
    // found by the site itself at start, from the CMS's versions, embedded or remote alike
    // (server/refresh/content-catch-up.ts): only the pages that read it are rendered again.
    const site = await createSiteServer({
      buildDir,
      // The server build reads the content service it is given here, not the environment.
      env: content ? withEmbeddedContentPort(env, content.port) : env,
      logger,
      forms,
      trustProxy: env.trustProxy,
      publishedVersions: store.publishedVersions,
      previewRevocations: store.previewRevocations,
      previewRateLimits: store.rateLimits,
      // One instance alone (SQLite) needs no agreement: it purges as it always did.
      purgeClaims: env.databaseUrl ? store.purgeClaims : undefined,
      siteKey: siteKeys.current,
      previousSiteKey: siteKeys.previous,
    });
    let listening: { url: string };
    try {
      listening = await site.listen(env.port, options.host ?? env.host);
    } catch (error) {
      await site.close();
      if (isAddressInUse(error)) throw new PortInUseError("PORT", env.port);
      throw error;
    }
    logger.info("site listening", { service: "site", url: listening.url });
    let metrics: MetricsListener | undefined;
    if (env.metrics.port !== 0) {
      try {
        metrics = await startMetricsListener(env.metrics.port, env.metrics.host);
      } catch (error) {
        await site.close();
        if (isAddressInUse(error)) throw new PortInUseError("METRICS_PORT", env.metrics.port);
        throw error;
      }
      logger.info("metrics listening", { service: "metrics", url: metrics.url });
    }
    return {
      siteUrl: listening.url,
      contentUrl: content?.url,
      site,
      async close() {
        await metrics?.close();
        await site.close();
        await forms?.close();
        await content?.close();
      },
    };
  } catch (error) {
    await forms?.close();
    await content?.close();
    throw error;
  }
}

/** The process's entry: `npm start` runs it (scripts/start.mjs), as does `tsx server/main.ts`. */
export async function main(): Promise<void> {
  // Before anything loads React (see server/rendering/server-build.ts).
  process.env.NODE_ENV ??= "production";
  const env = readEnvOrReport(process.env);
  if (!env) process.exit(1);
  const logger = createJsonLogger({ secrets: secretsOf(env), level: env.logLevel });
  process.on("unhandledRejection", (reason) => {
    logger.error("unhandled rejection", { error: describeError(reason) });
  });
  // Signals are taken from the start on: without a handler a SIGTERM ends the process at
  // once, and the log lines still gathered for stdout (app/logging/logger.server.ts) with it.
  let running: RunningSite | undefined;
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping || !running) {
      logger.warn(stopping ? `${signal} again: exiting now` : `${signal} while starting: exiting`);
      process.exit(1);
    }
    stopping = true;
    logger.info(`${signal}: shutting down`);
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error("shutdown failed", { error: describeError(error) });
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
  try {
    running = await startSite(env, { logger });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    logger.error(`start failed: ${message}`);
    process.exit(1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  void main();
}
