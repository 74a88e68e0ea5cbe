// The Node the project runs on: the major of package.json's `engines`. On Linux (x64, arm64)
// `npm install` brings that Node from the npm registry (the optional dependency
// node-linux-<arch>: node_modules/.bin/node, first on the PATH of every npm script), so a
// machine whose own Node is older still runs everything on the project's. Elsewhere the
// machine's Node must be it, and the commands say so in one line instead of failing later.
// JavaScript without imports from node_modules: it runs before anything can compile TypeScript.
import { readFileSync } from "node:fs";

const packageJson = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));

/** The engines range, e.g. "^26.12.1", and its major. */
export const PROJECT_NODE = {
  range: packageJson.engines.node,
  major: Number(/\d+/.exec(packageJson.engines.node)?.[0]),
};

/** Why this process's Node cannot run the project, or undefined when it can. */
export function nodeVersionProblem(version = process.versions.node) {
  const [major = 0, minor = 0, patch = 0] = version.split(".").map(Number);
  const [, wantMinor = 0, wantPatch = 0] = /(\d+)\.(\d+)\.(\d+)/
    .exec(PROJECT_NODE.range)
    ?.slice(1)
    .map(Number) ?? [PROJECT_NODE.major, 0, 0];
  const recentEnough =
    major === PROJECT_NODE.major &&
    (minor > wantMinor || (minor === wantMinor && patch >= wantPatch));
  if (recentEnough) return undefined;
  return (
    `This project runs on Node ${PROJECT_NODE.range}, not ${version}: on Linux x64 or arm64 run it ` +
    `through npm (npm start, npm test, npm run …), which uses the Node that npm install put in ` +
    `node_modules/.bin; elsewhere install Node ${PROJECT_NODE.major} (https://nodejs.org).`
  );
}

/** Stops the process with that one line when its Node cannot run the project. */
export function requireProjectNode() {
  const problem = nodeVersionProblem();
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
