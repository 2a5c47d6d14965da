# syntax=docker/dockerfile:1
#
# The edge: the frontend built by Vite, served by nginx, which also routes /api by method and
# /socket.io to the services (docker/nginx.conf; the same rule as frontend/edge-routing.ts).
#
#   docker build -f docker/edge.Dockerfile .

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json tsconfig.base.json ./
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
    npm ci --workspace frontend --include-workspace-root=false --no-audit --no-fund
COPY contracts/ contracts/
COPY frontend/ frontend/
RUN npm run build --workspace frontend

FROM nginx:1.28-alpine
# The image replaces ${EDGE_SECRET} (and only the variables of its environment) as it starts.
COPY docker/nginx.conf /etc/nginx/templates/default.conf.template
COPY --from=build /app/frontend/dist /usr/share/nginx/html
