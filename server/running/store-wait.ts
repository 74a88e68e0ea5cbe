// An instance started while its database is down waits for it rather than stopping or
// serving: without the store it cannot vouch for its pages (the published versions live there)
// nor keep a submission. Meanwhile it answers on its port as a starting instance (alive, not
// ready, every other address 503 with Retry-After), so the load balancer routes elsewhere and
// an orchestrator does not restart it in a loop; once the database answers, the start goes on.
// The same holds, after a while, for the wait on the schema (another instance's migration lock,
// or its own migrations), which has no time limit: a migration cut short by a restart starts
// again from its beginning. A shorter wait (most migrations take milliseconds) holds nothing:
// the port is taken only then, and given back just before the site listens on it. An instance
// already running is not concerned: it keeps serving what it has.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { NO_STORE } from "../../app/config/cache-control";
import { describeError, type SiteLogger } from "../../app/logging/logger.server";
import { HEALTH_PATH, READINESS_PATH } from "../addresses/server-paths";
import type { SchemaWait } from "../store/postgres-store";
import { healthResponse, startingResponse } from "./health";

/** Between two tries at the start: the first soon, then no more than every few seconds. */
const FIRST_RETRY_MS = 500;
const LONGEST_RETRY_MS = 5_000;
/** A wait on the schema this long holds the port; a shorter one does not. */
export const SCHEMA_WAIT_HOLD_MS = 10_000;
/** What a waiting instance tells a visitor's client to wait before asking again. */
const RETRY_AFTER_SECONDS = 5;

/** Errors that say the database cannot be reached now, not that it refused this release. */
const UNREACHABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EPIPE",
  // PostgreSQL: starting up or shutting down, and the connection-exception class.
  "57P01",
  "57P02",
  "57P03",
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
]);

/** True for an error (or one of those it gathers) that says the database is out of reach. */
export function isDatabaseUnreachable(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const { code, errors, cause, message } = error as {
    code?: unknown;
    errors?: unknown;
    cause?: unknown;
    message?: unknown;
  };
  if (typeof code === "string" && UNREACHABLE_CODES.has(code)) return true;
  if (Array.isArray(errors) && errors.some(isDatabaseUnreachable)) return true;
  if (cause && isDatabaseUnreachable(cause)) return true;
  // The driver's own words when a connection ends or never opens in time.
  return (
    typeof message === "string" &&
    /Connection terminated|connection timeout|timeout expired/i.test(message)
  );
}

export interface StoreWaitOptions {
  port: number;
  host?: string;
  logger: SiteLogger;
}

type WaitingFor = Record<string, string>;

function describeSchemaWait(wait: SchemaWait): { fields: WaitingFor; line: string } {
  if (wait.kind === "migration lock") {
    return {
      fields: { store: "migration lock", holder: wait.holder },
      line: `store: another session holds the migration lock (${wait.holder}): waiting for its migration to end, not ready until then`,
    };
  }
  return {
    fields: { store: "migrating", schema: `${wait.from} to ${wait.to}` },
    line: `store: migrating the schema from version ${wait.from} to ${wait.to}; not ready until it is done`,
  };
}

/**
 * Runs `open` until it succeeds, holding the port while the database is out of reach or
 * `open` waits on the schema; any other failure is thrown at once.
 */
export async function whenDatabaseAnswers<T>(
  open: (onSchemaWait: (wait: SchemaWait) => Promise<void>) => Promise<T>,
  options: StoreWaitOptions,
): Promise<T> {
  let holding: Server | undefined;
  let waitingFor: WaitingFor = {};
  let unreachable = false;
  let delay = FIRST_RETRY_MS;
  const hold = async (fields: WaitingFor) => {
    waitingFor = fields;
    holding ??= await holdPort(options, () => waitingFor);
  };
  // A wait on the schema holds the port once it has lasted SCHEMA_WAIT_HOLD_MS.
  let schemaWaitTimer: NodeJS.Timeout | undefined;
  let schemaWaitHold: Promise<unknown> | undefined;
  const onSchemaWait = async (wait: SchemaWait) => {
    const { fields, line } = describeSchemaWait(wait);
    options.logger.info(line);
    waitingFor = fields;
    if (holding || schemaWaitTimer) return;
    schemaWaitTimer = setTimeout(() => {
      schemaWaitHold = hold(waitingFor).catch((error: unknown) => error);
    }, SCHEMA_WAIT_HOLD_MS);
  };
  const schemaWaitOver = async () => {
    clearTimeout(schemaWaitTimer);
    schemaWaitTimer = undefined;
    const failed = await schemaWaitHold;
    schemaWaitHold = undefined;
    if (failed) throw failed;
  };
  try {
    for (;;) {
      try {
        const opened = await open(onSchemaWait).finally(schemaWaitOver);
        if (unreachable) options.logger.info("store: the database answers; the start goes on");
        return opened;
      } catch (error) {
        if (!isDatabaseUnreachable(error)) throw error;
        const reason = error instanceof Error ? error.message : String(error);
        if (!unreachable) {
          options.logger.warn("store: the database does not answer; not ready until it does", {
            error: describeError(error),
          });
        }
        unreachable = true;
        await hold({ store: "unreachable", error: reason });
      }
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2, LONGEST_RETRY_MS);
    }
  } finally {
    if (holding) await closeServer(holding);
  }
}

function startingAnswer(path: string, waitingFor: () => WaitingFor): Response {
  if (path === HEALTH_PATH) return healthResponse();
  if (path === READINESS_PATH) return startingResponse(waitingFor(), RETRY_AFTER_SECONDS);
  return new Response("The site is starting. Please try again in a few seconds.\n", {
    status: 503,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": NO_STORE,
      "Retry-After": String(RETRY_AFTER_SECONDS),
    },
  });
}

/** Listens on the site's port as a starting instance; `waitingFor`: what it waits for. */
async function holdPort(options: StoreWaitOptions, waitingFor: () => WaitingFor): Promise<Server> {
  const server = createServer((request, response) => {
    const answer = startingAnswer((request.url ?? "/").split("?")[0] ?? "/", waitingFor);
    response.writeHead(answer.status, Object.fromEntries(answer.headers));
    if (request.method === "HEAD") response.end();
    else void answer.text().then((body) => response.end(body));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  options.logger.info("listening as a starting instance", { service: "site", port });
  return server;
}

async function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}
