#!/usr/bin/env bash
# Starts and stops the product's processes (the three services, the projector and the web dev server)
# in the background, with pid files and logs under .stack/. Sourced by start.sh and the e2e harness.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

# Installs node_modules when package-lock.json changed since the last install (or none exists).
ensure_node_modules() {
  local stamp="$ROOT/node_modules/.careers-install-stamp"
  local want; want=$(cat "$ROOT/package-lock.json" "$ROOT"/*/package.json "$ROOT/package.json" | sha256sum | cut -c1-16)
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then info "node_modules up to date"; return 0; fi
  # npm install, not npm ci: the lockfile lacks other platforms' optional binaries (Biome's), which
  # makes npm ci refuse it although nothing is missing for this platform.
  info "npm install (first run, or dependencies changed)"
  (cd "$ROOT" && npm install --no-audit --no-fund --loglevel=error) >"$LOGS/npm-install.log" 2>&1 || { tail -30 "$LOGS/npm-install.log"; return 1; }
  echo "$want" >"$stamp"
}

# service_start NAME READY_URL COMMAND... ; ENV vars of the caller are inherited.
service_start() {
  local name="$1" ready_url="$2"; shift 2
  if pid_alive "$name"; then info "$name already running (pid $(cat "$RUN/$name.pid"))"; return 0; fi
  : >"$LOGS/$name.log"
  # setsid: the service leads its own process group (stop kills the group); every stream is redirected
  # so nothing keeps the caller's terminal or pipe open.
  (cd "$ROOT" && exec setsid nohup "$@" >>"$LOGS/$name.log" 2>&1 </dev/null) &
  echo $! >"$RUN/$name.pid"
  if [ -n "$ready_url" ]; then
    wait_for "$name" 60 curl -fsS -m 2 "$ready_url" || { tail -20 "$LOGS/$name.log"; return 1; }
  else
    sleep 1
    pid_alive "$name" || { tail -20 "$LOGS/$name.log"; return 1; }
  fi
}

service_stop() {
  local name="$1"
  if pid_alive "$name"; then
    local pid; pid=$(cat "$RUN/$name.pid")
    kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL -- "-$pid" 2>/dev/null || true
  fi
  rm -f "$RUN/$name.pid"
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
