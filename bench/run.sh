#!/usr/bin/env bash
# npm run bench: brings the local stack up (idempotent), makes sure node_modules is current, then runs
# the bench on the project's Node 24. Knobs are BENCH_* variables (bench/src/config.ts).
source "$(dirname "${BASH_SOURCE[0]}")/../scripts/lib/services.sh"
bash "$ROOT/scripts/stack.sh" up
local_endpoints
step "npm dependencies" ensure_node_modules
step "projector and gateway bundles (rolldown)" ensure_service_bundles
cd "$ROOT"
exec "$NODE_BIN_DIR/node" bench/src/run.ts
