// An operator's command (a TypeScript script of the project) compiled once into one
// JavaScript file, as the server's bundle is (scripts/server-bundles.mjs): packages left in
// node_modules. A test that runs the command many times as a child process then runs the
// same program without a TypeScript compiler's cold start in each child.
import path from "node:path";
import { pathToFileURL } from "node:url";

/** What scripts/server-bundles.mjs offers the tests. */
interface ServerBundler {
  bundleEntry(root: string, entry: string, outfile: string): Promise<void>;
  currentBundleOf(entry: string, file: string): Promise<string>;
}

/** The project's bundler: JavaScript without types of its own, imported by address. */
export async function serverBundler(projectDir: string): Promise<ServerBundler> {
  const address = pathToFileURL(path.join(projectDir, "scripts", "server-bundles.mjs")).href;
  return (await import(address)) as ServerBundler;
}

/**
 * Compiles `entry` (relative to `projectDir`) into the project's .cache folder, where its
 * packages resolve as they do from the script; resolves to the file (the caller removes it).
 */
export async function compileScript(projectDir: string, entry: string): Promise<string> {
  const name = path.basename(entry, path.extname(entry));
  // Named per process and moment: runs of the suite side by side never share a file.
  const outfile = path.join(projectDir, ".cache", `${name}-${process.pid}-${Date.now()}.mjs`);
  const { bundleEntry } = await serverBundler(projectDir);
  await bundleEntry(projectDir, entry, outfile);
  return outfile;
}
