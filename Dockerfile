# syntax=docker/dockerfile:1
# The production image of the site. Every step is a script of the project (scripts/image/).
# CI builds these stages without Docker, each on exactly what it copies, in a WORKDIR named
# app as here, and starts the result (tests/integration/image.test.ts).
#
#   docker build -t id5-site .                                  # pages from the seed snapshot
#   docker build -t id5-site \                                  # pages from a reachable CMS
#     --build-arg BCMS_ORIGIN=https://app.thebcms.com --build-arg BCMS_ORG_ID=… \
#     --build-arg BCMS_INSTANCE_ID=… --build-arg BCMS_API_KEY_ID=… \
#     --secret id=bcms_api_key_secret,env=BCMS_API_KEY_SECRET \
#     --build-arg SITE_ORIGIN=https://id5.io --build-arg BUILD_ID=$(git rev-parse --short HEAD) .
#   docker run -p 3000:3000 -e BCMS_API_KEY_SECRET=… -v id5-data:/app/.data id5-site
#
# Build arguments that end up in the pages (they are the image's run settings too, and the
# server refuses to start with others): SITE_ORIGIN, GTM_ID, BUILD_ID, PUBLIC_STATUS, the CMS.
#
# Deployment (probes, several instances, what they share): docs/deploy.md.
# Node 26 (the project's Node, package.json engines) on Debian 12, pinned by digest so that a
# rebuild gets the same base; docs/deploy.md says how to move it to a newer patch release.
ARG NODE_IMAGE=node:26-bookworm-slim@sha256:2d49d876e96237d76de412761cf05dbfe5aee325cc4406a4d41d5824c5bb8beb

# Every dependency, from the lockfile: what the build needs.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY scripts/image/install.sh scripts/image/install.sh
RUN scripts/image/install.sh

# What runs: the lockfile's dependencies without the development ones.
FROM ${NODE_IMAGE} AS runtime-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY scripts/image/install.sh scripts/image/install.sh
RUN scripts/image/install.sh --omit=dev

# The build, made here: prerendered pages, their content records, the stamp.
FROM deps AS build
# The build prerenders the share images: it needs their font as the runtime does.
COPY scripts/image/add-system-packages.sh /usr/local/lib/id5/add-system-packages.sh
RUN /usr/local/lib/id5/add-system-packages.sh
COPY . .
ARG SITE_ORIGIN=https://id5.io
ARG GTM_ID=
ARG BUILD_ID=
ARG BCMS_ORIGIN=
ARG BCMS_ORG_ID=
ARG BCMS_INSTANCE_ID=
ARG BCMS_API_KEY_ID=
ARG PUBLIC_STATUS=
RUN --mount=type=secret,id=bcms_api_key_secret,required=false scripts/image/build.sh
# Pages from a CMS: the seed snapshot is not what runs, so the image does not ship it.
RUN if [ -n "$BCMS_ORIGIN" ]; then rm -rf content && mkdir content; fi

FROM ${NODE_IMAGE} AS runtime
COPY scripts/image/add-system-packages.sh /usr/local/lib/id5/add-system-packages.sh
RUN /usr/local/lib/id5/add-system-packages.sh
WORKDIR /app
# The settings the pages were built with are the instance's defaults: at start the server
# compares them with the build's stamp, and a difference would mean building again.
ARG SITE_ORIGIN=https://id5.io
ARG GTM_ID=
ARG BUILD_ID=
ARG BCMS_ORIGIN=
ARG BCMS_ORG_ID=
ARG BCMS_INSTANCE_ID=
ARG BCMS_API_KEY_ID=
ARG PUBLIC_STATUS=
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/app/.data \
    CONTENT_CACHE_DIR=/app/.cache/media \
    SITE_ORIGIN=${SITE_ORIGIN} \
    GTM_ID=${GTM_ID} \
    BUILD_ID=${BUILD_ID} \
    BCMS_ORIGIN=${BCMS_ORIGIN} \
    BCMS_ORG_ID=${BCMS_ORG_ID} \
    BCMS_INSTANCE_ID=${BCMS_INSTANCE_ID} \
    BCMS_API_KEY_ID=${BCMS_API_KEY_ID} \
    PUBLIC_STATUS=${PUBLIC_STATUS}
COPY --from=runtime-deps /app/node_modules ./node_modules
# The sources stay: the server checks the build against them at start (server/running/build-stamp.ts).
COPY --from=build /app/package.json /app/package-lock.json /app/tsconfig.json /app/vite.config.ts /app/react-router.config.ts ./
COPY --from=build /app/app ./app
COPY --from=build /app/bcms ./bcms
COPY --from=build /app/content-server ./content-server
COPY --from=build /app/server ./server
COPY --from=build /app/scripts ./scripts
COPY --from=build /app/vite ./vite
COPY --from=build /app/public ./public
# The seed snapshot, which the embedded content service reads: only in an image built from
# it (the build stage empties content/ when the pages come from a CMS).
COPY --from=build /app/content ./content
# Written by the running server, never at start: build/ (pages rewritten as content changes,
# and their records), .cache/ (image variants of the embedded service), .data/ (form
# submissions, the signing key). Owned by the user the server runs as (uid 1000, numeric so
# that runAsNonRoot can check it); nothing else is. The server's bundles are made by the build.
COPY --from=build --chown=1000:1000 /app/build ./build
RUN mkdir -p .data .cache && chown 1000:1000 .data .cache
# Submissions (SQLite) outlive the container; with DATABASE_URL they live in PostgreSQL.
# build/ is not a volume: each container starts from its image's build, rewrites its own copy.
VOLUME ["/app/.data"]
USER 1000:1000
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "scripts/image/healthcheck.mjs"]
STOPSIGNAL SIGTERM
# tini is PID 1: it forwards SIGTERM to node, which drains requests in flight and exits.
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["./scripts/image/start.sh"]
