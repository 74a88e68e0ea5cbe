#!/bin/sh
# Copies the image's build (/app/build) into a writable folder, for a root filesystem that is
# read-only: an init container of the image runs it into an emptyDir, which the site's
# container then mounts at /app/build (docs/deploy.md, The image).
#
#   copy-build.sh /mnt/build
#
# It runs as the image's user (uid 1000), and the emptyDir's own folder belongs to root
# (mode 0777): uid 1000 may write into it but not change its times or mode, which is why
# `cp -a /app/build/. /mnt/build/` exits 1 there ("preserving times for '/mnt/build/.'").
# So each entry of the build is copied whole, with its mode and times, and the folder
# itself is left as the volume made it. The times matter: a file too large to keep in
# memory is served with an ETag made of its size and mtime, alike on every instance only if
# each copy keeps the image's times.
set -eu
if [ "$#" -ne 1 ]; then
  echo "usage: copy-build.sh FOLDER (an empty, writable folder: the volume to mount at /app/build)" >&2
  exit 2
fi
source_dir="$(cd "$(dirname "$0")/../.." && pwd)/build"
target=$1
if [ ! -d "$target" ] || [ ! -w "$target" ]; then
  echo "copy-build: $target is not a folder this user ($(id -u)) can write into" >&2
  exit 1
fi
if [ ! -f "$source_dir/.stamp.json" ]; then
  echo "copy-build: $source_dir holds no build (no .stamp.json)" >&2
  exit 1
fi
# A pod's emptyDir outlives a restart of its containers: what an earlier run wrote there
# (pages rewritten, their records) goes, so the copy is the build and nothing else.
find "$target" -mindepth 1 -maxdepth 1 -exec rm -rf {} +
find "$source_dir" -mindepth 1 -maxdepth 1 -exec cp -a -t "$target" {} +
test -f "$target/.stamp.json"
echo "copy-build: $source_dir copied into $target ($(find "$target" -type f | wc -l) files)"
