// Structured logs: one JSON object per line, requests on stdout, warnings and errors on
// stderr. Query values that could carry a credential are redacted, and the configured
// API secret is scrubbed from every line as a last line of defence.

import type { LogLevel } from "../app/config/env.server";
import { DOWNLOAD_ROUTE_PREFIX } from "../app/forms/model";

export type LogFields = Record<string, unknown>;

export interface SiteLogger {
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

export const REDACTED = "[redacted]";
const SENSITIVE_PARAM = /(api[-_]?key|token|secret|password|passwd|signature|^sig$|^key$|auth)/i;

/** The query string with the values of credential-like parameters replaced. */
export function redactSearch(search: string): string {
  if (search === "" || search === "?") return "";
  const params = new URLSearchParams(search);
  const out: string[] = [];
  for (const [key, value] of params) {
    const shown = SENSITIVE_PARAM.test(key) ? REDACTED : encodeURIComponent(value);
    out.push(`${encodeURIComponent(key)}=${shown}`);
  }
  return `?${out.join("&")}`;
}

/** The path as logged: the token of a signed download link is a secret. */
export function redactPath(pathname: string): string {
  return pathname.startsWith(DOWNLOAD_ROUTE_PREFIX)
    ? `${DOWNLOAD_ROUTE_PREFIX}${REDACTED}`
    : pathname;
}

/** Errors become plain objects (name, message, stack: logs stay on the server). */
export function describeError(error: unknown): LogFields {
  if (error instanceof Error) {
    return { name: error.name, message: error.message, stack: error.stack };
  }
  return { message: String(error) };
}

export interface JsonLoggerOptions {
  /** Strings never to print (the API secret): replaced by [redacted]. */
  secrets?: readonly string[];
  stdout?: (line: string) => void;
  stderr?: (line: string) => void;
  /** Lowest level written (the setting LOG_LEVEL, app/config/env.server.ts); default `info`. */
  level?: LogLevel;
}

/** This logger writes no debug lines: `debug` lets everything through, like `info`. */
const LEVEL_RANK: Record<LogLevel, number> = { debug: 1, info: 1, warn: 2, error: 3 };

export function createJsonLogger(options: JsonLoggerOptions = {}): SiteLogger {
  const secrets = (options.secrets ?? []).filter((s) => s.length >= 4);
  const stdout = options.stdout ?? ((line) => process.stdout.write(line));
  const stderr = options.stderr ?? ((line) => process.stderr.write(line));
  const minimum = LEVEL_RANK[options.level ?? "info"];
  const write = (level: "info" | "warn" | "error", message: string, fields?: LogFields) => {
    if (LEVEL_RANK[level] < minimum) return;
    let line = JSON.stringify({ level, time: new Date().toISOString(), msg: message, ...fields });
    for (const secret of secrets) line = line.split(secret).join(REDACTED);
    (level === "info" ? stdout : stderr)(`${line}\n`);
  };
  return {
    info: (message, fields) => write("info", message, fields),
    warn: (message, fields) => write("warn", message, fields),
    error: (message, fields) => write("error", message, fields),
  };
}

export const silentLogger: SiteLogger = { info() {}, warn() {}, error() {} };
