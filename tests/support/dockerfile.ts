// The part of a Dockerfile the image tests need: its stages, and in each the WORKDIR, ARG,
// COPY and RUN steps in order (other instructions are left out). Lines joined at a trailing
// backslash, comments dropped; flags such as --chown or --mount are read or skipped.

export type DockerStep =
  | { kind: "workdir"; path: string }
  | { kind: "arg"; name: string; default?: string }
  | { kind: "copy"; sources: string[]; destination: string; fromStage?: string; chown?: string }
  | { kind: "run"; script: string };

export interface DockerStage {
  /** The image or stage it starts from, as written (`${NODE_IMAGE}`, `deps`). */
  from: string;
  name?: string;
  steps: DockerStep[];
}

/** One instruction per entry: continuation lines joined, comments and blank lines dropped. */
function instructions(text: string): string[] {
  const joined: string[] = [];
  let current = "";
  for (const line of text.split("\n")) {
    if (/^\s*#/.test(line) && current === "") continue;
    const trimmed = line.trimEnd();
    if (trimmed.endsWith("\\")) {
      current += `${trimmed.slice(0, -1)} `;
      continue;
    }
    current += trimmed;
    if (current.trim() !== "") joined.push(current.trim());
    current = "";
  }
  return joined;
}

/** Splits leading `--name=value` flags off an instruction's arguments. */
function flagsAndRest(args: string): { flags: Map<string, string>; rest: string } {
  const flags = new Map<string, string>();
  let rest = args.trim();
  for (let match = /^--([\w-]+)=(\S+)\s*/.exec(rest); match; ) {
    flags.set(match[1] ?? "", match[2] ?? "");
    rest = rest.slice(match[0].length);
    match = /^--([\w-]+)=(\S+)\s*/.exec(rest);
  }
  return { flags, rest };
}

export function parseDockerfile(text: string): DockerStage[] {
  const stages: DockerStage[] = [];
  for (const instruction of instructions(text)) {
    const [keyword = "", ...words] = instruction.split(/\s+/);
    const args = instruction.slice(keyword.length).trim();
    const stage = stages.at(-1);
    switch (keyword.toUpperCase()) {
      case "FROM": {
        const { rest } = flagsAndRest(args);
        const [from = "", as, name] = rest.split(/\s+/);
        stages.push({
          from,
          name: as?.toUpperCase() === "AS" ? name : undefined,
          steps: [],
        });
        break;
      }
      case "WORKDIR":
        stage?.steps.push({ kind: "workdir", path: words.join(" ") });
        break;
      case "COPY": {
        const { flags, rest } = flagsAndRest(args);
        const paths = rest.startsWith("[") ? (JSON.parse(rest) as string[]) : rest.split(/\s+/);
        const destination = paths.pop() ?? "";
        stage?.steps.push({
          kind: "copy",
          sources: paths,
          destination,
          fromStage: flags.get("from"),
          chown: flags.get("chown"),
        });
        break;
      }
      case "ARG": {
        const [name = "", ...value] = args.split("=");
        stage?.steps.push({
          kind: "arg",
          name,
          default: value.length > 0 ? value.join("=") : undefined,
        });
        break;
      }
      case "RUN": {
        const { rest } = flagsAndRest(args);
        const script = rest.startsWith("[") ? (JSON.parse(rest) as string[]).join(" ") : rest;
        stage?.steps.push({ kind: "run", script });
        break;
      }
      default:
        break;
    }
  }
  return stages;
}
