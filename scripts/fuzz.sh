#!/usr/bin/env bash
# npm run fuzz: schemathesis against the running product, through the edge, signed in as a fresh
# account. Starts what is not running (as npm start does), installs schemathesis when missing, then
# fuzzes every operation of docs/api/openapi.json: no 5xx, every error `{ message }`, nothing written
# by a refused request (the last two in scripts/fuzz-checks.py), and, beyond what npm test checks,
# that statuses, content types and bodies are the ones the document names. One worker, so the write
# check can tell which request wrote; keep other writers (a browser, a bench) away while it runs.
#
#   npm run fuzz                       # 25 examples per operation
#   npm run fuzz -- --max-examples=200 --seed=42   # any schemathesis option is passed on
#   FUZZ_URL=http://127.0.0.1:5174 npm run fuzz    # another edge (then nothing is started)
#   cd .stack/fuzz && ../schemathesis/bin/st replay <id>   # repeat a failure the run printed
source "$(dirname "${BASH_SOURCE[0]}")/lib/services.sh"

t0=$(now_ms)
if [ -z "${FUZZ_URL:-}" ]; then
  # Services this starts let the fuzzer past the per-user limits (raised, still checked); services
  # already running keep theirs, and their 429s are answers the document names.
  RATE_LIMIT_FACTOR="${RATE_LIMIT_FACTOR:-1000}" bash "$ROOT/scripts/start.sh" >"$LOGS/fuzz-start.log" 2>&1 || { tail -30 "$LOGS/fuzz-start.log"; die "npm start failed"; }
  info "the product runs (npm start; its output in $LOGS/fuzz-start.log)"
fi
step "fuzzing tools (schemathesis)" ensure_schemathesis
url="${FUZZ_URL:-http://127.0.0.1:${WEB_PORT:-5173}}"
wait_for "the edge at $url" 60 curl -fsS -m 2 "$url/" || die "nothing answers at $url"

# The event log the services write, from the same settings they read (environment over defaults).
cd "$ROOT"
read -r database_url event_log session_cookie < <(node --input-type=module -e '
  import { commandServiceEnv, ident, loadConfig, SESSION_COOKIE } from "@careers/service-kit";
  const config = loadConfig(commandServiceEnv, process.env);
  console.log(config.DATABASE_URL, `${ident(config.DB_SCHEMA)}.event_log`, SESSION_COOKIE);
')

# A new account per run: its session is the one every request carries.
email="fuzz-$(date +%s)-$RANDOM@example.com"
cookie_jar="$(mktemp)"
trap 'rm -f "$cookie_jar"' EXIT
status=$(curl -sS -o "$LOGS/fuzz-register.json" -w '%{http_code}' -c "$cookie_jar" \
  -H 'content-type: application/json' \
  --data "{\"firstName\":\"Fuzz\",\"lastName\":\"Tester\",\"email\":\"$email\",\"password\":\"Fuzzing-Password-1\",\"accountType\":\"employer\"}" \
  "$url/api/auth/register")
[ "$status" = 201 ] || die "registering $email answered $status: $(cat "$LOGS/fuzz-register.json")"
sid=$(awk -v name="$session_cookie" '$6 == name { print $7 }' "$cookie_jar")
[ -n "$sid" ] || die "registering $email set no session cookie"
info "signed in as $email"

printf '%s\n' "${BOLD}→ schemathesis (progress below; the report in $LOGS/fuzz-report/)${RESET}"
# schemathesis and hypothesis keep what they write (replays, the example database) in the directory
# they run in: .stack/, not the checkout.
mkdir -p "$STACK/fuzz" && cd "$STACK/fuzz"
set +e
SCHEMATHESIS_HOOKS="$ROOT/scripts/fuzz-checks.py" FUZZ_DATABASE_URL="$database_url" FUZZ_EVENT_LOG="$event_log" \
  "$FUZZ_VENV/bin/st" run "$ROOT/docs/api/openapi.json" \
  --url="$url" \
  --header="Cookie: $session_cookie=$sid" \
  --checks=not_a_server_error,error_body_is_message,refusal_writes_nothing,status_code_conformance,content_type_conformance,response_schema_conformance \
  --exclude-operation-id=logout \
  --workers=1 \
  --max-examples=25 \
  --request-timeout=10 \
  --report=junit,ndjson --report-dir="$LOGS/fuzz-report" \
  "$@"
code=$?
set -e
printf '%s\n' "${DIM}npm run fuzz took $(fmt_ms $(( $(now_ms) - t0 )))${RESET}"
exit $code
