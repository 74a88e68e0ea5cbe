// The code's shape in figures anyone can re-run (`npm run shape`): per folder, the longest
// functions and the share of lines that are comments. A function is measured from its first to
// its last line, each nested function on its own too (a reviewer counts a closure that builds
// an object of methods as one function, whatever it holds). Test files and test kits are left
// out: the limit (scripts/check-shape.ts) is for the code a test exercises.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import ts from "typescript";
import { PROJECT_DIR } from "../server/running/build-stamp";

/** The folders the figures are given for; "." is the project's own top-level files. */
export const SHAPE_FOLDERS = [
  "server",
  "app",
  "bcms",
  "content-server",
  "scripts",
  "vite",
  ".",
] as const;

const SOURCE_FILE = /\.(ts|tsx|mts|mjs|js)$/;
const TEST_FILE = /\.(test|spec)\.tsx?$/;
const SKIPPED_DIRS = new Set(["node_modules", "build", ".cache", ".react-router", "assets"]);

export interface FunctionLength {
  name: string;
  /** Project-relative, with forward slashes. */
  file: string;
  /** 1-based line of the function's first token. */
  line: number;
  lines: number;
}

export interface FileShape {
  functions: FunctionLength[];
  /** Lines holding a comment and no code. */
  commentLines: number;
  /** Lines holding anything but white space. */
  nonBlankLines: number;
}

export interface FolderShape extends FileShape {
  folder: string;
  files: number;
}

/** What a reader would call the function at `node`. */
function functionName(node: ts.SignatureDeclaration, file: ts.SourceFile): string {
  const own = node.name;
  const ownerClass = ts.isClassLike(node.parent) ? node.parent.name?.text : undefined;
  if (ts.isConstructorDeclaration(node)) return `${ownerClass ?? "(class)"}.constructor`;
  if (own) {
    const text = own.getText(file);
    return ownerClass ? `${ownerClass}.${text}` : text;
  }
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) {
    return parent.name.getText(file);
  }
  if (ts.isPropertyDeclaration(parent)) {
    const owner = ts.isClassLike(parent.parent) ? parent.parent.name?.text : undefined;
    return owner ? `${owner}.${parent.name.getText(file)}` : parent.name.getText(file);
  }
  if (ts.isExportAssignment(parent) || ts.isFunctionDeclaration(node)) return "default export";
  if (ts.isCallExpression(parent)) {
    const callee = parent.expression.getText(file).replace(/\s+/g, "");
    return `${callee.length > 40 ? `${callee.slice(0, 40)}…` : callee} callback`;
  }
  return "(anonymous)";
}

function lineOf(file: ts.SourceFile, position: number): number {
  return file.getLineAndCharacterOfPosition(position).line;
}

/** Every function of `text`, with its length in lines, and its comment and code lines. */
export function measureSource(fileName: string, text: string): FileShape {
  const kind = fileName.endsWith(".tsx")
    ? ts.ScriptKind.TSX
    : fileName.endsWith(".ts") || fileName.endsWith(".mts")
      ? ts.ScriptKind.TS
      : ts.ScriptKind.JS;
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const functions: FunctionLength[] = [];
  const codeLines = new Set<number>();
  const commentLines = new Set<number>();
  const seenComments = new Set<number>();

  const mark = (lines: Set<number>, start: number, end: number) => {
    for (let line = lineOf(file, start); line <= lineOf(file, end); line++) lines.add(line);
  };
  const markComments = (position: number) => {
    for (const range of ts.getLeadingCommentRanges(text, position) ?? []) {
      if (seenComments.has(range.pos)) continue;
      seenComments.add(range.pos);
      mark(commentLines, range.pos, range.end);
    }
  };

  const visit = (node: ts.Node) => {
    // JSDoc is parsed into nodes too; its text is found as a comment before the next token.
    if (node.kind >= ts.SyntaxKind.FirstJSDocNode && node.kind <= ts.SyntaxKind.LastJSDocNode) {
      return;
    }
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const first = lineOf(file, node.getStart(file));
      const last = lineOf(file, node.getEnd());
      functions.push({
        name: functionName(node, file),
        file: fileName,
        line: first + 1,
        lines: last - first + 1,
      });
    }
    const children = node.getChildren(file);
    if (children.length === 0 || ts.isJsxText(node)) {
      // A token: its comments sit in the trivia before it.
      markComments(node.getFullStart());
      const blank = ts.isJsxText(node) && node.containsOnlyTriviaWhiteSpaces;
      if (!blank && node.kind !== ts.SyntaxKind.EndOfFileToken) {
        mark(codeLines, node.getStart(file), node.getEnd());
      }
      return;
    }
    for (const child of children) visit(child);
  };
  visit(file);

  let onlyComments = 0;
  for (const line of commentLines) if (!codeLines.has(line)) onlyComments += 1;
  return {
    functions,
    commentLines: onlyComments,
    nonBlankLines: new Set([...codeLines, ...commentLines]).size,
  };
}

/** A file of tests or of the test kits: outside the figures. */
export function isTestCode(file: string): boolean {
  return TEST_FILE.test(file) || file.startsWith("tests/");
}

function listSources(projectDir: string, dir: string, recursive: boolean, out: string[]): void {
  for (const name of readdirSync(path.join(projectDir, dir))) {
    if (SKIPPED_DIRS.has(name) || name.startsWith(".")) continue;
    const relative = dir === "." ? name : `${dir}/${name}`;
    if (statSync(path.join(projectDir, relative)).isDirectory()) {
      if (recursive) listSources(projectDir, relative, true, out);
    } else if (SOURCE_FILE.test(name) && !name.endsWith(".d.ts") && !isTestCode(relative)) {
      out.push(relative);
    }
  }
}

/** The shape of each of SHAPE_FOLDERS, its functions longest first. */
export function measureProject(projectDir: string): FolderShape[] {
  return SHAPE_FOLDERS.map((folder) => {
    const files: string[] = [];
    listSources(projectDir, folder, folder !== ".", files);
    const shape: FolderShape = {
      folder,
      files: files.length,
      functions: [],
      commentLines: 0,
      nonBlankLines: 0,
    };
    for (const file of files) {
      const measured = measureSource(file, readFileSync(path.join(projectDir, file), "utf8"));
      shape.functions.push(...measured.functions);
      shape.commentLines += measured.commentLines;
      shape.nonBlankLines += measured.nonBlankLines;
    }
    shape.functions.sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file));
    return shape;
  });
}

export function commentShare(shape: FileShape): number {
  return shape.nonBlankLines === 0 ? 0 : shape.commentLines / shape.nonBlankLines;
}

/** The report `npm run shape` prints: a summary per folder, then its longest functions. */
export function formatShape(folders: readonly FolderShape[], longest = 5): string {
  const label = (folder: string) => (folder === "." ? "(top level)" : `${folder}/`);
  const rows = [
    "folder          files  lines  comments  longest function",
    ...folders.map((shape) => {
      const top = shape.functions[0];
      return [
        label(shape.folder).padEnd(15),
        String(shape.files).padStart(5),
        String(shape.nonBlankLines).padStart(6),
        `${(commentShare(shape) * 100).toFixed(1)}%`.padStart(9),
        ` ${top ? `${top.lines} ${top.name}` : "-"}`,
      ].join(" ");
    }),
    "",
    "(lines: non-blank lines; comments: the share of them holding a comment and no code)",
  ];
  for (const shape of folders) {
    rows.push("", `${label(shape.folder)} longest functions:`);
    for (const fn of shape.functions.slice(0, longest)) {
      rows.push(`  ${String(fn.lines).padStart(4)}  ${fn.name}  ${fn.file}:${fn.line}`);
    }
  }
  return rows.join("\n");
}

// `npm run shape [-- [--top N] [DIR]]`: DIR is another checkout (an older commit's, to compare).
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const args = process.argv.slice(2);
  const topAt = args.indexOf("--top");
  const top = topAt >= 0 ? Number(args.splice(topAt, 2)[1]) : 5;
  if (!Number.isInteger(top) || top < 0) throw new Error("--top takes a whole number");
  console.log(formatShape(measureProject(path.resolve(args[0] ?? PROJECT_DIR)), top));
}
