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

start_services dev
step "web (Vite dev server) :5173" web_start dev npm run --silent -w frontend dev

cat <<MSG

${GREEN}${BOLD}JobConnect (development) is running: http://localhost:5173${RESET}  ${DIM}(ready in $(fmt_ms $(( $(now_ms) - t0 ))))${RESET}
  hot reload for the frontend; each service restarts when its code changes
  logs:   .stack/logs/<service>.log
  stop:   npm run stop        npm start: back to the production build
MSG
