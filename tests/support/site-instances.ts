// Instances of the real site (the shared build, each started as `npm start` starts it, in an
// instance project of its own) reading one content service: its own process over a copy of
// the seed snapshot, directly or through a proxy the test can hold or cut. What the tests of
// real processes set up alike; each instance writes its log to `<work>/<name>.log` and keeps
// its data in `<work>/<name>-data`. close() stops and removes everything it started.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { type SiteProcess, startSiteProcess } from "../../scripts/site-process";
import { type ContentApi, contentApi } from "./content-api";
import {
  type ContentServerProcess,
  LOCAL_CMS_VARIABLES,
  spawnContentServer,
} from "./content-server-process";
import { type GatedProxy, startGatedProxy } from "./gated-proxy";
import { CURRENT_BUILD_START_MS, ensureSiteBuild } from "./site-build";
import { type InstanceProject, makeInstanceProject } from "./site-instance";
import { copySnapshot, removeSnapshot } from "./snapshot-copy";

export interface InstanceStart {
  /** The project to start in (a restart); default a new one with the set's variables. */
  project?: InstanceProject;
  /** Variables over the project's (DATA_DIR is the instance's own unless given here). */
  env?: Record<string, string>;
  /** Reuse a port (a restart on the same address). */
  port?: number;
  withMetrics?: boolean;
  /** Default CURRENT_BUILD_START_MS: the shared build is current. */
  startTimeoutMs?: number;
}

export interface SiteInstances {
  /** The test's own temporary folder: the instances' logs and data. */
  work: string;
  /** The content service's copy of the seed snapshot (tests may edit it). */
  snapshot: string;
  content: ContentServerProcess;
  /** The content service's API, as an editor's CMS writes to it. */
  api: ContentApi;
  /** With `throughProxy`: what stands between the instances and the content service. */
  proxy?: GatedProxy;
  /** What every instance starts with: the CMS's address (the proxy's) and identity, and more. */
  variables: Record<string, string>;
  logFile(name: string): string;
  dataDir(name: string): string;
  /** A project for one more instance, with `variables` over the set's; close() removes it. */
  project(variables?: Record<string, string>): Promise<InstanceProject>;
  /** `npm start` as instance `name`: its log in logFile(name), its data in dataDir(name). */
  start(name: string, options?: InstanceStart): Promise<SiteProcess>;
  close(): Promise<void>;
}

/**
 * The shared build made (when stale), a copy of the seed snapshot served by a content-service
 * process (on the local identity) and, with `throughProxy`, a proxy before it. No instance is
 * started yet. `label` names the temporary folders.
 */
export async function startSiteInstances(
  label: string,
  options: {
    withMediaFiles?: boolean;
    throughProxy?: boolean;
    /** Variables every instance starts with, over the content service's. */
    variables?: Record<string, string>;
  } = {},
): Promise<SiteInstances> {
  const work = await mkdtemp(path.join(tmpdir(), `${label}-`));
  let snapshot: string | undefined;
  let content: ContentServerProcess | undefined;
  let proxy: GatedProxy | undefined;
  const projects: InstanceProject[] = [];
  const started: SiteProcess[] = [];
  const close = async () => {
    for (const site of started) await site.stop();
    await proxy?.close();
    if (content) {
      content.child.kill("SIGKILL");
      await content.exited;
    }
    for (const project of projects) await project.remove();
    if (snapshot) await removeSnapshot(snapshot);
    await rm(work, { recursive: true, force: true });
  };
  try {
    [, snapshot] = await Promise.all([
      ensureSiteBuild(),
      copySnapshot(label, { withMediaFiles: options.withMediaFiles }),
    ]);
    content = await spawnContentServer(snapshot, `${snapshot}-cache`, 0, LOCAL_CMS_VARIABLES);
    if (options.throughProxy) proxy = await startGatedProxy(content.url);
  } catch (error) {
    await close();
    throw error;
  }
  const variables = {
    ...LOCAL_CMS_VARIABLES,
    BCMS_ORIGIN: proxy?.url ?? content.url,
    ...options.variables,
  };
  const logFile = (name: string) => path.join(work, `${name}.log`);
  const dataDir = (name: string) => path.join(work, `${name}-data`);
  const project = async (more: Record<string, string> = {}) => {
    const made = await makeInstanceProject({ ...variables, ...more });
    projects.push(made);
    return made;
  };
  return {
    work,
    snapshot,
    content,
    api: contentApi(content.url),
    proxy,
    variables,
    logFile,
    dataDir,
    project,
    async start(name, start = {}) {
      const where = start.project ?? (await project());
      const site = await startSiteProcess({
        projectDir: where.dir,
        logFile: logFile(name),
        env: { ...where.env, DATA_DIR: dataDir(name), ...start.env },
        port: start.port,
        withMetrics: start.withMetrics,
        startTimeoutMs: start.startTimeoutMs ?? CURRENT_BUILD_START_MS,
      });
      started.push(site);
      return site;
    },
    close,
  };
}
