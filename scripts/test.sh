#!/usr/bin/env bash
# npm test: every test against the same real services as npm start (Postgres, Redis, Kafka, MinIO on
# loopback), plus lint and type checks. Extra arguments go to vitest (e.g. npm test -- --project contracts).
source "$(dirname "${BASH_SOURCE[0]}")/lib/services.sh"

t0=$(now_ms)
if [ "${CAREERS_STACK:-local}" = containers ]; then
  # For machines with Docker: the four dependencies in containers via testcontainers.
  step "npm dependencies" ensure_node_modules
  node "$ROOT/scripts/testcontainers-stack.ts" >"$STACK/containers.env" 2>"$LOGS/testcontainers.log" &
  tc_pid=$!
  trap 'kill $tc_pid 2>/dev/null || true' EXIT
  wait_for "testcontainers" 300 grep -q '# containers ready' "$STACK/containers.env" || { tail -20 "$LOGS/testcontainers.log"; exit 1; }
  set -a; source "$STACK/containers.env"; set +a
else
  bash "$ROOT/scripts/stack.sh" up
  local_endpoints
  step "npm dependencies" ensure_node_modules
fi
cd "$ROOT"
# The test schemas a killed run left held, emptied for this one (service-kit/src/test-schemas.ts).
step "test schemas" node scripts/lib/sweep-test-schemas.ts
step "fuzzing tools (schemathesis)" ensure_schemathesis
step "analytics consumer (python)" ensure_analytics
step "load generator (k6, go install)" ensure_k6
# The browser tests run the built app behind the production edge (e2e/topology.ts), as npm start does.
step "frontend build (vite)" ensure_frontend_build
# The fault suite starts the projector and the gateway from their bundles, as npm start does.
step "projector and gateway bundles (rolldown)" ensure_service_bundles

lint() {
  step "lint and format (biome)" npx biome check --diagnostic-level=error .
  step "format (rustfmt, the search engine)" cargo fmt --check --manifest-path search-engine/Cargo.toml
  step "unit tests (cargo test, the search engine)" \
    cargo test --release --locked --quiet --manifest-path search-engine/Cargo.toml --target-dir "$STACK/cargo"
}
typecheck() {
  # Incremental: a warm run checks again only what changed since the last (about 7 s instead of 60).
  mkdir -p "$STACK/tsc"
  step "type check (services, contracts, tests)" \
    npx tsc -p tsconfig.json --incremental --tsBuildInfoFile "$STACK/tsc/services.tsbuildinfo"
  step "type check (frontend)" \
    npx tsc -p frontend/tsconfig.json --incremental --tsBuildInfoFile "$STACK/tsc/frontend.tsbuildinfo"
}

# Three lanes at once, and the type checks beside them. Vitest runs projects without file parallelism
# (the browser tests share one copy of the product and one Chromium; the fault run drives its own
# processes) one file at a time, after every parallel file: in one process that was a long tail on one
# worker. Here each runs in a vitest of its own beside the parallel projects, whose output is the one on
# screen. The fault run mostly waits for killed processes to come back, so it costs the others little.
results="$STACK/test-results.json"
serial_results="$STACK/test-results-serial.json"
faults_results="$STACK/test-results-faults.json"
serial_log="$LOGS/test-serial.log"
faults_log="$LOGS/test-faults.log"
types_log="$LOGS/test-types.log"
rm -f "$results" "$serial_results" "$faults_results"
set +e
if [ $# -eq 0 ]; then
  # Each in a process group of its own (setsid), so that a failed check or Ctrl-C stops the whole lane:
  # killing npx alone left vitest, the product it started for the browser tests and Chromium running.
  test_pids="$STACK/test-processes.pids"
  rm -f "$test_pids"
  background_lane() { # log, command...
    local log=$1
    shift
    CAREERS_TEST_PIDS="$test_pids" $(command -v setsid || true) "$@" >"$log" 2>&1 &
  }
  printf '%s\n' "${BOLD}→ vitest, browser lane in the background: ${serial_log#"$ROOT"/}${RESET}"
  background_lane "$serial_log" npx vitest run --project e2e \
    --reporter=default --reporter=json --outputFile.json="$serial_results"
  serial_pid=$!
  printf '%s\n' "${BOLD}→ vitest, fault run in the background: ${faults_log#"$ROOT"/}${RESET}"
  background_lane "$faults_log" npx vitest run --project faults \
    --reporter=default --reporter=json --outputFile.json="$faults_results"
  faults_pid=$!
  stop_lanes() {
    for pid in ${serial_pid:-} ${faults_pid:-} ${types_pid:-}; do
      kill -- -"$pid" 2>/dev/null || kill "$pid" 2>/dev/null || true
    done
    # What their tests started in process groups of their own (the product for the browser tests, the
    # fault run's services and private Kafka): recordTestProcess in service-kit/src/testing.ts.
    if [ -f "$test_pids" ]; then
      while read -r pid; do kill -- -"$pid" 2>/dev/null || true; done <"$test_pids"
    fi
    rm -f "$test_pids"
  }
  trap 'stop_lanes; kill ${tc_pid:-} 2>/dev/null || true' EXIT
  # Lint first (about 11 s; a failure stops everything, as step exits), then the type checks (about a
  # minute when much changed) beside the parallel lane rather than before it, once they have run before.
  set -e
  lint
  set +e
  if [ -f "$STACK/tsc/services.tsbuildinfo" ] && [ -f "$STACK/tsc/frontend.tsbuildinfo" ]; then
    printf '%s\n' "${BOLD}→ type checks in the background: ${types_log#"$ROOT"/}${RESET}"
    (typecheck) >"$types_log" 2>&1 &
    types_pid=$!
  else
    # A first run checks everything (about 400 s of CPU on one core beside the lanes): before the
    # parallel lane, as beside it that slowed compute-only tests past their limits on a clean clone.
    rm -f "$types_log"
    typecheck
  fi
  printf '%s\n' "${BOLD}→ vitest, parallel lane (unit, integration against the local stack)${RESET}"
  # Most of these files wait on Kafka, Postgres and child processes far more than they compute: three
  # at a time keep two cores busy (vitest's default is one fewer than the cores).
  npx vitest run --project '!e2e' --project '!faults' --maxWorkers=3 \
    --reporter=default --reporter=json --outputFile.json="$results"
  code=$?
  printf '%s\n' "${BOLD}→ waiting for the type checks, the browser lane and the fault run${RESET}"
  types_code=0
  if [ -n "${types_pid:-}" ]; then
    wait "$types_pid"
    types_code=$?
  fi
  wait $serial_pid
  serial_code=$?
  wait $faults_pid
  faults_code=$?
  # Also what a test left running when it failed before its own clean-up (a fault run that timed out).
  stop_lanes
  trap 'kill ${tc_pid:-} 2>/dev/null || true' EXIT
  # Failures in full, as printed; otherwise a summary.
  if [ $types_code -ne 0 ]; then cat "$types_log"; elif [ -f "$types_log" ]; then grep -E '✓' "$types_log"; fi
  for lane in "$serial_log:$serial_code" "$faults_log:$faults_code"; do
    if [ "${lane##*:}" -ne 0 ]; then cat "${lane%:*}"; else grep -E 'Test Files|Tests |Duration' "${lane%:*}"; fi
  done
  for c in $types_code $serial_code $faults_code; do [ $code -ne 0 ] || code=$c; done
else
  lint
  typecheck
  # Extra arguments pick projects or files: one vitest, as given.
  printf '%s\n' "${BOLD}→ vitest${RESET}"
  npx vitest run --reporter=default --reporter=json --outputFile.json="$results" "$@"
  code=$?
fi
set -e
if [ -f "$results" ]; then
  node -e '
    const fs = require("node:fs");
    const path = require("node:path");
    const [root, ...files] = process.argv.slice(1);
    const runs = files.filter((f) => fs.existsSync(f)).map((f) => JSON.parse(fs.readFileSync(f, "utf8")));
    const sum = (key) => runs.reduce((n, r) => n + r[key], 0);
    // The ten slowest files, where a shorter run would start.
    const slowest = runs
      .flatMap((r) => r.testResults)
      .map((f) => ({ name: path.relative(root, f.name), ms: f.endTime - f.startTime }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 10);
    console.log("\nslowest files:");
    for (const f of slowest) console.log(`  ${(f.ms / 1000).toFixed(1).padStart(6)} s  ${f.name}`);
    const skipped = sum("numPendingTests") + sum("numTodoTests");
    console.log(`\n${sum("numTotalTests")} tests: ${sum("numPassedTests")} passed, ${sum("numFailedTests")} failed, ${skipped} skipped`);
    // A file can fail with no test failed: its beforeAll or afterAll threw, and its tests count as skipped.
    const failedFiles = runs.flatMap((r) => r.testResults).filter((f) => f.status === "failed");
    if (failedFiles.length > 0) {
      console.log(`${failedFiles.length} test files failed:`);
      for (const f of failedFiles) console.log(`  ${path.relative(root, f.name)}`);
    }
  ' "$ROOT" "$results" "$serial_results" "$faults_results"
fi
printf '%s\n' "${DIM}npm test took $(fmt_ms $(( $(now_ms) - t0 )))${RESET}"
exit $code
