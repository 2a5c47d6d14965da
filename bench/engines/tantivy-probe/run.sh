#!/usr/bin/env bash
# Job search on Tantivy (a Rust library: BM25, block-max WAND, counts from its posting lists), for
# issue 57's choice of engine, beside `npm run -w bench search-engines` (Postgres, GIN against RUM).
# Writes the bench's seeded job board (SEARCH_ENGINES_JOBS, 50,000 by default) to a temporary file,
# indexes it with the same three weighted fields (title, skills and company, description) and times,
# per query, the top 20, the exact count, and both (median of five). Needs cargo (the first build
# takes a few minutes); nothing of the product runs.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$here/../../../scripts/lib/services.sh"
jobs="${SEARCH_ENGINES_JOBS:-50000}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
step "job board ($jobs jobs)" "$NODE_BIN_DIR/node" "$ROOT/bench/src/job-board-tsv.ts" "$jobs" "$work/jobs.tsv"
step "tantivy probe (cargo build)" cargo build --release --quiet --manifest-path "$here/Cargo.toml" --target-dir "$STACK/cargo"
"$STACK/cargo/release/tantivy_probe" "$work/jobs.tsv" "$work/index"
