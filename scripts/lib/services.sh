#!/usr/bin/env bash
# Starts and stops the product's processes (the three services, the projector and the web dev server)
# in the background, with pid files and logs under .stack/. Sourced by start.sh and the e2e harness.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

# What the installed node_modules were made from: the lockfile and every package.json.
install_inputs_hash() {
  cat "$ROOT/package-lock.json" "$ROOT"/*/package.json "$ROOT/package.json" | sha256sum | cut -c1-16
}

# Installs node_modules when package-lock.json changed since the last install (or none exists).
ensure_node_modules() {
  local stamp="$ROOT/node_modules/.careers-install-stamp"
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$(install_inputs_hash)" ]; then info "node_modules up to date"; return 0; fi
  # npm install, not npm ci: it keeps what is installed and adds what changed. The lockfile lists every
  # platform's optional binaries (Biome's), so npm install leaves it as it is; had it rewritten the
  # lockfile, the stamp, taken after the install, still matches the next run's.
  info "npm install (first run, or dependencies changed)"
  (cd "$ROOT" && npm install --no-audit --no-fund --loglevel=error) >"$LOGS/npm-install.log" 2>&1 || { tail -30 "$LOGS/npm-install.log"; return 1; }
  install_inputs_hash >"$stamp"
}

# The product's processes, in the order `npm start` starts them (`npm run stop` ends them in reverse):
# the services (REPLICATED, each in one or more copies), then `web`, which serves
# http://localhost:5173: the production edge (nginx) under `npm start`, the Vite development server
# under `npm run dev`.
#
# Copies (REPLICAS=N npm start, 1 to 4): copy k of a service is named <service>-k and listens on its
# port + 10·(k-1) (command-service-2 on :4011), clear of the browser tests' own two copies (e2e/topology.ts: 4101-4105, 4111-4115, 5174);
# the first keeps the plain name and port. The edge
# spreads requests over the copies; see docs/scaling.md for what each kind of copy shares.
MAX_REPLICAS=4
REPLICATED=(command-service query-service projector realtime-gateway mailer)
replicas() {
  local n="${REPLICAS:-1}"
  [[ "$n" =~ ^[1-9][0-9]*$ ]] && [ "$n" -le "$MAX_REPLICAS" ] || die "REPLICAS: expected 1 to $MAX_REPLICAS, got '$n'"
  echo "$n"
}
copy_name() { if [ "$2" -eq 1 ]; then echo "$1"; else echo "$1-$2"; fi; }
copy_port() { echo $(( $1 + 10 * ($2 - 1) )); }
# The query-service copies' URLs for gateway copy K: its own copy's first, then the others' in order.
query_urls_for() {
  local own="$1" n k out
  n=$(replicas)
  out="http://127.0.0.1:$(copy_port 4002 "$own")"
  for (( k = 1; k <= n; k++ )); do
    if [ "$k" -ne "$own" ]; then out+=",http://127.0.0.1:$(copy_port 4002 "$k")"; fi
  done
  echo "$out"
}
# `host:port` of every copy of a service listening on BASE_PORT, comma-separated (the edge's upstream).
copy_addresses() {
  local base="$1" n k out=""
  n=$(replicas)
  for (( k = 1; k <= n; k++ )); do out+="${out:+,}127.0.0.1:$(copy_port "$base" "$k")"; done
  echo "$out"
}
# The processes `npm run stop` and `npm run status` know of, in start order: each service's first copy
# always, its other copies when they were started (a supervisor or pid file is there), then web.
known_processes() {
  local service k name
  for service in "${REPLICATED[@]}"; do
    for (( k = 1; k <= MAX_REPLICAS; k++ )); do
      name=$(copy_name "$service" "$k")
      if [ "$k" -eq 1 ] || [ -f "$RUN/$name.supervisor.pid" ] || [ -f "$RUN/$name.pid" ]; then echo "$name"; fi
    done
  done
  echo web
}

# What the built app was made from: the app's and the contracts' sources (tests aside), the build's
# configuration and the lockfile. The build is redone only when this changes.
frontend_inputs_hash() {
  (cd "$ROOT" && find frontend contracts -type f \( -path '*/node_modules/*' -o -path 'frontend/dist/*' \
      -o -name '*.test.ts' -o -name '*.test.tsx' \) -prune -o -type f -print | LC_ALL=C sort \
    | xargs sha256sum; sha256sum package-lock.json) | sha256sum | cut -c1-16
}

# The production build of the app (frontend/dist: hashed, split by route, each asset beside its .gz),
# redone only when frontend_inputs_hash changed since the last one.
ensure_frontend_build() {
  local stamp="$STACK/web-build.stamp" want
  want=$(frontend_inputs_hash)
  if [ -f "$ROOT/frontend/dist/index.html" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$want" ]; then
    info "frontend/dist up to date"; return 0
  fi
  info "vite build (the frontend or the contracts changed)"
  rm -f "$stamp"
  # Always the production build: React's development build (double renders and checks) would come of a
  # NODE_ENV other than production in the caller's environment (the tests run with NODE_ENV=test).
  (cd "$ROOT/frontend" && NODE_ENV=production "$ROOT/node_modules/.bin/vite" build) >"$LOGS/web-build.log" 2>&1 || { tail -30 "$LOGS/web-build.log"; return 1; }
  echo "$want" >"$stamp"
  info "$(grep -c '' <(find "$ROOT/frontend/dist/assets" -name '*.js')) scripts, $(du -sh "$ROOT/frontend/dist" | cut -f1) with maps and .gz files"
}

# The Kafka consumers' bundles: the projector and the gateway, each bundled into one file with its
# dependencies (rolldown, which the frontend's Vite brings) into <package>/dist/, and started from it
# in production (`npm start`, the fault suite, the bench). Loading one file takes about half as long
# as loading the hundreds of modules it holds (docs/performance.md, "Restarts"), and a restarted
# consumer pushes and projects nothing before it has. The client's WebAssembly file goes beside each
# bundle, where the client looks for it. Redone only when the sources or the lockfile change.
SERVICE_BUNDLES=("query-service/src/projector-main.ts query-service/dist" "realtime-gateway/src/main.ts realtime-gateway/dist")
service_bundles_inputs_hash() {
  (cd "$ROOT" && find contracts/src service-kit/src query-service/src realtime-gateway/src -type f -name '*.ts' \
      ! -name '*.test.ts' ! -name '*.test.tsx' | LC_ALL=C sort | xargs sha256sum; sha256sum package-lock.json) \
    | sha256sum | cut -c1-16
}
ensure_service_bundles() {
  local stamp="$STACK/service-bundles.stamp" want entry
  want=$(service_bundles_inputs_hash)
  if [ "$(cat "$stamp" 2>/dev/null)" = "$want" ] \
    && [ -f "$ROOT/query-service/dist/projector-main.js" ] && [ -f "$ROOT/realtime-gateway/dist/main.js" ]; then
    info "projector and gateway bundles up to date"; return 0
  fi
  rm -f "$stamp"
  for entry in "${SERVICE_BUNDLES[@]}"; do
    set -- $entry
    rm -rf "${ROOT:?}/$2"
    (cd "$ROOT" && "$ROOT/node_modules/.bin/rolldown" "$1" --format esm --platform node -d "$2") \
      >"$LOGS/service-bundles.log" 2>&1 || { tail -30 "$LOGS/service-bundles.log"; return 1; }
    cp "$ROOT/node_modules/@platformatic/wasm-utils/dist/native.wasm" "$ROOT/$2/"
  done
  echo "$want" >"$stamp"
}

# The edge's nginx (Debian's package, installed by stack.sh) on $1 (host:port), with docker/nginx.conf's
# rules in front of the services at $2 $3 $4 (command, query, gateway), its files under $5.
edge_command() {
  local listen="$1" command="$2" query="$3" gateway="$4" prefix="$5" conf
  conf=$(node "$ROOT/scripts/lib/edge-nginx.ts" "$prefix" "$listen" "$command" "$query" "$gateway") || return 1
  /usr/sbin/nginx -t -q -p "$prefix" -c "$conf" >"$LOGS/edge-config.log" 2>&1 || { cat "$LOGS/edge-config.log"; return 1; }
  printf '%s\n' "$conf"
}

# start_services production|dev: the four services, each started again when it runs in the other mode
# (or was started before modes were recorded). dev runs them under node --watch, as NODE_ENV=development;
# production without --watch, as NODE_ENV=production, where they refuse to run without the secrets.
start_services() {
  local mode="$1" watch=() label="" n k name service
  # Production starts the consumers from their bundles (ensure_service_bundles); dev watches the sources.
  local projector_entry=query-service/dist/projector-main.js gateway_entry=realtime-gateway/dist/main.js
  if [ "$mode" = dev ]; then
    projector_entry=query-service/src/projector-main.ts gateway_entry=realtime-gateway/src/main.ts
    watch=(--watch) label=" (watching)"
    export NODE_ENV=development
  else
    export NODE_ENV=production
  fi
  n=$(replicas)
  for service in "${REPLICATED[@]}"; do
    for (( k = 1; k <= MAX_REPLICAS; k++ )); do
      name=$(copy_name "$service" "$k")
      # Copies beyond REPLICAS (left by an earlier npm start with more) are stopped.
      if [ "$k" -gt "$n" ]; then
        if [ -f "$RUN/$name.supervisor.pid" ] || [ -f "$RUN/$name.pid" ]; then step "stop $name" service_stop "$name"; fi
        continue
      fi
      if [ "$(cat "$RUN/$name.mode" 2>/dev/null)" != "$mode" ]; then service_stop "$name"; fi
      echo "$mode" >"$RUN/$name.mode"
    done
  done
  for (( k = 1; k <= n; k++ )); do
    start_copy command-service 4001 PORT "$k" "$label" node "${watch[@]}" command-service/src/main.ts
    start_copy query-service 4002 PORT "$k" "$label" node "${watch[@]}" query-service/src/main.ts
    # Each projector copy joins its group under its own lasting name (static membership): started again
    # by its supervisor, it takes its partitions back at once.
    KAFKA_GROUP_INSTANCE_ID=$(copy_name projector "$k") \
      start_copy projector 4004 PROJECTOR_PORT "$k" "$label" node "${watch[@]}" "$projector_entry"
    # Each gateway copy asks its own query-service copy first and the others when it cannot reach it.
    QUERY_SERVICE_URL=$(query_urls_for "$k") \
      start_copy realtime-gateway 4003 PORT "$k" "$label" node "${watch[@]}" "$gateway_entry"
    start_copy mailer 4005 PORT "$k" "$label" node "${watch[@]}" query-service/src/mailer-main.ts
  done
}

# start_copy SERVICE BASE_PORT PORT_VARIABLE K LABEL COMMAND...: copy K of SERVICE, its port variable set
# to its port (copy_port), ready when that port's /readyz answers.
start_copy() {
  local service="$1" base="$2" variable="$3" k="$4" label="$5" name port
  shift 5
  name=$(copy_name "$service" "$k")
  port=$(copy_port "$base" "$k")
  step "$name :$port$label" env_call "$variable=$port" service_start "$name" "http://127.0.0.1:$port/readyz" "$@"
}

# env_call NAME=VALUE FUNCTION ARGS...: runs a shell function with NAME exported to what it starts.
env_call() {
  local assignment="$1"
  shift
  (export "${assignment?}"; "$@")
}

# web_start MODE COMMAND...: starts what serves :5173, first stopping the other mode's server.
web_start() {
  local mode="$1"; shift
  if [ "$(cat "$RUN/web.mode" 2>/dev/null)" != "$mode" ]; then service_stop web; fi
  echo "$mode" >"$RUN/web.mode"
  service_start web "http://127.0.0.1:5173/" "$@"
}

# service_start NAME READY_URL COMMAND... : starts COMMAND under scripts/supervise.sh, which starts it
# again whenever it ends, and waits until READY_URL answers (or, without one, until it runs). A command
# with `--watch` (node --watch) is supervised as a watcher. ENV vars of the caller are inherited.
service_start() {
  local name="$1" ready_url="$2"; shift 2
  if pid_alive "$name.supervisor"; then
    info "$name already running (pid $(cat "$RUN/$name.pid" 2>/dev/null || echo "-"), supervisor $(cat "$RUN/$name.supervisor.pid"))"
  else
    # A process left behind by a supervisor that was killed would hold the port: end it first.
    service_stop "$name"
    local watcher=()
    case " $* " in *" --watch "*) watcher=(--watcher) ;; esac
    : >"$LOGS/$name.log"
    echo 0 >"$RUN/$name.restarts"
    printf '%s\n' "$ready_url" >"$RUN/$name.ready-url"
    # setsid: the supervisor leads its own session, away from the caller's terminal; every stream is
    # redirected so nothing keeps the caller's terminal or pipe open.
    (cd "$ROOT" && exec setsid nohup bash "$ROOT/scripts/supervise.sh" "${watcher[@]}" "$name" "$@" \
      >>"$LOGS/$name.log" 2>&1 </dev/null) &
    echo $! >"$RUN/$name.supervisor.pid"
  fi
  # Also when it was running already: a second `npm start` reports all well only once it is ready.
  local ready=0
  if [ -n "$ready_url" ]; then
    wait_for "$name" 60 curl -fsS -m 2 "$ready_url" || ready=1
  else
    # Started once by its supervisor, and still running a second later.
    { wait_for "$name" 10 test -f "$RUN/$name.started" && sleep 1 && pid_alive "$name"; } || ready=1
  fi
  if [ "$ready" = 1 ]; then
    tail -20 "$LOGS/$name.log"
    info "its supervisor keeps starting it again (npm run status; npm run stop ends it)"
    return 1
  fi
}

# Stops the supervisor (which ends the process group it runs), then whatever is left of either.
service_stop() {
  local name="$1" pid
  if pid_alive "$name.supervisor"; then
    pid=$(cat "$RUN/$name.supervisor.pid")
    kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 1 100); do pid_alive "$name.supervisor" || break; sleep 0.1; done
    kill -KILL -- "-$pid" 2>/dev/null || true
  fi
  if pid_alive "$name"; then
    pid=$(cat "$RUN/$name.pid")
    kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL -- "-$pid" 2>/dev/null || true
  fi
  rm -f "$RUN/$name.supervisor.pid" "$RUN/$name.pid" "$RUN/$name.started"
}

# 42 -> 42s, 125 -> 2m05s, 7300 -> 2h01m.
fmt_duration() {
  local s="$1"
  if [ "$s" -lt 60 ]; then printf '%ds' "$s"
  elif [ "$s" -lt 3600 ]; then printf '%dm%02ds' $(( s / 60 )) $(( s % 60 ))
  else printf '%dh%02dm' $(( s / 3600 )) $(( s / 60 % 60 )); fi
}

# One row per service: state (up; restarting: its supervisor waits to start it again; down), pid,
# uptime, restarts since `npm start`, and what its readiness URL answers (`running` for a process
# without one). Returns 1 when a service is not up.
services_status() {
  local name state pid uptime restarts ready url code body failing relay all_up=0
  printf '  %-19s %-11s %-8s %-8s %-9s %s\n' service state pid uptime restarts ready
  for name in "$@"; do
    pid=-; uptime=-; ready=-
    restarts=$(cat "$RUN/$name.restarts" 2>/dev/null || echo -)
    url=$(cat "$RUN/$name.ready-url" 2>/dev/null || true)
    if pid_alive "$name"; then
      state=up
      pid=$(cat "$RUN/$name.pid")
      [ ! -f "$RUN/$name.started" ] || uptime=$(fmt_duration $(( ($(now_ms) - $(cat "$RUN/$name.started")) / 1000 )))
      ready=running
      if [ -n "$url" ]; then
        body=$(curl -sS -m 3 -w '\n%{http_code}' "$url" 2>/dev/null) || true
        code=${body##*$'\n'}
        failing=$(printf '%s' "${body%$'\n'*}" | grep -o '"[A-Za-z0-9_-]*":"failing' | cut -d'"' -f2 | paste -sd, -) || true
        case "$code" in
          200) ready="200 ready" ;;
          ''|000) ready="no answer" ;;
          *) ready="$code not ready${failing:+ ($failing failing)}" ;;
        esac
        # A command-service copy says whether its outbox relay publishes or stands by.
        relay=$(printf '%s' "${body%$'\n'*}" | grep -o '"relay":"[a-z]*"' | cut -d'"' -f4) || true
        ready+="${relay:+, relay $relay}"
      fi
    elif pid_alive "$name.supervisor"; then
      state=restarting; all_up=1
    else
      state=down; all_up=1; restarts=-
    fi
    printf '  %-19s %-11s %-8s %-8s %-9s %s\n' "$name" "$state" "$pid" "$uptime" "$restarts" "$ready"
  done
  return $all_up
}

# A Python virtualenv at $1, (re)made when the stamp $2 differs from the one of its last install, then
# `pip install` with the rest of the arguments. $3 names it in the messages and the install log.
ensure_venv() {
  local venv="$1" want="$2" name="$3"; shift 3
  local stamp="$venv/.careers-install-stamp" log="$LOGS/$name-install.log"
  if [ -x "$venv/bin/python" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$want" ]; then
    info "$name present ($want)"; return 0
  fi
  command -v python3 >/dev/null || apt_install python3
  info "pip install $*"
  rm -rf "$venv"
  # Debian leaves ensurepip out of python3 itself: a venv needs python3-venv.
  if ! python3 -m venv "$venv" >"$log" 2>&1; then
    rm -rf "$venv"
    apt_install python3-venv && python3 -m venv "$venv" >>"$log" 2>&1 || { tail -20 "$log"; return 1; }
  fi
  "$venv/bin/pip" install --disable-pip-version-check --quiet "$@" >>"$log" 2>&1 \
    || { tail -20 "$log"; rm -rf "$venv"; return 1; }
  echo "$want" >"$stamp"
}

# The fuzzing suite's tools (npm run fuzz, e2e/fuzz.int.test.ts): schemathesis, and pg8000 for its
# check that a refused request wrote nothing, in a venv under .stack/. Pinned; reinstalled only when a
# pin changes.
SCHEMATHESIS_VERSION="4.32.5"
PG8000_VERSION="1.31.6"
FUZZ_VENV="$STACK/schemathesis"
ensure_schemathesis() {
  ensure_venv "$FUZZ_VENV" "schemathesis==$SCHEMATHESIS_VERSION pg8000==$PG8000_VERSION" schemathesis \
    "schemathesis==$SCHEMATHESIS_VERSION" "pg8000==$PG8000_VERSION"
}

# The analytics example (npm run analytics, e2e/analytics.int.test.ts): its pinned Python dependencies
# in a venv under .stack/, reinstalled only when examples/analytics/requirements.txt changes.
ANALYTICS_VENV="$STACK/analytics-venv"
ensure_analytics() {
  local requirements="$ROOT/examples/analytics/requirements.txt"
  # Wheels only: confluent-kafka's wheel carries librdkafka, while building it would need a C toolchain
  # and librdkafka's headers.
  ensure_venv "$ANALYTICS_VENV" "$(sha256sum "$requirements" | cut -c1-16)" analytics \
    --only-binary=:all: -r "$requirements"
}

# k6, the load generator of npm run loadtest (bench/k6/): built with go install like MinIO, into
# .stack/bin, rebuilt only when the pin changes. The Go module proxy serves v0.52.0 and v1.8.1.
K6_MODULE="go.k6.io/k6@v1.8.1"
ensure_k6() { ensure_go_build k6 "$K6_MODULE" k6 k6; }

# A pinned Go command built with go install into $BIN/<target> (build log in .stack/logs), again only
# when the pin changes: ensure_go_build <label> <module@version> <command the module builds> <target>.
ensure_go_build() {
  local label=$1 module=$2 built=$3 target=$4
  local stamp="$BIN/$target.module"
  if [ -x "$BIN/$target" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$module" ]; then info "$label present ($module)"; return 0; fi
  command -v go >/dev/null || die "Go is needed to build $label (go install $module)"
  info "building $label with go install (first run only: a few minutes on 2 cores)"
  local gobin; gobin=$(mktemp -d)
  GOBIN="$gobin" GOFLAGS=-trimpath go install "$module" >"$LOGS/$target-build.log" 2>&1 \
    || { tail -30 "$LOGS/$target-build.log"; rm -rf "$gobin"; return 1; }
  mv "$gobin/$built" "$BIN/$target"
  rm -rf "$gobin"
  echo "$module" >"$stamp"
}
