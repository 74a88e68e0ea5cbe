// The validated environment for the commands (start, dev, forms): every problem printed on
// its own line, so an operator fixes them all at once. Kept apart from server/main.ts so that a
// command reading its settings does not load the site server.
import { EnvError, parseEnv, type SiteEnv } from "./env.server";

/** Prints one line per configuration problem; returns the env or undefined. */
export function readEnvOrReport(
  processEnv: NodeJS.ProcessEnv,
  report: (line: string) => void = (line) => console.error(line),
): SiteEnv | undefined {
  try {
    return parseEnv(processEnv);
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    // EnvError's message is the report: a heading, then one line per problem.
    for (const line of error.message.split("\n")) report(line);
    return undefined;
  }
}
