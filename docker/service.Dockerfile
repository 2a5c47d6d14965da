# syntax=docker/dockerfile:1
#
# One image per Node service, chosen with the build argument SERVICE (command-service, query-service or
# realtime-gateway; the projector runs the query-service image with another command). Node 24 runs the
# TypeScript sources as they are (type stripping), so there is no build step (`npm start` bundles the
# projector and the gateway for a quicker restart; the image runs their sources): the image holds the
# service's workspace, the two workspaces it imports (contracts, service-kit) and their production
# dependencies.
#
#   docker build -f docker/service.Dockerfile --build-arg SERVICE=command-service .

ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS deps
ARG SERVICE
RUN test -n "${SERVICE}" || { echo 'build with --build-arg SERVICE=<workspace folder>' >&2; exit 1; }
WORKDIR /app
# Every workspace's manifest (npm ci checks the lockfile against all of them), but only the manifests:
# this layer is rebuilt when dependencies change, not when code does.
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY service-kit/package.json service-kit/
COPY command-service/package.json command-service/
COPY query-service/package.json query-service/
COPY realtime-gateway/package.json realtime-gateway/
COPY frontend/package.json frontend/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
COPY faults/package.json faults/
RUN --mount=type=cache,target=/root/.npm \
    npm ci --workspace "${SERVICE}" --include-workspace-root=false --omit=dev --no-audit --no-fund \
 && mkdir -p contracts/node_modules service-kit/node_modules "${SERVICE}/node_modules"

FROM ${NODE_IMAGE} AS runtime
ARG SERVICE
# NODE_COMPILE_CACHE: a container started again by its restart policy loads its modules from the code
# Node compiled the first time (docs/performance.md, "Restarts").
ENV NODE_ENV=production \
    SERVICE=${SERVICE} \
    NODE_COMPILE_CACHE=/tmp/node-compile-cache
WORKDIR /app
COPY --from=deps /app/node_modules node_modules
COPY --from=deps /app/contracts/node_modules contracts/node_modules
COPY --from=deps /app/service-kit/node_modules service-kit/node_modules
COPY --from=deps /app/${SERVICE}/node_modules ${SERVICE}/node_modules
# Sources (tests, node_modules and local state are left out by .dockerignore). Owned by root and so
# read-only for the user the service runs as.
COPY package.json ./
COPY contracts/ contracts/
COPY service-kit/ service-kit/
COPY ${SERVICE}/ ${SERVICE}/
COPY docker/healthcheck/ docker/healthcheck/
USER node
# docker-compose.yml names the entry point of each service; this default runs `<service>/src/main.ts`.
CMD ["/bin/sh", "-c", "exec node \"${SERVICE}/src/main.ts\""]
