/** The small logging surface the content service needs; `console` satisfies it. */
export interface ContentLogger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export const consoleLogger: ContentLogger = {
  info: (message) => console.log(message),
  warn: (message) => console.warn(message),
  error: (message) => console.error(message),
};

export const silentLogger: ContentLogger = {
  info: () => {},
  warn: () => {},
  error: () => {},
};
