#!/usr/bin/env bash
# Shared helpers for the local stack scripts: paths, pinned versions, timed steps, health waits.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
STACK="${CAREERS_STACK_DIR:-$ROOT/.stack}"
RUN="$STACK/run"
LOGS="$STACK/logs"
BIN="$STACK/bin"
mkdir -p "$RUN" "$LOGS" "$BIN"
# Node keeps the compiled code of the modules it loaded here, for every process the scripts start and
# the processes those start: a service started again (a supervisor's restart, a test's process) loads
# its modules in about 0.3 s instead of 0.5 (docs/performance.md, "Restarts").
export NODE_COMPILE_CACHE="${NODE_COMPILE_CACHE:-$STACK/node-compile-cache}"

# Pinned versions. Change here only.
NODE_VERSION="24.21.0"
KAFKA_CLUSTER_ID="Yc2FyZWVycy1sb2NhbDAx"
# MinIO RELEASE.2025-10-15T17-29-55Z is refused by the Go module proxy (403, "This module version is
# not available"); the newest version the proxy serves is the archived repository's last commit.
MINIO_MODULE="github.com/minio/minio@v0.0.0-20260212201848-7aac2a2c5b7c"
# Mailpit: the local SMTP server and web inbox the mail sender writes to (docs/operations.md, "Email").
MAILPIT_MODULE="github.com/axllent/mailpit@v1.33.1"
# PostgreSQL and Redis come from Debian 12's packages; the stack refuses to start others, and
# docker-compose.yml runs the same (scripts/docker-compose.test.ts compares). Kafka's version is the one
# of scripts/kafka/pom.xml.
POSTGRES_MAJOR="15"
REDIS_VERSION="7.0"
# Text is compared byte by byte (collation C), which orders UTF-8 exactly as C.UTF-8 did (by code
# point), while upper(), lower() and ILIKE keep C.UTF-8's character classes. Postgres 15 treats only C
# as plain byte comparison: every comparison of an id in an index or a sort went through the C
# library's collation before (docs/performance.md, "The command path"). initdb of the local stack and of
# docker-compose.yml's image take the same arguments (scripts/docker-compose.test.ts compares).
POSTGRES_LOCALE="--locale=C.UTF-8 --lc-collate=C"
# Redis keeps an append-only file, written to disk every second: a restart or crash loses at most the
# last second of writes (docs/operations.md, "What survives what").
REDIS_PERSISTENCE="--appendonly yes --appendfsync everysec"

PG_PORT=5432
REDIS_PORT=6379
KAFKA_PORT=9092
KAFKA_CONTROLLER_PORT=9093
MINIO_PORT=9000
MINIO_CONSOLE_PORT=9001
MAILPIT_SMTP_PORT=1025
MAILPIT_WEB_PORT=8025
SEARCH_ENGINE_PORT=4006
# The secrets of this machine's stack, generated on the first run (scripts/secrets.sh) and exported to
# every process the scripts start; a service refuses to start outside the tests without them.
SECRETS_FILE="$STACK/secrets.env"
if [ ! -f "$SECRETS_FILE" ]; then
  if [ -f "$STACK/postgres/data/PG_VERSION" ]; then
    printf '%s\n' "  This stack's data was written with the built-in development secrets, which the services now refuse:" \
      "  personal data sealed with them stays unreadable under new ones. npm run stack:reset starts afresh." >&2
  fi
  bash "$ROOT/scripts/secrets.sh" "$SECRETS_FILE" >/dev/null
elif ! grep -q '^EDGE_SECRET=' "$SECRETS_FILE" || ! grep -q '^UNSUBSCRIBE_SECRET=' "$SECRETS_FILE"; then
  # Written before the project had this secret: it is appended, the others stay as they are.
  bash "$ROOT/scripts/secrets.sh" "$SECRETS_FILE" >/dev/null
fi
set -a
# shellcheck source=/dev/null
source "$SECRETS_FILE"
set +a
MINIO_USER="${S3_ACCESS_KEY:-careers}"
MINIO_PASSWORD="$S3_SECRET_KEY"

NODE_BIN_DIR="$STACK/node/node_modules/node/bin"
export PATH="$NODE_BIN_DIR:$ROOT/node_modules/.bin:$PATH"

if [ -t 1 ]; then BOLD=$'\e[1m'; DIM=$'\e[2m'; RED=$'\e[31m'; GREEN=$'\e[32m'; RESET=$'\e[0m'; else BOLD=; DIM=; RED=; GREEN=; RESET=; fi

now_ms() { date +%s%3N; }
fmt_ms() { awk -v ms="$1" 'BEGIN { if (ms < 1000) printf "%d ms", ms; else printf "%.1f s", ms / 1000 }'; }
info() { printf '%s\n' "${DIM}  $*${RESET}"; }
die() { printf '%s\n' "${RED}✗ $*${RESET}" >&2; exit 1; }

# step "Name" function args... : prints what runs and how long it took; fails loudly with the name.
step() {
  local name="$1"; shift
  local t0; t0=$(now_ms)
  printf '%s\n' "${BOLD}→ ${name}${RESET}"
  if "$@"; then
    printf '%s\n' "${GREEN}✓ ${name}${RESET} ${DIM}($(fmt_ms $(( $(now_ms) - t0 ))))${RESET}"
  else
    die "${name} failed (logs: ${LOGS})"
  fi
}

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# wait_for "what" timeout_seconds command... : polls until the command succeeds.
wait_for() {
  local what="$1" timeout="$2"; shift 2
  local deadline=$(( $(date +%s) + timeout ))
  until "$@" >/dev/null 2>&1; do
    if [ "$(date +%s)" -ge "$deadline" ]; then
      printf '%s\n' "${RED}  ${what} did not become healthy within ${timeout}s${RESET}" >&2
      return 1
    fi
    sleep 0.3
  done
}

# The services, tests and bench reach the stack's Postgres and Redis through their Unix sockets, once
# `stack.sh up` made them: a round trip over the loopback's TCP costs the machine about 70 µs of CPU
# (both ends), over the socket 50 (Postgres; Redis 45 against 30), and a like makes several (docs/performance.md,
# "The command path", for the bench's figures). Their TCP addresses (the services' defaults) stay
# for anything given DATABASE_URL or REDIS_URL, for a Redis started before it had a socket, and for a
# folder whose path a URL would have to escape.
local_endpoints() {
  local pg_socket="$STACK/postgres/.s.PGSQL.$PG_PORT" redis_socket="$STACK/redis/redis.sock"
  # Characters outside these would need escaping in a URL. (A socket exists only at a path short enough
  # for a socket address.)
  [[ "$STACK" =~ ^[A-Za-z0-9/._-]+$ ]] || return 0
  if [ -z "${DATABASE_URL:-}" ] && [ -S "$pg_socket" ]; then
    # libpq's form, which node-postgres and Python's drivers read too: a `host` that is a folder is
    # where the server's socket is, and the port names the socket in it.
    export DATABASE_URL="postgres://careers:careers@localhost:$PG_PORT/careers?host=$STACK/postgres"
  fi
  # ioredis connects to `path` when one is given, to the host and port otherwise.
  if [ -z "${REDIS_URL:-}" ] && [ -S "$redis_socket" ]; then
    export REDIS_URL="redis://127.0.0.1:$REDIS_PORT?path=$redis_socket"
  fi
}

# Whether the process recorded in $RUN/<name>.pid runs. `kill -0` alone is not enough: a killed service
# stays a zombie until its parent reaps it, and kill -0 succeeds on a zombie, so `npm start` right after a
# crash would report it running and start nothing.
pid_alive() {
  [ -f "$RUN/$1.pid" ] || return 1
  local pid state
  pid=$(cat "$RUN/$1.pid")
  kill -0 "$pid" 2>/dev/null || return 1
  [ -r "/proc/$pid/stat" ] || return 0
  # The state follows the command name in parentheses, which may itself hold spaces or parentheses.
  state=$(sed -E 's/^.*\) ([A-Za-z]) .*$/\1/' "/proc/$pid/stat" 2>/dev/null) || return 0
  [ "$state" != Z ] && [ "$state" != X ]
}

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else die "needs root to run: $*"; fi; }

APT_UPDATED=0
apt_install() {
  if [ "$APT_UPDATED" = 0 ]; then
    info "apt-get update"
    as_root apt-get update -qq >"$LOGS/apt.log" 2>&1 || { tail -20 "$LOGS/apt.log"; return 1; }
    APT_UPDATED=1
  fi
  info "apt-get install $*"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >>"$LOGS/apt.log" 2>&1 \
    || { tail -20 "$LOGS/apt.log"; return 1; }
}
