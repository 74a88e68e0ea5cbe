#!/bin/sh
# The Debian packages the site runs with, beyond the slim base image:
# - tini, the init the image runs node under: as PID 1 it forwards signals to node and reaps
#   zombies, which node as PID 1 would not do;
# - Liberation Sans and fontconfig's configuration: the share images (/og/…) are drawn as SVG
#   and rendered by sharp, which sees system fonts only. Without them a card's title renders
#   as no readable text; their line breaks are measured for Liberation Sans Bold (decision 0010).
set -eu
apt-get update
DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
  tini fontconfig-config fonts-liberation
rm -rf /var/lib/apt/lists/*
