// Several instances of the real site (the real build, started as `npm start` starts it) on
// one private PostgreSQL server, reading one content service (its own process over a copy of
// the seed snapshot), purging through one CDN stand-in: what a deployment of several
// machines is, on loopback. Each instance writes its JSON log to a file of its own, which
// tests and benchmarks wait on.

import { DEFAULT_SITE_ORIGIN } from "../../app/config/env.server";
import type { SiteProcess } from "../../scripts/site-process";
import { type CdnStandIn, startCdnStandIn } from "./cdn-stand-in";
import type { ContentApi } from "./content-api";
import { readLogLines } from "./log-file";
import { limitOf, pollUntil, type WaitLimit } from "./poll";
import { startPostgres } from "./postgres";
import { type InstanceProject, untilInstanceReady } from "./site-instance";
import { type SiteInstances, startSiteInstances } from "./site-instances";

export const PURGE_TOKEN = "purge-relay-token-for-the-tests";

/** One JSON line of an instance's log. */
export type InstanceLogLine = Record<string, unknown> & { msg?: string };

export interface Instance {
  name: string;
  site: SiteProcess;
  project: InstanceProject;
  logFile: string;
}

export interface InstancesOnPostgres {
  instances: Instance[];
  api: ContentApi;
  cdn: CdnStandIn;
  /** The instance's log lines so far. */
  logOf(name: string): Promise<InstanceLogLine[]>;
  /** Waits until the instance's log holds `count` lines matching `wanted`; returns them. */
  waitForLines(
    name: string,
    wanted: (line: InstanceLogLine) => boolean,
    count?: number,
  ): Promise<InstanceLogLine[]>;
  /** Waits until `/readyz` answers 200. */
  untilReady(instance: Instance): Promise<void>;
  /** Stops the instance gracefully (SIGTERM). */
  stop(instance: Instance): Promise<void>;
  /** Starts it again on its own project (its build, its data), the same port. */
  restart(instance: Instance): Promise<void>;
  close(): Promise<void>;
}

export async function startInstancesOnPostgres(options: {
  /** Names the temporary folders. */
  label: string;
  count: number;
  /** Every wait's limit: a time, or what is left of the test's (testTimeBudget). */
  waitMs: WaitLimit;
  env?: Record<string, string>;
}): Promise<InstancesOnPostgres> {
  const { waitMs } = options;
  const [postgres, cdn] = await Promise.all([
    startPostgres({ durable: false }),
    startCdnStandIn(waitMs),
  ]);
  let set: SiteInstances | undefined;
  const instances: Instance[] = [];
  const close = async () => {
    cdn.release();
    await set?.close();
    await cdn.close();
    await postgres.stop();
  };
  try {
    const databaseUrl = await postgres.createDatabase("site");
    const started = await startSiteInstances(options.label, {
      variables: {
        SITE_ORIGIN: DEFAULT_SITE_ORIGIN,
        DATABASE_URL: databaseUrl,
        PURGE_URL: cdn.url,
        PURGE_TOKEN,
        LOG_LEVEL: "info",
        ...options.env,
      },
    });
    set = started;
    const start = async (index: number) => {
      const name = String.fromCharCode(97 + index);
      const project = await started.project();
      const site = await started.start(name, {
        project,
        env: {
          // Each instance's purges name it, so a test knows which one sent a purge.
          PURGE_URL: options.env?.PURGE_URL ?? `${cdn.url}?from=${name}`,
        },
        startTimeoutMs: limitOf(waitMs),
      });
      instances[index] = { name, site, project, logFile: started.logFile(name) };
    };
    await Promise.all(Array.from({ length: options.count }, (_, index) => start(index)));
  } catch (error) {
    await close();
    throw error;
  }
  const running = set;

  const logOf = async (name: string): Promise<InstanceLogLine[]> => {
    const instance = instances.find((i) => i.name === name);
    return instance ? readLogLines<InstanceLogLine>(instance.logFile) : [];
  };
  return {
    instances,
    api: running.api,
    cdn,
    logOf,
    waitForLines(name, wanted, count = 1) {
      let seen = 0;
      return pollUntil(
        () => `${name} to log ${count} of the lines looked for (${seen} so far)`,
        async () => {
          const lines = (await logOf(name)).filter(wanted);
          seen = lines.length;
          return lines.length >= count && lines;
        },
        { timeoutMs: limitOf(waitMs), intervalMs: 50 },
      );
    },
    untilReady: ({ site }) => untilInstanceReady(site.url, limitOf(waitMs), 50),
    async stop(instance) {
      await instance.site.stop();
    },
    async restart(instance) {
      instance.site = await running.start(instance.name, {
        project: instance.project,
        port: instance.site.port,
        startTimeoutMs: limitOf(waitMs),
      });
    },
    close,
  };
}
