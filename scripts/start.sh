#!/usr/bin/env bash
# npm start: the product as users get it. Provisions what is missing, starts Kafka, Postgres, Redis and
# MinIO, builds the app when its sources changed, then runs the services and the production edge
# (nginx with docker/nginx.conf's rules) in the background, each kept running by its supervisor
# (scripts/supervise.sh), and prints the URL. A second run only checks and prints.
# For changing the frontend with hot reload, npm run dev (scripts/dev.sh) runs the Vite server instead.
source "$(dirname "${BASH_SOURCE[0]}")/lib/services.sh"

t0=$(now_ms)
bash "$ROOT/scripts/stack.sh" up
local_endpoints
step "npm dependencies" ensure_node_modules
step "frontend build (vite)" ensure_frontend_build
step "projector and gateway bundles (rolldown)" ensure_service_bundles

start_services production
edge_conf=$(edge_command 127.0.0.1:5173 "$(copy_addresses 4001)" "$(copy_addresses 4002)" "$(copy_addresses 4003)" "$STACK/nginx") \
  || die "the edge's nginx configuration failed its check"
# The upstreams change with REPLICAS: a running edge with another configuration starts again.
edge_hash=$(sha256sum "$edge_conf" | cut -c1-16)
if [ "$(cat "$RUN/web.conf-hash" 2>/dev/null)" != "$edge_hash" ]; then service_stop web; fi
echo "$edge_hash" >"$RUN/web.conf-hash"
step "edge (nginx) :5173" web_start edge /usr/sbin/nginx -p "$STACK/nginx" -c "$edge_conf"

cat <<MSG

${GREEN}${BOLD}JobConnect is running: http://localhost:5173${RESET}  ${DIM}(ready in $(fmt_ms $(( $(now_ms) - t0 ))))${RESET}
  mail:   http://localhost:8025  (the local inbox: every mail the product sends lands here)
  logs:   .stack/logs/<service>.log
  stop:   npm run stop        (services and the stack; data is kept)
  status: npm run status
MSG
