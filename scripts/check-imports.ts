// The import rules of docs/decisions/0009-layout.md, checked on the source: which folder may
// import which, no import cycle (type-only imports count: they tie modules as much as values
// do), the subfolders of server/ in one direction (no two of them import each other, through
// any number of steps), and only app/config/ reads the process environment in app/.
// `npm run lint` runs it; it prints one line per problem and exits non-zero on any.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import ts from "typescript";
import { PROJECT_DIR } from "../server/running/build-stamp";

/** The source folders, and the folders each may import from besides itself. */
export const IMPORT_RULES: Record<string, readonly string[]> = {
  bcms: [],
  "app/config": ["bcms"],
  "app/logging": ["app/config", "bcms"],
  app: ["bcms"],
  "content-server": ["bcms", "app/config", "app/logging"],
  server: ["app", "bcms", "content-server"],
  scripts: ["app", "bcms", "content-server", "server", "vite", "tests/support"],
  vite: [],
  tests: ["app", "bcms", "content-server", "server", "scripts", "vite"],
};

/**
 * Folders whose subfolders import in one direction: the folder's own files and each direct
 * subfolder form a graph that must have no cycle.
 */
export const ONE_WAY_SUBFOLDERS: readonly string[] = ["server"];

/** Test files of a folder may also use the shared test kits. */
const TEST_FILE = /\.test\.tsx?$/;
const TEST_SUPPORT = "tests/support";
const SOURCE_FILE = /\.(ts|tsx)$/;
const SKIPPED_DIRS = new Set(["node_modules", "build", ".cache", ".react-router", "assets"]);

/** The folder a project file belongs to: the longest key of IMPORT_RULES that holds it. */
export function folderOf(file: string): string | undefined {
  let best: string | undefined;
  for (const folder of Object.keys(IMPORT_RULES)) {
    if ((file === folder || file.startsWith(`${folder}/`)) && folder.length > (best?.length ?? 0)) {
      best = folder;
    }
  }
  return best;
}

export function isAllowed(from: string, to: string): boolean {
  const source = folderOf(from);
  const target = folderOf(to);
  if (!source || !target || source === target) return true;
  // app/config and app/logging are parts of app: app's own files use them freely.
  if (source === "app" && target.startsWith("app/")) return true;
  if (target === "app" && source.startsWith("app/")) return false;
  if (TEST_FILE.test(from) && to.startsWith(`${TEST_SUPPORT}/`)) return true;
  const inside = (folder: string) => to === folder || to.startsWith(`${folder}/`);
  return (IMPORT_RULES[source] ?? []).some(inside);
}

function listSources(projectDir: string, dir: string, out: string[]): void {
  for (const name of readdirSync(path.join(projectDir, dir))) {
    if (SKIPPED_DIRS.has(name) || name.startsWith(".")) continue;
    const relative = dir ? `${dir}/${name}` : name;
    if (statSync(path.join(projectDir, relative)).isDirectory())
      listSources(projectDir, relative, out);
    else if (SOURCE_FILE.test(name) && !name.endsWith(".d.ts")) out.push(relative);
  }
}

/** Resolves a relative or `~/` specifier to a project file; undefined for packages. */
function resolveSpecifier(projectDir: string, from: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith("~/")) base = path.join("app", specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.join(path.dirname(from), specifier);
  else return undefined;
  const stripped = base.replace(/\.(js|ts|tsx)$/, "");
  for (const candidate of [
    base,
    `${stripped}.ts`,
    `${stripped}.tsx`,
    `${stripped}/index.ts`,
    `${stripped}/index.tsx`,
  ]) {
    const file = path.normalize(candidate).split(path.sep).join("/");
    try {
      if (statSync(path.join(projectDir, file)).isFile()) return file;
    } catch {
      // Try the next form.
    }
  }
  return undefined;
}

export type ImportGraph = Map<string, string[]>;

export function readImportGraph(projectDir: string, roots: readonly string[]): ImportGraph {
  const files: string[] = [];
  for (const root of roots) listSources(projectDir, root, files);
  const graph: ImportGraph = new Map();
  for (const file of files) {
    const source = readFileSync(path.join(projectDir, file), "utf8");
    const { importedFiles } = ts.preProcessFile(source, true, true);
    const targets = importedFiles
      .map((imported) => resolveSpecifier(projectDir, file, imported.fileName))
      .filter((target): target is string => target !== undefined && SOURCE_FILE.test(target));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Every import cycle, as the files of each strongly connected group (Tarjan). */
export function findCycles(graph: ImportGraph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(group.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

/** `process.env` other than NODE_ENV, read by a non-test file of app/ outside app/config/. */
export function readsEnvironment(file: string, source: string): boolean {
  if (!file.startsWith("app/") || file.startsWith("app/config/") || TEST_FILE.test(file))
    return false;
  return /process\.env(?!\.NODE_ENV\b)/.test(source);
}

/** `server/serving/x.ts` -> `server/serving`; `server/main.ts` -> `server` (for `server`). */
export function subfolderOf(parent: string, file: string): string | undefined {
  if (!file.startsWith(`${parent}/`)) return undefined;
  const rest = file.slice(parent.length + 1).split("/");
  return rest.length > 1 ? `${parent}/${rest[0]}` : parent;
}

/**
 * The subfolders of `parent` that import each other (directly or through others), each
 * cycle with one import for each of its steps, so the line says what to move.
 */
export function subfolderCycles(graph: ImportGraph, parent: string): string[] {
  const folders: ImportGraph = new Map();
  /** `from-folder -> to-folder` -> one import that makes the step. */
  const example = new Map<string, string>();
  for (const [from, targets] of graph) {
    const source = subfolderOf(parent, from);
    if (!source) continue;
    const edges = folders.get(source) ?? [];
    folders.set(source, edges);
    for (const to of targets) {
      const target = subfolderOf(parent, to);
      if (!target || target === source) continue;
      if (!edges.includes(target)) edges.push(target);
      if (!example.has(`${source} -> ${target}`))
        example.set(`${source} -> ${target}`, `${from} imports ${to}`);
    }
  }
  return findCycles(folders).map((cycle) => {
    const members = new Set(cycle);
    const steps = [...example]
      .filter(([step]) => {
        const [source, target] = step.split(" -> ");
        return members.has(source as string) && members.has(target as string);
      })
      .map(([, imported]) => imported);
    return `${cycle.map((folder) => `${folder}/`).join(" and ")} import each other: ${steps.join("; ")}`;
  });
}

export function checkImports(projectDir: string): string[] {
  const graph = readImportGraph(
    projectDir,
    Object.keys(IMPORT_RULES).filter((f) => !f.includes("/")),
  );
  const problems: string[] = [];
  for (const [from, targets] of graph) {
    for (const to of targets) {
      if (!isAllowed(from, to)) {
        problems.push(`${from} imports ${to}: ${folderOf(from)}/ may not import ${folderOf(to)}/`);
      }
    }
    if (readsEnvironment(from, readFileSync(path.join(projectDir, from), "utf8"))) {
      problems.push(`${from} reads process.env: settings come from app/config/env.server.ts`);
    }
  }
  for (const cycle of findCycles(graph)) problems.push(`import cycle: ${cycle.join(" -> ")}`);
  for (const parent of ONE_WAY_SUBFOLDERS) problems.push(...subfolderCycles(graph, parent));
  return problems;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const problems = checkImports(PROJECT_DIR);
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) process.exit(1);
  console.log(
    "imports: every folder imports in its direction, no cycle, server/'s subfolders one way",
  );
}
