// A server's JSON log read from its file while the server may still be writing it: only
// complete lines count. The line being written has no newline yet, and parsing it half
// written failed a test that polled the log (schedule-instances, "Unexpected end of JSON").
import { readFile } from "node:fs/promises";

/** The JSON lines of a log's text, without a last line still being written. */
export function completeLogLines<Line = Record<string, unknown>>(text: string): Line[] {
  return text
    .slice(0, text.lastIndexOf("\n") + 1)
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Line);
}

/** The complete JSON lines of the log file so far; none while it does not exist yet. */
export async function readLogLines<Line = Record<string, unknown>>(file: string): Promise<Line[]> {
  const text = await readFile(file, "utf8").catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return "";
    throw error;
  });
  return completeLogLines<Line>(text);
}
