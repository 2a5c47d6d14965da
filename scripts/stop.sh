#!/usr/bin/env bash
# npm run stop: stops the web server, services and the local stack. Data stays in .stack/.
source "$(dirname "${BASH_SOURCE[0]}")/lib/services.sh"
mapfile -t processes < <(known_processes)
for (( i = ${#processes[@]} - 1; i >= 0; i-- )); do step "stop ${processes[i]}" service_stop "${processes[i]}"; done
bash "$ROOT/scripts/stack.sh" stop
