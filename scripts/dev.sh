#!/usr/bin/env bash
# npm run dev: for changing the product. As npm start, but each service restarts when its code (or
# contracts/service-kit) changes (node --watch), and http://localhost:5173 is the Vite development
# server with hot reload instead of the built app behind nginx. It binds loopback only; its pages are
# for the developer (error overlays with stacks and paths): never expose it. npm start goes back to
# the production edge.
source "$(dirname "${BASH_SOURCE[0]}")/lib/services.sh"

t0=$(now_ms)
bash "$ROOT/scripts/stack.sh" up
local_endpoints
step "npm dependencies" ensure_node_modules

export NODE_ENV=development
for service in command-service query-service projector realtime-gateway; do
  if [ "$(cat "$RUN/$service.mode" 2>/dev/null)" != dev ]; then service_stop "$service"; fi
  echo dev >"$RUN/$service.mode"
done
step "command-service :4001 (watching)" service_start command-service http://127.0.0.1:4001/readyz node --watch command-service/src/main.ts
step "query-service :4002 (watching)" service_start query-service http://127.0.0.1:4002/readyz node --watch query-service/src/main.ts
step "projector :4004 (watching)" service_start projector http://127.0.0.1:4004/readyz node --watch query-service/src/projector-main.ts
step "realtime-gateway :4003 (watching)" service_start realtime-gateway http://127.0.0.1:4003/readyz node --watch realtime-gateway/src/main.ts
step "web (Vite dev server) :5173" web_start dev npm run --silent -w frontend dev

cat <<MSG

${GREEN}${BOLD}JobConnect (development) is running: http://localhost:5173${RESET}  ${DIM}(ready in $(fmt_ms $(( $(now_ms) - t0 ))))${RESET}
  hot reload for the frontend; each service restarts when its code changes
  logs:   .stack/logs/<service>.log
  stop:   npm run stop        npm start: back to the production build
MSG
