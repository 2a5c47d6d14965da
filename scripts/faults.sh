#!/usr/bin/env bash
# npm run faults: brings the local stack up (its Kafka jars, Postgres and Redis binaries serve the
# suite's private copies; the shared services themselves are never killed), builds Toxiproxy the first
# time, then runs the fault suite on the project's Node 24. Knobs are FAULTS_* variables (faults/src/run.ts).
source "$(dirname "${BASH_SOURCE[0]}")/lib/services.sh"

# Toxiproxy (only the fault suite needs it): latency and connection resets between the services and
# Kafka or Postgres. Built with go install like MinIO; rebuilt only when the pin changes.
TOXIPROXY_MODULE="github.com/Shopify/toxiproxy/v2/cmd/server@v2.12.0"
ensure_toxiproxy() {
  local stamp="$BIN/toxiproxy-server.module"
  if [ -x "$BIN/toxiproxy-server" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$TOXIPROXY_MODULE" ]; then info "Toxiproxy present"; return 0; fi
  command -v go >/dev/null || die "Go is needed to build Toxiproxy (go install $TOXIPROXY_MODULE)"
  info "building Toxiproxy with go install (first run only)"
  local gobin; gobin=$(mktemp -d)
  GOBIN="$gobin" GOFLAGS=-trimpath go install "$TOXIPROXY_MODULE" >"$LOGS/toxiproxy-build.log" 2>&1 \
    || { tail -30 "$LOGS/toxiproxy-build.log"; rm -rf "$gobin"; return 1; }
  # The module's command is named after its folder (server); the binary keeps the project's name.
  mv "$gobin/server" "$BIN/toxiproxy-server"
  rm -rf "$gobin"
  echo "$TOXIPROXY_MODULE" >"$stamp"
}

bash "$ROOT/scripts/stack.sh" up
step "npm dependencies" ensure_node_modules
step "Toxiproxy binary (go install)" ensure_toxiproxy
cd "$ROOT"
exec "$NODE_BIN_DIR/node" faults/src/run.ts
