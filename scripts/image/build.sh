#!/bin/sh
# The production build (`npm run build`): from the seed snapshot in content/ when no CMS is
# configured, from the CMS when the BCMS_* variables are given (in the image: build
# arguments, and the API key secret as the build secret `bcms_api_key_secret`, which never
# lands in a layer). The settings that end up in the pages (SITE_ORIGIN, GTM_ID, BUILD_ID,
# PUBLIC_STATUS, the CMS) must be the ones the instances run with: the image keeps them as
# its defaults.
set -eu
cd "$(dirname "$0")/../.."
# Build arguments that were not given arrive as empty strings: unset means unset.
for name in SITE_ORIGIN GTM_ID BUILD_ID PUBLIC_STATUS BCMS_ORIGIN BCMS_ORG_ID BCMS_INSTANCE_ID BCMS_API_KEY_ID BCMS_API_KEY_SECRET; do
  eval "value=\${$name:-}"
  if [ -z "$value" ]; then unset "$name"; fi
done
secret_file=${BCMS_API_KEY_SECRET_FILE:-/run/secrets/bcms_api_key_secret}
if [ -z "${BCMS_API_KEY_SECRET:-}" ] && [ -r "$secret_file" ]; then
  BCMS_API_KEY_SECRET=$(cat "$secret_file")
  export BCMS_API_KEY_SECRET
fi
npm run build
# The server's bundles too, so that the image's start writes nothing (scripts/start.mjs).
node scripts/server-bundles.mjs
# What the server checks at start: a build without its stamp would be built again there.
test -f build/.stamp.json
test -f build/content-versions.json
test -f build/server.mjs.inputs.json
test -f build/render-worker.mjs.inputs.json
echo "image build: done ($(node -e 'console.log(require("./build/client/builds/latest.json").id)'))"
