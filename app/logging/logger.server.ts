// The one logger of the site, the server and the local content service: one JSON object per
// line, info and debug on stdout, warnings and errors on stderr. The configured API secret is
// scrubbed from every line as a last line of defence (the same rule as the BCMS library's).

import type { LogLevel } from "~/config/env.server";
import { createRedactor } from "../../bcms/redact";

export type LogFields = Record<string, unknown>;

export interface SiteLogger {
  /** Optional: a logger made for a test or a caller may leave detail out. */
  debug?(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  /**
   * Optional: an info line whose fields are already JSON object members (`"a":1,"b":"x"`),
   * for the hottest lines (the fast path's access log). The caller guarantees valid JSON
   * and no secret, so the line is neither serialized nor scrubbed again.
   */
  infoMembers?(message: string, members: string): void;
}

export interface JsonLoggerOptions {
  /** Strings never to print (the API secret): replaced by [redacted]. */
  secrets?: readonly string[];
  stdout?: (line: string) => void;
  stderr?: (line: string) => void;
  /** Lowest level written (the setting LOG_LEVEL, app/config/env.server.ts); default `info`. */
  level?: LogLevel;
}

const LEVEL_RANK: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3 };

/** Errors become plain objects (name, message, stack: logs stay on the server). */
export function describeError(error: unknown): LogFields {
  if (error instanceof Error) {
    return { name: error.name, message: error.message, stack: error.stack };
  }
  return { message: String(error) };
}

/** Field values as JSON shows them: an Error's own properties are not enumerable. */
function loggable(_key: string, value: unknown): unknown {
  return value instanceof Error ? { name: value.name, message: value.message } : value;
}

/**
 * Stdout lines gathered for up to FLUSH_AFTER_MS and written together, in order, flushed at
 * exit: under load one write carries hundreds of lines instead of one (a write per event-loop
 * turn still cost about a tenth of the fast path's throughput). Every exit that runs the
 * process's `exit` event writes them (process.exit, the end of the loop, an uncaught
 * exception, a signal the server handles: server/main.ts takes SIGTERM and SIGINT from its
 * start); only a SIGKILL can lose the last FLUSH_AFTER_MS of lines.
 */
let pendingStdout = "";
let flushScheduled = false;
const FLUSH_AT_CHARS = 64 * 1024;
const FLUSH_AFTER_MS = 20;
/**
 * Writes the gathered stdout lines now: on its timer, when they grow large, at exit, and for
 * a moment someone reads the log at: an instance saying ready (/readyz 200) has written every
 * line logged before, such as how its start's catch-up went.
 */
export function writeGatheredLogLines(): void {
  flushScheduled = false;
  if (pendingStdout === "") return;
  const chunk = pendingStdout;
  pendingStdout = "";
  process.stdout.write(chunk);
}
function writeStdoutBatched(line: string): void {
  if (pendingStdout === "" && !flushScheduled) {
    flushScheduled = true;
    setTimeout(writeGatheredLogLines, FLUSH_AFTER_MS).unref();
  }
  pendingStdout += line;
  if (pendingStdout.length >= FLUSH_AT_CHARS) writeGatheredLogLines();
}
// stdout to a file or a pipe is written synchronously on Linux, so this write is done
// before the process ends.
process.once("exit", writeGatheredLogLines);

/** The time as ISO text, made once per millisecond (many lines share one under load). */
let isoMillis = 0;
let isoText = "";
function isoNow(): string {
  const now = Date.now();
  if (now !== isoMillis) {
    isoMillis = now;
    isoText = new Date(now).toISOString();
  }
  return isoText;
}

export function createJsonLogger(options: JsonLoggerOptions = {}): Required<SiteLogger> {
  // Short strings would blank out ordinary words of every line.
  const redact = createRedactor((options.secrets ?? []).filter((s) => s.length >= 4));
  const stdout = options.stdout ?? writeStdoutBatched;
  const stderr = options.stderr ?? ((line) => process.stderr.write(line));
  const minimum = LEVEL_RANK[options.level ?? "info"];
  const write = (level: LogLevel, message: string, fields?: LogFields) => {
    if (LEVEL_RANK[level] < minimum) return;
    const record = { level, time: isoNow(), msg: message, ...fields };
    const line = redact(JSON.stringify(record, loggable));
    (level === "warn" || level === "error" ? stderr : stdout)(`${line}\n`);
  };
  const infoShown = LEVEL_RANK.info >= minimum;
  return {
    infoMembers: (message, members) => {
      if (!infoShown) return;
      const time = isoNow();
      stdout(`{"level":"info","time":"${time}","msg":${JSON.stringify(message)},${members}}\n`);
    },
    debug: (message, fields) => write("debug", message, fields),
    info: (message, fields) => write("info", message, fields),
    warn: (message, fields) => write("warn", message, fields),
    error: (message, fields) => write("error", message, fields),
  };
}

export const silentLogger: Required<SiteLogger> = {
  debug() {},
  info() {},
  infoMembers() {},
  warn() {},
  error() {},
};

/**
 * The BCMS library logs console-style (`logger.warn(message, ...values)`): the first string is
 * the message and the other values go to `details`, so its lines have the site's shape.
 */
export function toConsoleStyle(logger: SiteLogger): Record<LogLevel, (...args: unknown[]) => void> {
  const at =
    (level: LogLevel) =>
    (...args: unknown[]) => {
      const [first, ...rest] = args;
      const message = typeof first === "string" ? first : "";
      const values = typeof first === "string" ? rest : args;
      const fields =
        values.length === 0 ? undefined : { details: values.length === 1 ? values[0] : values };
      logger[level]?.(message, fields);
    };
  return { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
}
