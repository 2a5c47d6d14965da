#!/usr/bin/env bash
# npm run bench:web: a first visit's figures (bench/src/web.ts). Brings the local stack up, builds the
# app when it changed, installs the pinned Lighthouse into .stack/ the first time, then runs the bench.
source "$(dirname "${BASH_SOURCE[0]}")/../scripts/lib/services.sh"

# 12.2.3: the newest that installs and runs here on Node 24 (13.x asks for other engines).
LIGHTHOUSE_VERSION="12.2.3"
ensure_lighthouse() {
  local prefix="$STACK/lighthouse"
  if [ "$(cat "$prefix/.careers-install-stamp" 2>/dev/null)" = "$LIGHTHOUSE_VERSION" ]; then
    info "Lighthouse $LIGHTHOUSE_VERSION present"; return 0
  fi
  info "npm install lighthouse@$LIGHTHOUSE_VERSION into .stack/lighthouse (first run only)"
  rm -rf "$prefix"; mkdir -p "$prefix"
  npm install --prefix "$prefix" --no-save --no-audit --no-fund --loglevel=error "lighthouse@$LIGHTHOUSE_VERSION" \
    >"$LOGS/lighthouse-install.log" 2>&1 || { tail -20 "$LOGS/lighthouse-install.log"; return 1; }
  echo "$LIGHTHOUSE_VERSION" >"$prefix/.careers-install-stamp"
}

bash "$ROOT/scripts/stack.sh" up
local_endpoints
step "npm dependencies" ensure_node_modules
step "frontend build (vite)" ensure_frontend_build
step "Lighthouse" ensure_lighthouse
cd "$ROOT"
exec "$NODE_BIN_DIR/node" bench/src/web.ts
