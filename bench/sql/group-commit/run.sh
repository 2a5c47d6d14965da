#!/usr/bin/env bash
# Group commit, measured on Postgres alone (issue 56): the statements of a like as one transaction
# each, against sixteen likes a transaction, set-based. Needs the local stack (`npm start` or
# `bash scripts/stack.sh up`) and pgbench; writes to a scratch schema `gc` and drops it after.
# Prints each script's transactions a second and the machine's busy CPU over its window.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$here/../../../scripts/lib/services.sh"
local_endpoints
seconds="${GROUP_COMMIT_SECONDS:-10}"
export PGOPTIONS="-c client_min_messages=warning"
psql "$DATABASE_URL" -q -f "$here/schema.sql"
trap 'psql "$DATABASE_URL" -q -c "DROP SCHEMA IF EXISTS gc CASCADE"' EXIT
busy() { awk '/^cpu /{print $2+$3+$4, $5}' /proc/stat; }
for run in "single 16" "batch 1"; do
  set -- $run
  psql "$DATABASE_URL" -q -c "TRUNCATE gc.event_log, gc.event_outbox, gc.post_likes"
  read -r b0 i0 < <(busy)
  out=$(pgbench "$DATABASE_URL" -n -c "$2" -j 1 -T "$seconds" -f "$here/$1.sql" 2>&1)
  read -r b1 i1 < <(busy)
  tps=$(sed -n 's/^tps = \([0-9.]*\).*/\1/p' <<<"$out")
  per=$([ "$1" = batch ] && echo 16 || echo 1)
  awk -v s="$1" -v c="$2" -v tps="$tps" -v per="$per" -v busy="$((b1 - b0))" -v idle="$((i1 - i0))" \
    -v cores="$(nproc)" 'BEGIN {
      likes = tps * per; share = busy / (busy + idle)
      printf "%s (%d at once): %.0f likes/s, machine busy %.0f%% of %d cores, %.3f ms of CPU a like\n",
        s, c, likes, share * 100, cores, share * cores * 1000 / likes
    }'
done
