#!/usr/bin/env bash
# npm run analytics: the analytics example (examples/analytics/) against the event topics. Starts the
# local stack when it is not running (and no other cluster is named), installs the example's venv when
# missing or when its requirements changed, then reads every topic from the beginning and prints the
# tables. Options go to the example:
#
#   npm run analytics                                  # text tables from the local Kafka
#   npm run -s analytics -- --json                     # one JSON object on stdout (-s: no npm banner)
#   npm run analytics -- --topic-prefix t.x.           # the topics of one test namespace
#   npm run analytics -- --db .stack/analytics.duckdb  # keep the DuckDB file to query it afterwards
#   KAFKA_BROKERS=host:9092 npm run analytics          # another cluster (then nothing is started)
#
# Everything but the example's own output goes to stderr, so --json output can be piped.
source "$(dirname "${BASH_SOURCE[0]}")/lib/services.sh"

{
  if [ -z "${KAFKA_BROKERS:-}" ] && ! port_open "$KAFKA_PORT"; then
    step "local stack" bash "$ROOT/scripts/stack.sh" up
  fi
  step "analytics consumer (python)" ensure_analytics
} >&2

# The brokers the services use: theirs from the environment, else the local stack's (the default of
# KAFKA_BROKERS in service-kit's config).
export KAFKA_BROKERS="${KAFKA_BROKERS:-127.0.0.1:$KAFKA_PORT}"
exec "$ANALYTICS_VENV/bin/python" -B "$ROOT/examples/analytics/analytics.py" "$@"
