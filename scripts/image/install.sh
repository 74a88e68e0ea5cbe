#!/bin/sh
# The project's dependencies, exactly as the lockfile records them (npm ci: a lock that
# drifts from package.json fails here). The image runs it twice: with every dependency to
# build, with `--omit=dev` for what runs. CI installs with it too (.ci/run).
set -eu
cd "$(dirname "$0")/../.."
exec npm ci --no-audit --no-fund "$@"
