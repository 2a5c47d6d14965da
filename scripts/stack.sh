#!/usr/bin/env bash
# The local stack without Docker: PostgreSQL and Redis (Debian packages), Apache Kafka 4.x in KRaft mode
# (broker jars from Maven Central on Java 17), MinIO (built with go install), and Node 24 for the services.
# Usage: scripts/stack.sh up|stop|status|reset (status also lists the product's services)
# State lives in .stack/ (gitignored). Every command is idempotent.
source "$(dirname "${BASH_SOURCE[0]}")/lib/services.sh"

# ---------------------------------------------------------------- provisioning (once per machine)

need_node() {
  if [ -x "$NODE_BIN_DIR/node" ] && [ "$("$NODE_BIN_DIR/node" --version)" = "v$NODE_VERSION" ]; then
    info "Node $("$NODE_BIN_DIR/node" --version) present"; return 0
  fi
  info "installing Node $NODE_VERSION from the npm registry's node package (first run only)"
  mkdir -p "$STACK/node"
  npm install --prefix "$STACK/node" --no-save --no-audit --no-fund --loglevel=error "node@$NODE_VERSION" >"$LOGS/node-install.log" 2>&1 \
    || { tail -20 "$LOGS/node-install.log"; return 1; }
  "$NODE_BIN_DIR/node" --version
}

# The pinned major only: another installed PostgreSQL is never picked up in its place.
pg_bindir() { local dir="/usr/lib/postgresql/$POSTGRES_MAJOR/bin"; [ -x "$dir/postgres" ] && echo "$dir"; }
redis_version() { redis-server --version | sed -E 's/.* v=([0-9]+\.[0-9]+).*/\1/'; }

need_debian_packages() {
  local missing=()
  [ -n "$(pg_bindir)" ] || missing+=("postgresql-$POSTGRES_MAJOR")
  command -v redis-server >/dev/null || missing+=(redis-server)
  [ -x /usr/bin/chromium ] || missing+=(chromium)
  # The browser tests' browser (e2e/browser.ts): the old headless shell, about half the CPU of chromium.
  [ -x /usr/lib/chromium/chromium-headless-shell ] || missing+=(chromium-headless-shell)
  # The edge of npm start and of the browser tests (docker/nginx.conf's rules).
  [ -x /usr/sbin/nginx ] || missing+=(nginx)
  command -v java >/dev/null || missing+=(openjdk-17-jre-headless)
  command -v mvn >/dev/null || missing+=(maven)
  command -v curl >/dev/null || missing+=(curl)
  if [ "${#missing[@]}" = 0 ]; then info "postgresql, redis, chromium (and its headless shell), nginx, java, maven present"; return 0; fi
  info "installing ${missing[*]} (first run only: a few minutes)"
  apt_install "${missing[@]}"
}

# What runs is what is pinned (scripts/lib/common.sh), which docker-compose.yml runs too.
check_pinned_versions() {
  [ -n "$(pg_bindir)" ] || die "PostgreSQL $POSTGRES_MAJOR is pinned (scripts/lib/common.sh) but not installed"
  [ "$(redis_version)" = "$REDIS_VERSION" ] \
    || die "Redis $REDIS_VERSION is pinned (scripts/lib/common.sh) but redis-server is $(redis_version)"
  info "PostgreSQL $POSTGRES_MAJOR, Redis $(redis_version)"
}

need_kafka() {
  local libs="$STACK/kafka/libs" stamp="$STACK/kafka/libs.stamp"
  local want; want=$(sha256sum "$ROOT/scripts/kafka/pom.xml" | cut -c1-16)
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then info "Kafka broker jars present"; return 0; fi
  info "resolving the Kafka broker classpath from Maven Central (first run only)"
  rm -rf "$libs"
  mvn -B -q -f "$ROOT/scripts/kafka/pom.xml" dependency:copy-dependencies \
    -DoutputDirectory="$libs" -DincludeScope=runtime >"$LOGS/kafka-maven.log" 2>&1 \
    || { tail -30 "$LOGS/kafka-maven.log"; return 1; }
  echo "$want" >"$stamp"
  info "$(ls "$libs" | wc -l) jars"
}

# need_go_binary NAME MODULE LABEL HOW_LONG: builds NAME into .stack/bin with `go install MODULE`, unless
# that version is there already (a stamp beside it names the module it was built from).
need_go_binary() {
  local name="$1" module="$2" label="$3" stamp="$BIN/$1.module"
  if [ -x "$BIN/$name" ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$module" ]; then info "$label present"; return 0; fi
  command -v go >/dev/null || die "Go is needed to build $label (go install $module)"
  info "building $label with go install (first run only: $4)"
  GOBIN="$BIN" GOFLAGS=-trimpath go install "$module" >"$LOGS/$name-build.log" 2>&1 \
    || { tail -30 "$LOGS/$name-build.log"; return 1; }
  echo "$module" >"$stamp"
}
# The search engine (search-engine/, Rust on Tantivy), built with cargo into .stack/bin when its sources
# or lockfile changed since the last build (a stamp beside it names their hash).
search_engine_inputs_hash() {
  (cd "$ROOT/search-engine" && find Cargo.toml Cargo.lock src -type f | LC_ALL=C sort | xargs sha256sum) | sha256sum | cut -c1-16
}
need_search_engine() {
  local stamp="$BIN/search-engine.stamp" want
  want=$(search_engine_inputs_hash)
  if [ -x "$BIN/search-engine" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$want" ]; then info "search engine present"; return 0; fi
  command -v cargo >/dev/null || die "Rust's cargo is needed to build the search engine (search-engine/)"
  info "building the search engine with cargo (when its sources change; the first build takes a few minutes on 2 cores)"
  cargo build --release --locked --quiet --manifest-path "$ROOT/search-engine/Cargo.toml" --target-dir "$STACK/cargo" \
    >"$LOGS/search-engine-build.log" 2>&1 || { tail -30 "$LOGS/search-engine-build.log"; return 1; }
  mkdir -p "$BIN"
  # Copied, not linked: a running engine keeps its binary while the next build replaces the target's.
  cp -f "$STACK/cargo/release/search-engine" "$BIN/search-engine.new" && mv -f "$BIN/search-engine.new" "$BIN/search-engine"
  echo "$want" >"$stamp"
}
need_minio() { need_go_binary minio "$MINIO_MODULE" MinIO "several minutes on 2 cores"; }
need_mailpit() { need_go_binary mailpit "$MAILPIT_MODULE" Mailpit "a few minutes on 2 cores"; }

# ---------------------------------------------------------------- PostgreSQL

PGDATA="$STACK/postgres/data"
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
pg_ready() { "$(pg_bindir)/pg_isready" -q -h 127.0.0.1 -p "$PG_PORT"; }

start_postgres() {
  local bin; bin=$(pg_bindir)
  if pg_ready; then info "already running on $PG_PORT"; return 0; fi
  mkdir -p "$STACK/postgres"
  [ "$(id -u)" = 0 ] && chown postgres: "$STACK/postgres"
  if [ -f "$PGDATA/PG_VERSION" ] && [ "$(cat "$PGDATA/PG_VERSION")" != "$POSTGRES_MAJOR" ]; then
    die "$PGDATA was made by PostgreSQL $(cat "$PGDATA/PG_VERSION"), the pin is $POSTGRES_MAJOR: npm run stack:reset deletes it"
  fi
  if [ ! -f "$PGDATA/PG_VERSION" ]; then
    info "initdb (first run only)"
    local pw; pw=$(mktemp); echo careers >"$pw"; chmod 644 "$pw"
    as_pg "$bin/initdb" -D "$PGDATA" -U careers --pwfile="$pw" --auth-local=trust --auth-host=scram-sha-256 \
      -E UTF8 $POSTGRES_LOCALE >"$LOGS/postgres-initdb.log" 2>&1 || { rm -f "$pw"; tail -20 "$LOGS/postgres-initdb.log"; return 1; }
    rm -f "$pw"
    cat >>"$PGDATA/postgresql.conf" <<CONF
listen_addresses = '127.0.0.1'
port = $PG_PORT
unix_socket_directories = '$STACK/postgres'
max_connections = 300
shared_buffers = 256MB
# A local development stack: a crash may lose the last few hundred ms of commits, never corrupt.
synchronous_commit = off
CONF
  fi
  as_pg "$bin/pg_ctl" -D "$PGDATA" -l "$STACK/postgres/postgres.log" -w -t 60 start >/dev/null || { tail -20 "$STACK/postgres/postgres.log"; return 1; }
  wait_for "PostgreSQL" 60 pg_ready
  if ! PGPASSWORD=careers "$bin/psql" -h 127.0.0.1 -p "$PG_PORT" -U careers -d postgres -Atqc \
      "select 1 from pg_database where datname='careers'" | grep -q 1; then
    PGPASSWORD=careers "$bin/createdb" -h 127.0.0.1 -p "$PG_PORT" -U careers careers
  fi
  local collation; collation=$(PGPASSWORD=careers "$bin/psql" -h 127.0.0.1 -p "$PG_PORT" -U careers -d postgres -Atqc \
    "select datcollate from pg_database where datname='careers'")
  [ "$collation" = C ] || info "the careers database compares text by collation $collation, slower than C: npm run stack:reset makes it again (its data deleted)"
}
stop_postgres() { [ -f "$PGDATA/postmaster.pid" ] && as_pg "$(pg_bindir)/pg_ctl" -D "$PGDATA" -m fast -w stop >/dev/null 2>&1 || true; }

# ---------------------------------------------------------------- Redis

redis_ready() { redis-cli -h 127.0.0.1 -p "$REDIS_PORT" ping 2>/dev/null | grep -q PONG; }
start_redis() {
  if redis_ready; then info "already running on $REDIS_PORT"; return 0; fi
  mkdir -p "$STACK/redis"
  # Its Unix socket too (local_endpoints in lib/common.sh), for its owner only.
  redis-server --bind 127.0.0.1 --port "$REDIS_PORT" --dir "$STACK/redis" --daemonize yes \
    --pidfile "$RUN/redis.pid" --logfile "$LOGS/redis.log" $REDIS_PERSISTENCE --save "" --protected-mode yes \
    --unixsocket "$STACK/redis/redis.sock" --unixsocketperm 700
  wait_for "Redis" 30 redis_ready || { tail -20 "$LOGS/redis.log"; return 1; }
}
stop_redis() { redis-cli -h 127.0.0.1 -p "$REDIS_PORT" shutdown nosave >/dev/null 2>&1 || true; }

# ---------------------------------------------------------------- Kafka (KRaft, one combined node)

KAFKA_DIR="$STACK/kafka"
# The JVM's quick compiler only (-XX:TieredStopAtLevel=1): after each start the optimising compiler's
# work made the broker cost 0.30-0.32 ms of CPU per like in the bench's first run, 0.13-0.14 in the
# next; with the quick compiler alone it cost 0.13-0.14 in the first run and 0.11-0.13 after.
kafka_java() { java -Xms256m -Xmx768m -XX:+UseG1GC -XX:TieredStopAtLevel=1 -cp "$KAFKA_DIR/libs/*" \
  -Dlog4j2.configurationFile="$ROOT/scripts/config/kafka-log4j2.yaml" "$@"; }
kafka_ready() { port_open "$KAFKA_PORT" && grep -q 'Kafka Server started' "$LOGS/kafka.log"; }
start_kafka() {
  if pid_alive kafka && kafka_ready; then info "already running on $KAFKA_PORT"; return 0; fi
  port_open "$KAFKA_PORT" && die "port $KAFKA_PORT is taken by a process this stack did not start"
  { cat "$ROOT/scripts/config/kafka.properties"; echo "log.dirs=$KAFKA_DIR/data"; } >"$KAFKA_DIR/server.properties"
  if [ ! -f "$KAFKA_DIR/data/meta.properties" ]; then
    info "formatting KRaft storage (first run only)"
    kafka_java kafka.tools.StorageTool format -t "$KAFKA_CLUSTER_ID" -c "$KAFKA_DIR/server.properties" \
      >"$LOGS/kafka-format.log" 2>&1 || { tail -20 "$LOGS/kafka-format.log"; return 1; }
  fi
  : >"$LOGS/kafka.log"
  setsid nohup bash -c "$(declare -f kafka_java); KAFKA_DIR='$KAFKA_DIR' ROOT='$ROOT' kafka_java kafka.Kafka '$KAFKA_DIR/server.properties'" \
    >>"$LOGS/kafka.log" 2>&1 </dev/null &
  echo $! >"$RUN/kafka.pid"
  wait_for "Kafka" 90 kafka_ready || { grep -E 'ERROR|Exception' "$LOGS/kafka.log" | tail -10; return 1; }
}
stop_kafka() {
  if pid_alive kafka; then
    local pid; pid=$(cat "$RUN/kafka.pid")
    kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
    kill -KILL -- "-$pid" 2>/dev/null || true
  fi
  rm -f "$RUN/kafka.pid"
}

# ---------------------------------------------------------------- MinIO (S3-compatible)

minio_ready() { curl -fsS -m 2 "http://127.0.0.1:$MINIO_PORT/minio/health/live" >/dev/null 2>&1; }
start_minio() {
  if minio_ready; then info "already running on $MINIO_PORT"; return 0; fi
  mkdir -p "$STACK/minio/data"
  MINIO_ROOT_USER="$MINIO_USER" MINIO_ROOT_PASSWORD="$MINIO_PASSWORD" MINIO_BROWSER=off \
    setsid nohup "$BIN/minio" server "$STACK/minio/data" --quiet \
    --address "127.0.0.1:$MINIO_PORT" --console-address "127.0.0.1:$MINIO_CONSOLE_PORT" \
    >"$LOGS/minio.log" 2>&1 </dev/null &
  echo $! >"$RUN/minio.pid"
  wait_for "MinIO" 60 minio_ready || { tail -20 "$LOGS/minio.log"; return 1; }
}
stop_minio() { if pid_alive minio; then kill "$(cat "$RUN/minio.pid")" 2>/dev/null || true; fi; rm -f "$RUN/minio.pid"; }

# ---------------------------------------------------------------- Mailpit (SMTP and a web inbox)

mailpit_ready() { curl -fsS -m 2 "http://127.0.0.1:$MAILPIT_WEB_PORT/readyz" >/dev/null 2>&1; }
start_mailpit() {
  if mailpit_ready; then info "already running on $MAILPIT_SMTP_PORT (inbox http://localhost:$MAILPIT_WEB_PORT)"; return 0; fi
  mkdir -p "$STACK/mailpit"
  # Kept on disk (the newest 5,000 mails), so a restart keeps the inbox; SMTP on loopback without auth.
  setsid nohup "$BIN/mailpit" --database "$STACK/mailpit/mailpit.db" --max 5000 --quiet \
    --smtp "127.0.0.1:$MAILPIT_SMTP_PORT" --listen "127.0.0.1:$MAILPIT_WEB_PORT" \
    --smtp-auth-accept-any --smtp-auth-allow-insecure \
    >"$LOGS/mailpit.log" 2>&1 </dev/null &
  echo $! >"$RUN/mailpit.pid"
  wait_for "Mailpit" 60 mailpit_ready || { tail -20 "$LOGS/mailpit.log"; return 1; }
}
stop_mailpit() { if pid_alive mailpit; then kill "$(cat "$RUN/mailpit.pid")" 2>/dev/null || true; fi; rm -f "$RUN/mailpit.pid"; }

# ---------------------------------------------------------------- the search engine (Tantivy)

search_engine_ready() { curl -fsS -m 2 "http://127.0.0.1:$SEARCH_ENGINE_PORT/readyz" >/dev/null 2>&1; }
# The binary a running engine was started from: a newer build is started in its place.
start_search_engine() {
  if search_engine_ready && [ "$(cat "$RUN/search-engine.stamp" 2>/dev/null)" = "$(cat "$BIN/search-engine.stamp")" ]; then
    info "already running on $SEARCH_ENGINE_PORT"; return 0
  fi
  stop_search_engine
  mkdir -p "$STACK/search"
  # Writes not synced to disk, as the local Postgres runs with synchronous_commit = off: a crash of
  # the machine may lose the last ones (the projector refills an index whose count is off when it
  # starts); compose keeps the default, which syncs (search-engine/src/storage.rs).
  SEARCH_ENGINE_PORT="$SEARCH_ENGINE_PORT" SEARCH_DATA_DIR="$STACK/search" SEARCH_FSYNC=off \
    setsid nohup "$BIN/search-engine" >"$LOGS/search-engine.log" 2>&1 </dev/null &
  echo $! >"$RUN/search-engine.pid"
  cp "$BIN/search-engine.stamp" "$RUN/search-engine.stamp"
  wait_for "search engine" 30 search_engine_ready || { tail -20 "$LOGS/search-engine.log"; return 1; }
}
stop_search_engine() {
  if pid_alive search-engine; then
    local pid; pid=$(cat "$RUN/search-engine.pid")
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  fi
  rm -f "$RUN/search-engine.pid"
}

# ---------------------------------------------------------------- commands

up() {
  local t0; t0=$(now_ms)
  if [ ! -f "$STACK/.provisioned" ]; then
    printf '%s\n' "${BOLD}First run on this machine: installing Node 24, PostgreSQL, Redis, Chromium, nginx, the Kafka broker and building MinIO, Mailpit and the search engine. Expect 10-15 minutes; later runs take seconds.${RESET}"
  fi
  step "Node $NODE_VERSION" need_node
  step "Debian packages" need_debian_packages
  step "pinned versions" check_pinned_versions
  step "Kafka jars (Maven Central)" need_kafka
  step "MinIO binary (go install)" need_minio
  step "Mailpit binary (go install)" need_mailpit
  step "search engine (cargo build)" need_search_engine
  touch "$STACK/.provisioned"
  step "PostgreSQL :$PG_PORT" start_postgres
  step "Redis :$REDIS_PORT" start_redis
  step "Kafka :$KAFKA_PORT (KRaft)" start_kafka
  step "MinIO :$MINIO_PORT" start_minio
  step "Mailpit :$MAILPIT_SMTP_PORT (inbox :$MAILPIT_WEB_PORT)" start_mailpit
  step "search engine :$SEARCH_ENGINE_PORT" start_search_engine
  printf '%s\n' "${GREEN}Stack up${RESET} ${DIM}($(fmt_ms $(( $(now_ms) - t0 ))))${RESET}"
}

stop() {
  step "stop the search engine" stop_search_engine
  step "stop Mailpit" stop_mailpit
  step "stop MinIO" stop_minio
  step "stop Kafka" stop_kafka
  step "stop Redis" stop_redis
  step "stop PostgreSQL" stop_postgres
}

status() {
  local ok=0
  check() { if "$2" >/dev/null 2>&1; then printf '  %-11s %s\n' "$1" "${GREEN}up${RESET}"; else printf '  %-11s %s\n' "$1" "${RED}down${RESET}"; ok=1; fi; }
  check PostgreSQL pg_ready; check Redis redis_ready; check Kafka kafka_ready; check MinIO minio_ready
  check Mailpit mailpit_ready
  check Search search_engine_ready
  echo
  local processes
  mapfile -t processes < <(known_processes)
  services_status "${processes[@]}" || ok=1
  return $ok
}

reset() {
  stop
  step "remove data (Postgres, Redis, Kafka, MinIO, Mailpit, search)" rm -rf "$STACK/postgres" "$STACK/redis" "$KAFKA_DIR/data" "$STACK/minio" "$STACK/mailpit" "$STACK/search"
}

case "${1:-up}" in
  up) up ;;
  stop) stop ;;
  status) status ;;
  reset) reset ;;
  *) die "usage: scripts/stack.sh up|stop|status|reset" ;;
esac
