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
step "fuzzing tools (schemathesis)" ensure_schemathesis
step "analytics consumer (python)" ensure_analytics
step "load generator (k6, go install)" ensure_k6
step "lint and format (biome)" npx biome check --diagnostic-level=error .
step "type check (services, contracts, tests)" npx tsc -p tsconfig.json
step "type check (frontend)" npx tsc -p frontend/tsconfig.json
# The browser tests run the built app behind the production edge (e2e/topology.ts), as npm start does.
step "frontend build (vite)" ensure_frontend_build

results="$STACK/test-results.json"
rm -f "$results"
printf '%s\n' "${BOLD}→ vitest (unit, integration against the local stack, browser)${RESET}"
set +e
npx vitest run --reporter=default --reporter=json --outputFile.json="$results" "$@"
code=$?
set -e
if [ -f "$results" ]; then
  node -e '
    const r = JSON.parse(require("node:fs").readFileSync(process.argv[1], "utf8"));
    // The ten slowest files, where a shorter run would start.
    const files = r.testResults
      .map((f) => ({ name: require("node:path").relative(process.argv[2], f.name), ms: f.endTime - f.startTime }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 10);
    console.log("\nslowest files:");
    for (const f of files) console.log(`  ${(f.ms / 1000).toFixed(1).padStart(6)} s  ${f.name}`);
    console.log(`\n${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped`);
  ' "$results" "$ROOT"
fi
printf '%s\n' "${DIM}npm test took $(fmt_ms $(( $(now_ms) - t0 )))${RESET}"
exit $code
