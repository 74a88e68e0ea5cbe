// `npm run forms -- …` run in the test's own process, through the function the script's entry
// calls with the process's variables and streams (scripts/forms.ts): the same command, with no
// process start per run. What it writes is gathered for the test to read.
import { runFormsCommand } from "../../scripts/forms";

export interface FormsCommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs one command with exactly `env` as its variables. */
export async function runForms(
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<FormsCommandResult> {
  let stdout = "";
  let stderr = "";
  const code = await runFormsCommand(args, {
    env,
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
  });
  return { code, stdout, stderr };
}
