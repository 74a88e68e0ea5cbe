// The injectable logger of the BCMS library, and the wrapper that keeps the secret out of logs.
import { type Redactor, redactValue } from "./redact";

/** Console-like logger; inject your own (structured logs) through the client configuration. */
export interface BcmsLogger {
  debug(...args: unknown[]): void;
  info(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
}

export const consoleLogger: BcmsLogger = {
  debug: (...args) => console.debug(...args),
  info: (...args) => console.info(...args),
  warn: (...args) => console.warn(...args),
  error: (...args) => console.error(...args),
};

export const silentLogger: BcmsLogger = {
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
};

/**
 * Wraps a logger so every argument is redacted and debug lines are dropped unless `debug` is on.
 * A throwing logger must not break a request or the socket, so its failures are swallowed.
 */
export function createSafeLogger(
  base: BcmsLogger,
  options: { debug: boolean; redact: Redactor },
): BcmsLogger {
  function write(level: keyof BcmsLogger, args: unknown[]): void {
    try {
      base[level](...args.map((arg) => redactValue(arg, options.redact)));
    } catch {
      // Logging is best effort.
    }
  }
  return {
    debug: (...args) => {
      if (options.debug) write("debug", args);
    },
    info: (...args) => write("info", args),
    warn: (...args) => write("warn", args),
    error: (...args) => write("error", args),
  };
}
