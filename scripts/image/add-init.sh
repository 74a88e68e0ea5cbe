#!/bin/sh
# Debian's tini, the init the image runs node under: as PID 1 it forwards signals to node
# and reaps zombies, which node as PID 1 would not do.
set -eu
apt-get update
DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends tini
rm -rf /var/lib/apt/lists/*
