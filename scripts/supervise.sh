#!/usr/bin/env bash
# Keeps one of the product's processes running: scripts/supervise.sh [--watcher] NAME COMMAND...
#
# Runs COMMAND in its own process group and starts it again whenever it ends (a crash, a SIGKILL, an
# out-of-memory kill), after a pause that doubles from SUPERVISE_BACKOFF_MIN_MS (1 s) up to
# SUPERVISE_BACKOFF_MAX_MS (30 s) and falls back to the minimum once a run stayed up
# SUPERVISE_RESET_AFTER_MS (60 s). SIGTERM, SIGINT or SIGHUP stop the process group, then the supervisor.
#
# --watcher: COMMAND is `node --watch ...`, which outlives the program it watches: when the program
# crashes, the watcher waits for a file change with no child process, looking alive while nothing runs.
# Such a watcher counts as ended once it has had no child for SUPERVISE_WATCHER_GRACE_MS (3 s; a restart
# after an edit replaces the child within milliseconds).
#
# Files: $RUN/NAME.supervisor.pid (this script), $RUN/NAME.pid (the current process), $RUN/NAME.started
# (when it was started, epoch ms), $RUN/NAME.restarts (restarts since `npm start`), and every restart
# is logged to $LOGS/NAME.log next to the process's own output.
source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
# The loop decides what a failure means; a failing command must not end the supervisor.
set +e

watcher=0
if [ "${1:-}" = --watcher ]; then watcher=1; shift; fi
[ "$#" -ge 2 ] || die "usage: scripts/supervise.sh [--watcher] NAME COMMAND..."
name="$1"; shift

backoff_min=${SUPERVISE_BACKOFF_MIN_MS:-1000}
backoff_max=${SUPERVISE_BACKOFF_MAX_MS:-30000}
reset_after=${SUPERVISE_RESET_AFTER_MS:-60000}
watcher_grace=${SUPERVISE_WATCHER_GRACE_MS:-3000}
log="$LOGS/$name.log"

say() { printf '[supervise %s] %s %s\n' "$(date -u +%Y-%m-%dT%H:%M:%S.%3NZ)" "$name" "$*" >>"$log"; }
seconds() { awk -v ms="$1" 'BEGIN { printf "%.1f", ms / 1000 }'; }

stopping=0
trap 'stopping=1' TERM INT HUP
echo $$ >"$RUN/$name.supervisor.pid"
[ -f "$RUN/$name.restarts" ] || echo 0 >"$RUN/$name.restarts"

child=""
# Ends the whole process group of the current run: `node --watch` and `npm run` leave children that
# would otherwise keep the port after their parent died.
stop_group() {
  [ -n "$child" ] || return 0
  kill -TERM -- "-$child" 2>/dev/null
  for _ in $(seq 1 50); do kill -0 -- "-$child" 2>/dev/null || break; sleep 0.1; done
  kill -KILL -- "-$child" 2>/dev/null
  wait "$child" 2>/dev/null
}

# Whether a watcher has had no child process for the grace period (its program ended).
childless_since=""
watcher_idle() {
  [ "$watcher" = 1 ] || return 1
  if pgrep -P "$child" >/dev/null 2>&1; then childless_since=""; return 1; fi
  [ -n "$childless_since" ] || childless_since=$(now_ms)
  [ $(( $(now_ms) - childless_since )) -ge "$watcher_grace" ]
}

describe_exit() {
  if [ "$1" -gt 128 ]; then echo "was killed by SIG$(kill -l $(( $1 - 128 )) 2>/dev/null || echo "$(( $1 - 128 ))")"
  else echo "exited with code $1"; fi
}

backoff=$backoff_min
while [ "$stopping" = 0 ]; do
  # setsid: the run leads its own process group (the supervisor is not a group leader's child here, so
  # setsid execs in place and $! is the process itself).
  setsid "$@" >>"$log" 2>&1 </dev/null &
  child=$!
  started=$(now_ms)
  echo "$child" >"$RUN/$name.pid"
  echo "$started" >"$RUN/$name.started"
  childless_since=""

  why=""
  while [ "$stopping" = 0 ] && [ -z "$why" ]; do
    # Returns when the process ends or at once on a stop signal; a watcher is also looked at each
    # second (a ticker process), to see whether its program still runs.
    ticker=()
    if [ "$watcher" = 1 ]; then sleep 1 & ticker=("$!"); fi
    wait -n -p ended "$child" "${ticker[@]}" 2>/dev/null
    code=$?
    if [ "${ended:-}" = "$child" ]; then
      why=$(describe_exit "$code")
    elif [ "$stopping" = 0 ] && watcher_idle; then
      why="has been waiting for a file change since its program ended"
    fi
    if [ "${#ticker[@]}" = 1 ]; then kill "${ticker[0]}" 2>/dev/null; wait "${ticker[0]}" 2>/dev/null; fi
    unset ended
  done
  [ "$stopping" = 0 ] || break
  stop_group

  up=$(( $(now_ms) - started ))
  [ "$up" -lt "$reset_after" ] || backoff=$backoff_min
  restarts=$(( $(cat "$RUN/$name.restarts" 2>/dev/null || echo 0) + 1 ))
  say "pid $child $why after $(seconds "$up") s; restart $restarts in $(seconds "$backoff") s"
  echo "$restarts" >"$RUN/$name.restarts"
  sleep "$(seconds "$backoff")" &
  wait $!
  kill $! 2>/dev/null
  backoff=$(( backoff * 2 > backoff_max ? backoff_max : backoff * 2 ))
done

say "stopping pid $child"
stop_group
say "stopped"
# The supervisor's own pid file stays (a dead pid reads as stopped): service_stop removes it once it
# has seen the supervisor end, so it never reads a file that vanishes under it.
rm -f "$RUN/$name.pid" "$RUN/$name.started"
