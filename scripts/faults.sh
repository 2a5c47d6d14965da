#!/usr/bin/env bash
# npm run faults: brings the local stack up (its Kafka jars, Postgres and Redis binaries serve the
# suite's private copies; the shared services themselves are never killed), builds Toxiproxy the first
# time, then runs the fault suite on the project's Node 24. Knobs are FAULTS_* variables (faults/src/run.ts).
source "$(dirname "${BASH_SOURCE[0]}")/lib/services.sh"

# Toxiproxy (only the fault suite needs it): latency and connection resets between the services and
# Kafka or Postgres. Built with go install like MinIO; rebuilt only when the pin changes.
TOXIPROXY_MODULE="github.com/Shopify/toxiproxy/v2/cmd/server@v2.12.0"
# The module's command is named after its folder (server); the binary keeps the project's name.
ensure_toxiproxy() { ensure_go_build Toxiproxy "$TOXIPROXY_MODULE" server toxiproxy-server; }

bash "$ROOT/scripts/stack.sh" up
local_endpoints
step "npm dependencies" ensure_node_modules
step "Toxiproxy binary (go install)" ensure_toxiproxy
step "projector and gateway bundles (rolldown)" ensure_service_bundles
cd "$ROOT"
exec "$NODE_BIN_DIR/node" faults/src/run.ts
