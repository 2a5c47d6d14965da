#!/usr/bin/env bash
# npm start: provisions what is missing, starts Kafka, Postgres, Redis and MinIO, then the services and
# the web dev server in the background, each kept running by its supervisor (scripts/supervise.sh), and
# prints the URL. A second run only checks and prints.
source "$(dirname "${BASH_SOURCE[0]}")/lib/services.sh"

t0=$(now_ms)
bash "$ROOT/scripts/stack.sh" up
local_endpoints
step "npm dependencies" ensure_node_modules

# node --watch restarts a service when its code (or contracts/service-kit) changes; its supervisor
# restarts it when it crashes or is killed.
step "command-service :4001" service_start command-service http://127.0.0.1:4001/readyz node --watch command-service/src/main.ts
step "query-service :4002" service_start query-service http://127.0.0.1:4002/readyz node --watch query-service/src/main.ts
step "projector :4004" service_start projector http://127.0.0.1:4004/readyz node --watch query-service/src/projector-main.ts
step "realtime-gateway :4003" service_start realtime-gateway http://127.0.0.1:4003/readyz node --watch realtime-gateway/src/main.ts
step "web (Vite) :5173" service_start web http://127.0.0.1:5173/ npm run --silent -w frontend dev

cat <<MSG

${GREEN}${BOLD}JobConnect is running: http://localhost:5173${RESET}  ${DIM}(ready in $(fmt_ms $(( $(now_ms) - t0 ))))${RESET}
  logs:   .stack/logs/<service>.log
  stop:   npm run stop        (services and the stack; data is kept)
  status: npm run status
MSG
