// What a child process wrote (stdout and stderr together, in order of arrival) and how it
// ended: tests read both, for their assertions and for a failure's message.
import type { ChildProcess } from "node:child_process";

export interface WatchedChild {
  /** Everything written so far. */
  output(): string;
  /** The exit code once it exits (null when a signal ended it); rejects if it never started. */
  exited: Promise<number | null>;
}

export function watchChild(child: ChildProcess): WatchedChild {
  let output = "";
  const gather = (chunk: Buffer | string) => {
    output += chunk;
  };
  child.stdout?.on("data", gather);
  child.stderr?.on("data", gather);
  const exited = new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => resolve(code));
  });
  return { output: () => output, exited };
}

/** Waits for the child to exit; its code and everything it wrote. */
export async function childResult(
  child: ChildProcess,
): Promise<{ code: number | null; output: string }> {
  const watched = watchChild(child);
  const code = await watched.exited;
  return { code, output: watched.output() };
}
