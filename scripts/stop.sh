#!/usr/bin/env bash
# npm run stop: stops the web server, services and the local stack. Data stays in .stack/.
source "$(dirname "${BASH_SOURCE[0]}")/lib/services.sh"
for (( i = ${#SERVICES[@]} - 1; i >= 0; i-- )); do step "stop ${SERVICES[i]}" service_stop "${SERVICES[i]}"; done
bash "$ROOT/scripts/stack.sh" stop
