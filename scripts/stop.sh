#!/usr/bin/env bash
# npm run stop: stops the web server, services and the local stack. Data stays in .stack/.
source "$(dirname "${BASH_SOURCE[0]}")/lib/services.sh"
for name in web realtime-gateway projector query-service command-service; do step "stop $name" service_stop "$name"; done
bash "$ROOT/scripts/stack.sh" stop
