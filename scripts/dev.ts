// `npm run dev`: the embedded content service (unless BCMS_ORIGIN is set) and React
// Router's Vite dev server, which reads its content service from the environment we pass.
// Extra arguments go to `react-router dev` (e.g. `npm run dev -- --port 5174`).
import "./require-project-node.mjs";
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { SiteEnv } from "../app/config/env.server";
import { readEnvOrReport } from "../app/config/read-env";
import { createJsonLogger, type SiteLogger } from "../app/logging/logger.server";
import type { RunningContentServer } from "../content-server/server";
import { PROJECT_DIR } from "../server/running/build-stamp";
import { startEmbeddedContent } from "../server/running/embedded-content";

export interface DevSession {
  child: ChildProcess;
  contentUrl?: string;
  /** Resolves with the dev server's exit code. */
  exited: Promise<number>;
  stop(): Promise<void>;
}

export async function startDev(
  env: SiteEnv,
  options: {
    args?: string[];
    processEnv?: NodeJS.ProcessEnv;
    logger?: SiteLogger;
    projectDir?: string;
  } = {},
): Promise<DevSession> {
  const processEnv = options.processEnv ?? process.env;
  const projectDir = options.projectDir ?? PROJECT_DIR;
  const logger =
    options.logger ?? createJsonLogger({ secrets: [env.bcms.apiKey.secret], level: env.logLevel });
  let content: RunningContentServer | undefined;
  const childEnv: NodeJS.ProcessEnv = { ...processEnv };
  if (env.embeddedContent) {
    content = await startEmbeddedContent(env, { logger });
    childEnv.CONTENT_PORT = String(content.port);
    delete childEnv.BCMS_ORIGIN;
    logger.info("content service listening", { service: "content", url: content.url });
  }
  const child = spawn(
    path.join(projectDir, "node_modules/.bin/react-router"),
    ["dev", ...(options.args ?? [])],
    {
      cwd: projectDir,
      env: childEnv,
      stdio: "inherit",
    },
  );
  const exited = new Promise<number>((resolve) => {
    child.once("error", (error) => {
      logger.error(`react-router dev failed to start: ${error.message}`);
      resolve(1);
    });
    child.once("exit", (code, signal) => resolve(code ?? (signal ? 0 : 1)));
  });
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
      await content?.close();
    })();
    return stopping;
  };
  return { child, contentUrl: content?.url, exited, stop };
}

async function main(): Promise<void> {
  const env = readEnvOrReport(process.env);
  if (!env) process.exit(1);
  let session: DevSession;
  try {
    session = await startDev(env, { args: process.argv.slice(2) });
  } catch (error) {
    console.error(`dev: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      void session.stop().then(() => process.exit(0));
    });
  }
  const code = await session.exited;
  await session.stop();
  process.exit(code);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  void main();
}
