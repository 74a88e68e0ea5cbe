// Structured one-line JSON logs for the content layer and the server.
import { getEnv, type LogLevel } from "../config/env.server";

type Level = LogLevel;
const LEVELS: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

function threshold(): number {
  let configured: Level = "info";
  try {
    configured = getEnv().logLevel;
  } catch {
    // An invalid environment is reported where the site starts; log at the default here.
  }
  return LEVELS[configured];
}

function toLoggable(value: unknown): unknown {
  if (value instanceof Error) return { name: value.name, message: value.message };
  return value;
}

function write(level: Level, message: string, details: unknown[]): void {
  if (LEVELS[level] < threshold()) return;
  const line: Record<string, unknown> = { level, time: new Date().toISOString(), msg: message };
  if (details.length === 1) line.details = toLoggable(details[0]);
  else if (details.length > 1) line.details = details.map(toLoggable);
  const text = JSON.stringify(line);
  if (level === "error" || level === "warn") process.stderr.write(`${text}\n`);
  else process.stdout.write(`${text}\n`);
}

function logAt(level: Level) {
  return (...args: unknown[]) => {
    const [first, ...rest] = args;
    if (typeof first === "string") write(level, first, rest);
    else write(level, "", args);
  };
}

/** Matches the BCMS library's logger shape, so the client logs through it too. */
export const logger = {
  debug: logAt("debug"),
  info: logAt("info"),
  warn: logAt("warn"),
  error: logAt("error"),
};
