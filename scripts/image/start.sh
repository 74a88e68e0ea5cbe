#!/bin/sh
# What the image runs (its CMD, under tini): `npm start`'s own command, with `exec` so that
# node itself receives SIGTERM (it stops accepting, lets requests in flight finish, exits).
set -eu
cd "$(dirname "$0")/../.."
exec node --max-old-space-size=256 --max-semi-space-size=8 scripts/start.mjs
