#!/usr/bin/env bash
# npm run loadtest: the k6 mixed scenario (bench/k6/mixed.js) against a running product. Builds k6 the
# first time (go install, into .stack/bin), starts the local product the way `npm start` does when the
# target is the local one and it is not running, runs the scenario, and exits with k6's status: non-zero
# when a threshold is missed or the scenario could not run.
#
#   npm run loadtest                                    # the local product (npm start, :5173)
#   BASE_URL=http://localhost:8080 npm run loadtest     # the docker-compose edge
#   LOADTEST_DURATION=5m LOADTEST_USERS=20 npm run loadtest
#
# Knobs are LOADTEST_* variables (bench/k6/mixed.js names them); extra arguments go to `k6 run`.
source "$(dirname "${BASH_SOURCE[0]}")/lib/services.sh"

LOCAL_URL="http://localhost:5173"
export BASE_URL="${BASE_URL:-$LOCAL_URL}"
BASE_URL="${BASE_URL%/}"
# The summary's folder, written by the scenario's handleSummary (k6 writes relative to its directory).
export LOADTEST_REPORT_DIR="${LOADTEST_REPORT_DIR:-$ROOT/bench/reports}"
mkdir -p "$LOADTEST_REPORT_DIR"

# The API answers through the edge: signed out, /api/auth/me is 401.
api_answers() {
  local code
  code=$(curl -sS -m 3 -o /dev/null -w '%{http_code}' "$BASE_URL/api/auth/me" 2>/dev/null) || return 1
  [ "$code" = 401 ] || [ "$code" = 200 ]
}

step "k6 binary (go install)" ensure_k6

if ! api_answers; then
  case "$BASE_URL" in
    "$LOCAL_URL" | http://127.0.0.1:5173)
      info "the product is not running: starting it (npm start)"
      bash "$ROOT/scripts/start.sh" || die "npm start failed"
      ;;
    *)
      die "$BASE_URL does not answer /api/auth/me: start that deployment first (docker compose up --build for http://localhost:8080), or leave BASE_URL unset for the local product"
      ;;
  esac
  wait_for "the API at $BASE_URL" 60 api_answers || die "$BASE_URL/api does not answer"
fi

cd "$ROOT"
args=()
# Progress bars only for a person watching.
[ -t 1 ] || args+=(--quiet)
printf '%s\n' "${BOLD}→ k6 mixed scenario against $BASE_URL${RESET}"
set +e
# No usage report: a load test talks to the product only.
K6_NO_USAGE_REPORT=true "$BIN/k6" run "${args[@]}" "$@" "$ROOT/bench/k6/mixed.js"
code=$?
set -e
if [ "$code" = 0 ]; then
  printf '%s\n' "${GREEN}✓ load test: every threshold held${RESET}"
elif [ "$code" = 99 ]; then
  printf '%s\n' "${RED}✗ load test: thresholds missed (above)${RESET}" >&2
else
  printf '%s\n' "${RED}✗ load test did not complete (k6 exit $code)${RESET}" >&2
fi
exit "$code"
